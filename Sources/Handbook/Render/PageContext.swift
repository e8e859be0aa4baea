import Mustache

/// Builds the parts of a template context that every page shares: language, switcher, alternates,
/// navigation, breadcrumbs and the UI strings.
struct PageContext {
    let site: ResolvedSite
    let language: Language
    let strings: UIStrings
    /// The UI strings as a template value, made once per language rather than once per page.
    private let stringsValue: MustacheValue
    /// For every key, the tag its text needs when it is English fallback, else `false`: templates
    /// write `<h2{{#strings_lang.key}} lang="{{.}}"{{/strings_lang.key}}>{{strings.key}}</h2>`.
    /// Every key is present, so a lookup never falls through to an outer context.
    private let stringsLangValue: MustacheValue

    init(site: ResolvedSite, language: Language, strings: UIStrings) {
        self.site = site
        self.language = language
        self.strings = strings
        stringsValue = .view(StringsView(strings: strings))
        stringsLangValue = .view(StringsLangView(strings: strings))
    }

    /// The `lang` a template writes for the text of `key`: its tag when it is fallback, else `false`.
    func lang(of key: String) -> MustacheValue {
        strings.lang(of: key)
    }

    /// Primary navigation, in order: page ID and string key of its label.
    static let navigation = ["index", "principles", "practices", "sections", "a-z", "about"]
    /// Each navigation page's label key in `strings.yaml` (`nav_a_z`), worked out once, not per page.
    private static let navigationLabels = Dictionary(uniqueKeysWithValues: navigation.map { id in
        (id, "nav_" + String(id.map { $0 == "-" ? "_" : $0 }))
    })

    /// The common context of the page at `path`; `key` ties it to the same page in other languages.
    func base(
        path: OutputPath, key: PageKey, title: String, contentLanguage: LanguageCode, state: TranslationState,
        breadcrumbs: [(title: String, key: PageKey?, lang: String?)], titleLang: String? = nil
    ) -> PageBaseView {
        let root = RelativeURL.root(from: path)
        let siteTitle = strings.text("site_title")
        var view = PageBaseView(
            language: language, title: title, titleLang: titleLang,
            // The home page's title is the site's; a screen reader would otherwise read it twice.
            // English fallback in it stays unmarked: <title> holds text only, so no part of it can
            // carry a lang of its own.
            documentTitle: title == siteTitle ? title : "\(title) – \(siteTitle)",
            siteTitle: siteTitle, siteTitleLang: lang(of: "site_title"), root: root,
            homeHref: RelativeURL.from(path, to: OutputLayout.path(of: .page("index"), in: language.code)),
            strings: stringsValue, stringsLang: stringsLangValue,
            wcagMapHref: site.wcag == nil
                ? .bool(false) : .string(RelativeURL.from(path, to: OutputLayout.path(of: .page("wcag"), in: language.code))),
            xDefaultHref: RelativeURL.from(path, to: OutputLayout.path(of: key, in: site.config.sourceLanguage.code)))
        if contentLanguage != language.code {
            view.contentLang = site.config.tag(of: contentLanguage)
        }
        switch state {
        case .missing:
            view.notice = UIText(strings, "notice_missing_translation", naming: language).value
        case .outdated:
            view.notice = UIText(strings, "notice_outdated_translation").value
        default:
            break
        }
        view.languages = site.config.languages.map { other in
            let target = OutputLayout.path(of: key, in: other.code)
            let otherState = site.heading(of: key, in: other.code)?.state
            return .view(LanguageLinkView(
                language: other, href: RelativeURL.from(path, to: target),
                current: other.code == language.code, untranslated: otherState == .missing))
        }
        view.alternates = site.config.languages.map { other in
            .view(AlternateView(hreflang: other.tag, href: RelativeURL.from(path, to: OutputLayout.path(of: key, in: other.code))))
        }
        if let base = site.config.baseURL { view.canonical = base + path.rawValue }
        view.nav = PageContext.navigation.map { id in
            let target = OutputLayout.path(of: .page(id), in: language.code)
            let label = PageContext.navigationLabels[id]!
            return .view(NavItemView(
                label: strings.text(label), labelLang: lang(of: label), href: RelativeURL.from(path, to: target),
                current: target == path, sectionCurrent: target != path && isWithin(key, navigationID: id)))
        }
        var crumbs: [MustacheValue] = []
        let home = UIText(strings, "nav_index")
        let trail = [(title: home.plain, key: Optional(PageKey.page("index")), lang: home.lang)]
            + breadcrumbs.map { (title: $0.title, key: $0.key, lang: $0.lang) }
        for (index, crumb) in trail.enumerated() where !(index > 0 && crumb.key == .page("index")) {
            let isLast = index == trail.count - 1
            var href = MustacheValue.bool(false)
            if let target = crumb.key, !isLast {
                href = .string(RelativeURL.from(path, to: OutputLayout.path(of: target, in: language.code)))
            }
            // A section's or practice's crumb shows its number and is named by number and title,
            // so that a screen reader's list of links does not read "7, 7.3, 7.3.6"; the current
            // page's crumb links the page itself, as a link can carry that name.
            let numbered = crumb.key ?? (isLast ? key : nil)
            var detail: PageHeading?
            switch numbered {
            case .practice?, .section?: detail = numbered.flatMap { site.heading(of: $0, in: language.code) }
            default: break
            }
            crumbs.append(.view(CrumbView(
                title: crumb.title, current: isLast, href: href, lang: .lang(crumb.lang), detail: detail?.title,
                selfHref: String(path.rawValue.split(separator: "/").last ?? ""))))
        }
        view.breadcrumbs = crumbs.count > 1 ? .view(ItemsView(items: crumbs)) : .null
        return view
    }

    /// Whether a page belongs under a navigation entry, so that entry can be marked as the current area.
    private func isWithin(_ key: PageKey, navigationID: String) -> Bool {
        switch (key, navigationID) {
        case (.practice, "practices"), (.section, "sections"): return true
        default: return false
        }
    }

    /// A link to another page from the page at `path`, with its number and title.
    func link(to key: PageKey, from path: OutputPath) -> LinkView {
        let target = site.heading(of: key, in: language.code)
        return LinkView(
            href: RelativeURL.from(path, to: OutputLayout.path(of: key, in: language.code)),
            id: key.id,
            number: { if case .page = key { MustacheValue.bool(false) } else { MustacheValue.string(key.id) } }(),
            title: target?.title ?? key.id,
            summary: target?.summary ?? "",
            // Always set, so a template's {{#lang}} never falls back to the page's own language.
            lang: target.flatMap { $0.contentLanguage != language.code ? .string(site.config.tag(of: $0.contentLanguage)) : nil }
                ?? .bool(false))
    }
}

/// The fields every page's template has: language, titles, assets, switcher, navigation, trail.
struct PageBaseView: FieldedView, Equatable {
    static let fields: [ViewField<PageBaseView>] = [
        ViewField("lang") { view in .string(view.language.code.rawValue) },
        ViewField("lang_tag") { view in .string(view.language.tag) },
        ViewField("dir") { view in .string(view.language.dir) },
        ViewField("title") { view in .string(view.title) },
        ViewField("title_lang") { view in .lang(view.titleLang) },
        ViewField("document_title") { view in .string(view.documentTitle) },
        ViewField("site_title") { view in .string(view.siteTitle) },
        ViewField("site_title_lang") { view in view.siteTitleLang },
        ViewField("root") { view in .string(view.root) },
        ViewField("stylesheet") { view in .string(view.root + OutputLayout.stylesheet.rawValue) },
        ViewField("script") { view in .string(view.root + OutputLayout.script.rawValue) },
        ViewField("preferences_script") { view in .string(view.root + OutputLayout.preferencesScript.rawValue) },
        ViewField("home_href") { view in .string(view.homeHref) },
        ViewField("strings") { view in view.strings },
        ViewField("strings_lang") { view in view.stringsLang },
        ViewField("wcag_map_href") { view in view.wcagMapHref },
        ViewField("content_lang") { view in view.contentLang.map(MustacheValue.string) },
        ViewField("notice") { view in view.notice },
        ViewField("languages") { view in .array(view.languages) },
        ViewField("alternates") { view in .array(view.alternates) },
        ViewField("canonical") { view in view.canonical.map(MustacheValue.string) },
        ViewField("x_default_href") { view in .string(view.xDefaultHref) },
        ViewField("nav") { view in .array(view.nav) },
        ViewField("breadcrumbs") { view in view.breadcrumbs },
    ]
    let language: Language
    let title: String
    /// Set for a generated page whose title is fallback English; a content page's title is
    /// marked by its content language instead.
    let titleLang: String?
    let documentTitle: String
    let siteTitle: String
    let siteTitleLang: MustacheValue
    let root: String
    let homeHref: String
    let strings: MustacheValue
    let stringsLang: MustacheValue
    let wcagMapHref: MustacheValue
    let xDefaultHref: String
    var contentLang: String?
    var notice: MustacheValue?
    var languages: [MustacheValue] = []
    var alternates: [MustacheValue] = []
    var canonical: String?
    var nav: [MustacheValue] = []
    var breadcrumbs: MustacheValue = .null
}

/// One language of the switcher.
struct LanguageLinkView: FieldedView, Equatable {
    static let fields: [ViewField<LanguageLinkView>] = [
        ViewField("code") { view in .string(view.language.code.rawValue) },
        ViewField("tag") { view in .string(view.language.tag) },
        ViewField("name") { view in .string(view.language.name) },
        ViewField("href") { view in .string(view.href) },
        ViewField("current") { view in .bool(view.current) },
        ViewField("untranslated") { view in .bool(view.untranslated) },
    ]
    let language: Language
    let href: String
    let current: Bool
    let untranslated: Bool
}

/// One `<link rel="alternate">`.
struct AlternateView: FieldedView, Equatable {
    static let fields: [ViewField<AlternateView>] = [
        ViewField("hreflang") { view in .string(view.hreflang) },
        ViewField("href") { view in .string(view.href) },
    ]
    let hreflang: String
    let href: String
}

/// One entry of the primary navigation.
struct NavItemView: FieldedView, Equatable {
    static let fields: [ViewField<NavItemView>] = [
        ViewField("label") { view in .string(view.label) },
        ViewField("label_lang") { view in view.labelLang },
        ViewField("href") { view in .string(view.href) },
        ViewField("current") { view in .bool(view.current) },
        ViewField("section_current") { view in .bool(view.sectionCurrent) },
    ]
    let label: String
    let labelLang: MustacheValue
    let href: String
    let current: Bool
    let sectionCurrent: Bool
}

/// One step of the breadcrumb trail; `href` is `false` for the current page.
struct CrumbView: FieldedView, Equatable {
    static let fields: [ViewField<CrumbView>] = [
        ViewField("title") { view in .string(view.title) },
        ViewField("current") { view in .bool(view.current) },
        ViewField("href") { view in view.href },
        ViewField("lang") { view in view.lang },
        ViewField("detail") { view in view.detail.map(MustacheValue.string) ?? .null },
        ViewField("self_href") { view in .string(view.selfHref) },
    ]
    let title: String
    let current: Bool
    let href: MustacheValue
    let lang: MustacheValue
    /// The title of a numbered page, read after its number.
    var detail: String?
    /// The page's own file name, which the current page's crumb links.
    var selfHref = ""
}
