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
        path: String, key: PageKey, title: String, contentLanguage: String, state: TranslationState,
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
            let otherState = site.page(key, in: other.code)?.state
            return .view(LanguageLinkView(
                language: other, href: RelativeURL.from(path, to: target),
                current: other.code == language.code, untranslated: otherState == .missing))
        }
        view.alternates = site.config.languages.map { other in
            .view(AlternateView(hreflang: other.tag, href: RelativeURL.from(path, to: OutputLayout.path(of: key, in: other.code))))
        }
        if let base = site.config.baseURL { view.canonical = base + path }
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
            var detail: ResolvedPage?
            switch numbered {
            case .practice?, .section?: detail = numbered.flatMap { site.page($0, in: language.code) }
            default: break
            }
            crumbs.append(.view(CrumbView(
                title: crumb.title, current: isLast, href: href, lang: .lang(crumb.lang), detail: detail?.title,
                selfHref: String(path.split(separator: "/").last ?? ""))))
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
    func link(to key: PageKey, from path: String) -> LinkView {
        let target = site.page(key, in: language.code)
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
struct PageBaseView: MustacheView, Equatable {
    static let keys = [
        "lang", "lang_tag", "dir", "title", "title_lang", "document_title", "site_title", "site_title_lang", "root",
        "stylesheet", "script", "preferences_script", "home_href", "strings", "strings_lang", "wcag_map_href",
        "content_lang", "notice", "languages", "alternates", "canonical", "x_default_href", "nav", "breadcrumbs",
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

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "lang": return .string(language.code)
        case "lang_tag": return .string(language.tag)
        case "dir": return .string(language.dir)
        case "title": return .string(title)
        case "title_lang": return .lang(titleLang)
        case "document_title": return .string(documentTitle)
        case "site_title": return .string(siteTitle)
        case "site_title_lang": return siteTitleLang
        case "root": return .string(root)
        case "stylesheet": return .string(root + OutputLayout.stylesheet)
        case "script": return .string(root + OutputLayout.script)
        case "preferences_script": return .string(root + OutputLayout.preferencesScript)
        case "home_href": return .string(homeHref)
        case "strings": return strings
        case "strings_lang": return stringsLang
        case "wcag_map_href": return wcagMapHref
        case "content_lang": return contentLang.map(MustacheValue.string)
        case "notice": return notice
        case "languages": return .array(languages)
        case "alternates": return .array(alternates)
        case "canonical": return canonical.map(MustacheValue.string)
        case "x_default_href": return .string(xDefaultHref)
        case "nav": return .array(nav)
        case "breadcrumbs": return breadcrumbs
        default: return nil
        }
    }
}

/// One language of the switcher.
struct LanguageLinkView: MustacheView, Equatable {
    static let keys = ["code", "tag", "name", "href", "current", "untranslated"]
    let language: Language
    let href: String
    let current: Bool
    let untranslated: Bool

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "code": return .string(language.code)
        case "tag": return .string(language.tag)
        case "name": return .string(language.name)
        case "href": return .string(href)
        case "current": return .bool(current)
        case "untranslated": return .bool(untranslated)
        default: return nil
        }
    }
}

/// One `<link rel="alternate">`.
struct AlternateView: MustacheView, Equatable {
    static let keys = ["hreflang", "href"]
    let hreflang: String
    let href: String

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "hreflang": return .string(hreflang)
        case "href": return .string(href)
        default: return nil
        }
    }
}

/// One entry of the primary navigation.
struct NavItemView: MustacheView, Equatable {
    static let keys = ["label", "label_lang", "href", "current", "section_current"]
    let label: String
    let labelLang: MustacheValue
    let href: String
    let current: Bool
    let sectionCurrent: Bool

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "label": return .string(label)
        case "label_lang": return labelLang
        case "href": return .string(href)
        case "current": return .bool(current)
        case "section_current": return .bool(sectionCurrent)
        default: return nil
        }
    }
}

/// One step of the breadcrumb trail; `href` is `false` for the current page.
struct CrumbView: MustacheView, Equatable {
    static let keys = ["title", "current", "href", "lang", "detail", "self_href"]
    let title: String
    let current: Bool
    let href: MustacheValue
    let lang: MustacheValue
    /// The title of a numbered page, read after its number.
    var detail: String?
    /// The page's own file name, which the current page's crumb links.
    var selfHref = ""

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "title": return .string(title)
        case "current": return .bool(current)
        case "href": return href
        case "lang": return lang
        case "detail": return detail.map(MustacheValue.string) ?? .null
        case "self_href": return .string(selfHref)
        default: return nil
        }
    }
}
