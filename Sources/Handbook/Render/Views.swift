import Mustache

/// The views templates read that several pages share, and the list of every view type, from
/// which `TemplateSet` learns which keys a template may name.
enum TemplateViews {
    /// Every view type the renderer gives templates.
    static let all: [any MustacheView.Type] = [
        LayeredView.self, ItemsView.self, StringsView.self, StringsLangView.self, UITextView.self, LinkView.self,
        PageBaseView.self, LanguageLinkView.self, AlternateView.self, NavItemView.self, CrumbView.self,
        ContentPageView.self, GeneratedPageView.self, EPUBLinkView.self, ChangedPartsView.self, TextLangView.self,
        TOCItemView.self, PracticeView.self, WCAGCriterionLinkView.self, SectionView.self, ProgramDetailView.self,
        ProgramRowView.self, PagerView.self, RootView.self, RootLanguageView.self, PrincipleView.self,
        CategoryView.self, AlphabeticalIndex.GroupView.self, AlphabeticalIndex.TermView.self,
        TranslationStatus.LanguageView.self, TranslationStatus.PageLinkView.self, SourceNoteGroupView.self,
        SourceNoteView.self, SinglePageEdition.EditionView.self, SinglePageEdition.EntryView.self,
        SinglePageEdition.ContentsLineView.self, SinglePageEdition.PartLinkView.self, SinglePageEdition.PartView.self,
        SinglePageEdition.NoticeView.self,
        WCAGMap.MapView.self, WCAGMap.CountView.self, WCAGMap.HeadingView.self,
        WCAGMap.CriterionView.self, WCAGMap.NotCoveredView.self, AuditChecklist.ChecklistView.self,
        AuditChecklist.GroupView.self, AuditChecklist.CriterionView.self, AuditChecklist.LevelView.self,
        HostingPages.RedirectView.self, HostingPages.NotFoundView.self, HostingPages.MessageView.self,
        ReferencedByView.self, SourceNotesView.self, AuditChecklist.LineView.self, LinkLineView.self, GuideReferenceView.self,
    ]

    /// Every key some view provides.
    static let keys: Set<String> = Set(all.flatMap { $0.keys })
}

/// Views looked up in order, the first that has a key answering: a page's own fields over the
/// fields every page has.
struct LayeredView: MustacheView, Equatable {
    static let keys: [String] = []
    let layers: [any MustacheView]

    func value(for key: String) -> MustacheValue? {
        for layer in layers {
            if let value = layer.value(for: key) { return value }
        }
        return nil
    }

    static func == (lhs: LayeredView, rhs: LayeredView) -> Bool {
        lhs.layers.count == rhs.layers.count && zip(lhs.layers, rhs.layers).allSatisfy { $0.isEqual(to: $1) }
    }
}

/// A list that a template shows only when it has items: `{{#list}}<ul>{{#items}}…{{/items}}</ul>{{/list}}`.
struct ItemsView: FieldedView, Equatable {
    static let fields: [ViewField<ItemsView>] = [ViewField("items") { view in .array(view.items) }]
    let items: [MustacheValue]

    /// The list as a template value, or `.null` when it is empty.
    static func list(_ items: [MustacheValue]) -> MustacheValue { items.isEmpty ? .null : .view(ItemsView(items: items)) }
}

/// `{{strings.key}}`: the UI strings of one language (keys are checked against strings.yaml).
struct StringsView: MustacheView, Equatable {
    static let keys: [String] = []
    let strings: UIStrings

    func value(for key: String) -> MustacheValue? { strings.values[key].map(MustacheValue.string) }
}

/// `{{#strings_lang.key}} lang="{{.}}"{{/strings_lang.key}}`: the tag of a string that is English
/// fallback, else `false`; every key of the table answers, so a lookup never falls through.
struct StringsLangView: MustacheView, Equatable {
    static let keys: [String] = []
    let strings: UIStrings

    func value(for key: String) -> MustacheValue? { strings.values[key] == nil ? nil : strings.lang(of: key) }
}

/// A link to a page of the site, with its number and title; some lists add a field or two.
struct LinkView: FieldedView, Equatable {
    static let fields: [ViewField<LinkView>] = [
        ViewField("href") { view in .string(view.href) },
        ViewField("id") { view in .string(view.id) },
        ViewField("number") { view in view.number },
        ViewField("title") { view in .string(view.title) },
        ViewField("summary") { view in .string(view.summary) },
        ViewField("lang") { view in view.lang },
        ViewField("label") { view in view.label.map(MustacheValue.string) },
        ViewField("last") { view in view.last.map(MustacheValue.bool) },
        ViewField("platform") { view in view.platform },
        ViewField("children") { view in view.children },
        ViewField("wcag") { view in view.wcag },
    ]
    var href: String
    var id: String
    /// Shown before the title; generated pages have a slug, not a number, so they show none (`false`).
    var number: MustacheValue
    var title: String
    var summary: String
    /// The target's content language when it differs from the page's, else `false`.
    var lang: MustacheValue
    /// The label of an A–Z index line (the title with its number, or the number alone).
    var label: String?
    /// Whether this is the last of an A–Z entry's pages.
    var last: Bool?
    /// A section tree's platform name (or `false`) and children (or `false`).
    var platform: MustacheValue?
    var children: MustacheValue?
    /// A checklist line's WCAG criteria (or `false`).
    var wcag: MustacheValue?
}

/// A text and the `lang` it needs (`false` when it is in the page's language).
struct TextLangView: FieldedView, Equatable {
    static let fields: [ViewField<TextLangView>] = [
        ViewField("text") { view in .string(view.text) },
        ViewField("lang") { view in view.lang },
    ]
    let text: String
    let lang: MustacheValue
}
