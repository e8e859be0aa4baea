import Mustache

/// The views of content pages and the generated lists that `ContextBuilder` fills.

/// The fields of a content page beyond those every page has.
struct ContentPageView: FieldedView, Equatable {
    static let fields: [ViewField<ContentPageView>] = [
        ViewField("body") { view in .string(view.body.html) },
        // A practice opens with its introduction, before its facts and "On this page", so that a
        // phone shows prose on the first screen: the body up to its first `h2`, and the rest.
        ViewField("intro") { view in let html = view.body.html; return .string(String(html[..<ContentPageView.introEnd(of: html)])) },
        ViewField("body_rest") { view in let html = view.body.html; return .string(String(html[ContentPageView.introEnd(of: html)...])) },
        ViewField("summary") { view in .string(view.summary) },
        ViewField("referenced_by") { view in view.referencedBy },
        ViewField("toc") { view in view.toc },
        ViewField("notice_changes") { view in view.noticeChanges },
        ViewField("practice") { view in view.practice },
        ViewField("section") { view in view.section },
        ViewField("principles") { view in view.principles },
        ViewField("epub") { view in view.epub },
        ViewField("source_notes") { view in view.sourceNotes },
        ViewField("updated") { view in view.updated.map(MustacheValue.string) ?? .null },
    ]
    let body: PagePlacedBody
    let summary: String
    let referencedBy: MustacheValue
    let toc: MustacheValue
    var noticeChanges: MustacheValue?
    var practice: MustacheValue?
    var section: MustacheValue?
    var principles: MustacheValue?
    var epub: MustacheValue?
    var sourceNotes: MustacheValue?
    /// "Last updated 1 December 2026": the page's `reviewed:` day, else when the content last changed (site.yaml's `modified`).
    var updated: String?

    /// Where the first `h2` of `body` starts, or the row that holds it with its link.
    private static func introEnd(of body: String) -> String.Index {
        let heading = BodyRenderer.find("<h2", in: body[...])?.lowerBound ?? body.startIndex
        let row = BodyRenderer.find("<div class=\"heading-row\"><h2", in: body[...])?.lowerBound
        return row.map { min($0, heading) } ?? heading
    }
}

/// The fields of a generated page that are not given by an edition, a map or a checklist.
struct GeneratedPageView: FieldedView, Equatable {
    static let fields: [ViewField<GeneratedPageView>] = [
        ViewField("principles") { view in view.principles },
        ViewField("chapters") { view in view.chapters },
        ViewField("groups") { view in view.groups },
        ViewField("languages_status") { view in view.languagesStatus },
        ViewField("epub") { view in view.epub },
    ]
    var principles: MustacheValue?
    var chapters: MustacheValue?
    var groups: MustacheValue?
    var languagesStatus: MustacheValue?
    var epub: MustacheValue?
}

/// The link to a language's EPUB edition, with its size in the text.
struct EPUBLinkView: FieldedView, Equatable {
    static let fields: [ViewField<EPUBLinkView>] = [
        ViewField("href") { view in .string(view.href) },
        ViewField("text") { view in .string(view.text) },
        ViewField("lang") { view in view.lang },
    ]
    let href: String
    let text: String
    let lang: MustacheValue
}

/// What changed in the English of an outdated translation, and the link to it.
struct ChangedPartsView: FieldedView, Equatable {
    static let fields: [ViewField<ChangedPartsView>] = [
        ViewField("label") { view in .string(view.label) },
        ViewField("label_lang") { view in view.labelLang },
        ViewField("parts") { view in view.parts },
        ViewField("href") { view in .string(view.href) },
        ViewField("hreflang") { view in .string(view.hreflang) },
        ViewField("link") { view in .string(view.link) },
        ViewField("link_lang") { view in view.linkLang },
    ]
    let label: String
    let labelLang: MustacheValue
    let parts: MustacheValue
    let href: String
    let hreflang: String
    let link: String
    let linkLang: MustacheValue
}

/// One line of "On this page".
struct TOCItemView: FieldedView, Equatable {
    static let fields: [ViewField<TOCItemView>] = [
        ViewField("anchor") { view in .string(view.anchor) },
        ViewField("text") { view in .string(view.text) },
        ViewField("lang") { view in view.lang },
    ]
    let anchor: String
    let text: String
    let lang: MustacheValue
}

/// Back-links grouped by kind, each group `.null` when empty.
struct ReferencedByView: FieldedView, Equatable {
    static let fields: [ViewField<ReferencedByView>] = [
        ViewField("practices") { view in view.practices },
        ViewField("sections") { view in view.sections },
        ViewField("pages") { view in view.pages },
    ]
    let practices: MustacheValue
    let sections: MustacheValue
    let pages: MustacheValue
}

/// A practice page's own fields.
struct PracticeView: FieldedView, Equatable {
    static let fields: [ViewField<PracticeView>] = [
        ViewField("id") { view in .string(view.id) },
        ViewField("principle") { view in .string(view.principle) },
        ViewField("principle_lang") { view in view.principleLang },
        ViewField("principle_href") { view in .string(view.principleHref) },
        ViewField("sections") { view in view.sections },
        ViewField("guide_sections") { view in view.guideSections },
        ViewField("derived_sections") { view in view.derivedSections },
        ViewField("category") { view in view.category.map { .string($0.text) } },
        ViewField("category_lang") { view in view.category?.lang },
        ViewField("adoption") { view in view.adoption.map(MustacheValue.string) },
        ViewField("wcag") { view in view.wcag },
        ViewField("pager") { view in view.pager },
    ]
    let id: String
    let principle: String
    let principleLang: MustacheValue
    let principleHref: String
    let sections: MustacheValue
    let guideSections: MustacheValue
    let derivedSections: MustacheValue
    let pager: MustacheValue
    /// The category's name and the `lang` it needs; absent for a practice without one.
    var category: TextLangView?
    var adoption: String?
    var wcag: MustacheValue?
}

/// A WCAG success criterion a practice maps to, linking into the WCAG map.
struct WCAGCriterionLinkView: FieldedView, Equatable {
    static let fields: [ViewField<WCAGCriterionLinkView>] = [
        ViewField("number") { view in .string(view.number) },
        ViewField("name") { view in .string(view.name) },
        ViewField("name_lang") { view in view.nameLang },
        ViewField("level") { view in .string(view.level) },
        ViewField("href") { view in .string(view.href) },
    ]
    let number: String
    let name: String
    let nameLang: MustacheValue
    let level: String
    let href: String
}

/// A section page's own fields.
struct SectionView: FieldedView, Equatable {
    static let fields: [ViewField<SectionView>] = [
        ViewField("number") { view in .string(view.number) },
        ViewField("platform") { view in view.platform },
        ViewField("platform_lang") { view in view.platformLang },
        ViewField("practices") { view in view.practices },
        ViewField("related") { view in view.related },
        ViewField("children") { view in view.children },
        ViewField("program_details") { view in view.programDetails.map(MustacheValue.array) },
        ViewField("pager") { view in view.pager },
    ]
    let number: String
    let platform: MustacheValue
    let platformLang: MustacheValue
    let practices: MustacheValue
    /// The sections `related:` names, under "Related sections".
    let related: MustacheValue
    let children: MustacheValue
    let pager: MustacheValue
    var programDetails: [MustacheValue]?
}

/// One program-details table.
struct ProgramDetailView: FieldedView, Equatable {
    static let fields: [ViewField<ProgramDetailView>] = [
        ViewField("caption") { view in .string(view.caption) },
        ViewField("caption_lang") { view in view.captionLang },
        ViewField("rows") { view in .array(view.rows) },
    ]
    let caption: String
    let captionLang: MustacheValue
    let rows: [MustacheValue]
}

/// One row of a program-details table: inline HTML of the page's Markdown, a file or class name
/// shown as code, the functions as a list, or links to the related sections. The other kinds
/// answer `false` (an empty `html`), so a row never reads its table's or page's fields.
struct ProgramRowView: FieldedView, Equatable {
    static let fields: [ViewField<ProgramRowView>] = [
        ViewField("label") { view in .string(view.label) },
        ViewField("label_lang") { view in view.labelLang },
        ViewField("lang") { view in view.lang },
        ViewField("html") { view in
            if case .html(let html) = view.content { return .string(html) }
            return .string("")
        },
        ViewField("code") { view in
            if case .code(let name) = view.content { return .string(name) }
            return .bool(false)
        },
        ViewField("functions") { view in
            if case .functions(let items) = view.content { return .view(ItemsView(items: items.map(MustacheValue.string))) }
            return .bool(false)
        },
        ViewField("links") { view in
            guard case .links(let links) = view.content else { return .bool(false) }
            return .array(links.enumerated().map { index, link in
                .view(LinkLineView(href: link.href, text: link.text, last: index == links.count - 1))
            })
        },
    ]

    enum Content: Equatable {
        case html(String)
        case code(String)
        case functions([String])
        case links([Link])
    }

    struct Link: Equatable {
        var href: String
        var text: String
    }

    let label: String
    let labelLang: MustacheValue
    let lang: MustacheValue
    let content: Content
}

/// A link in a list whose lines a template separates (`{{^last}}<br>{{/last}}`).
struct LinkLineView: FieldedView, Equatable {
    static let fields: [ViewField<LinkLineView>] = [
        ViewField("href") { view in .string(view.href) },
        ViewField("text") { view in .string(view.text) },
        ViewField("last") { view in .bool(view.last) },
    ]
    let href: String
    let text: String
    let last: Bool
}

/// The previous and next page in reading order; a missing one is absent.
struct PagerView: FieldedView, Equatable {
    static let fields: [ViewField<PagerView>] = [
        ViewField("previous") { view in view.previous },
        ViewField("next") { view in view.next },
    ]
    let previous: MustacheValue?
    let next: MustacheValue?
}

/// The root `index.html`.
struct RootView: FieldedView, Equatable {
    static let fields: [ViewField<RootView>] = [
        ViewField("lang") { view in .string(view.lang) },
        ViewField("title") { view in .string(view.title) },
        ViewField("stylesheet") { _ in .string(OutputLayout.stylesheet.rawValue) },
        ViewField("script") { _ in .string(OutputLayout.script.rawValue) },
        ViewField("preferences_script") { _ in .string(OutputLayout.preferencesScript.rawValue) },
        ViewField("strings") { view in .view(StringsView(strings: view.strings)) },
        ViewField("languages") { view in .array(view.languages) },
    ]
    let lang: String
    let title: String
    let strings: UIStrings
    let languages: [MustacheValue]
}

/// One language's entry on the root `index.html`, in that language.
struct RootLanguageView: FieldedView, Equatable {
    static let fields: [ViewField<RootLanguageView>] = [
        ViewField("code") { view in .string(view.language.code.rawValue) },
        ViewField("tag") { view in .string(view.language.tag) },
        ViewField("name") { view in .string(view.language.name) },
        ViewField("dir") { view in .string(view.language.dir) },
        ViewField("href") { view in .string(OutputLayout.path(of: .page("index"), in: view.language.code).rawValue) },
        ViewField("site_title") { view in .string(view.strings.text("site_title")) },
        ViewField("site_title_lang") { view in view.strings.lang(of: "site_title") },
        ViewField("tagline") { view in .string(view.strings.text("root_tagline")) },
        ViewField("tagline_lang") { view in view.strings.lang(of: "root_tagline") },
        ViewField("enter") { view in UIText(view.strings, "root_enter", naming: view.language).value },
    ]
    let language: Language
    let strings: UIStrings
}

/// A principle with its categories, on the home page and the practice lists.
struct PrincipleView: FieldedView, Equatable {
    static let fields: [ViewField<PrincipleView>] = [
        ViewField("anchor") { view in .string(view.anchor) },
        ViewField("number") { view in .string(view.number) },
        ViewField("title") { view in .string(view.title) },
        ViewField("title_lang") { view in view.titleLang },
        ViewField("description") { view in .string(view.description) },
        ViewField("description_lang") { view in view.descriptionLang },
        ViewField("count") { view in .string(view.count) },
        ViewField("count_lang") { view in view.countLang },
        ViewField("categories") { view in .array(view.categories) },
    ]
    let anchor: String
    let number: String
    let title: String
    let titleLang: MustacheValue
    let description: String
    let descriptionLang: MustacheValue
    let count: String
    let countLang: MustacheValue
    let categories: [MustacheValue]
}

/// A category of a principle and its practices; `title`, `title_lang` and `anchor` are `false` for
/// practices without a category, so a lookup never reaches the principle's.
struct CategoryView: FieldedView, Equatable {
    static let fields: [ViewField<CategoryView>] = [
        ViewField("items") { view in .array(view.items) },
        ViewField("title") { view in view.title },
        ViewField("title_lang") { view in view.titleLang },
        ViewField("anchor") { view in view.anchor },
    ]
    let items: [MustacheValue]
    var title: MustacheValue = .bool(false)
    var titleLang: MustacheValue = .bool(false)
    var anchor: MustacheValue = .bool(false)
}
