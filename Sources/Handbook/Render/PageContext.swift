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
        stringsValue = .object(strings.values.mapValues { .string($0) })
        stringsLangValue = Self.fallbackLanguages(strings)
    }

    /// The `strings_lang` value of a table.
    static func fallbackLanguages(_ strings: UIStrings) -> MustacheValue {
        .object(Dictionary(uniqueKeysWithValues: strings.values.keys.map { key in
            (key, strings.lang(of: key))
        }))
    }

    /// The `lang` a template writes for the text of `key`: its tag when it is fallback, else `false`.
    func lang(of key: String) -> MustacheValue {
        strings.lang(of: key)
    }

    /// Primary navigation, in order: page ID and string key of its label.
    static let navigation = ["index", "principles", "practices", "sections", "a-z", "about"]

    /// The common context of the page at `path`; `key` ties it to the same page in other languages.
    func base(
        path: String, key: PageKey, title: String, contentLanguage: String, state: TranslationState,
        breadcrumbs: [(title: String, key: PageKey?, lang: String?)], titleLang: String? = nil
    ) -> [String: MustacheValue] {
        let root = RelativeURL.root(from: path)
        var context: [String: MustacheValue] = [
            "lang": .string(language.code),
            "lang_tag": .string(language.tag),
            "dir": .string(language.dir),
            "title": .string(title),
            // Set for a generated page whose title is fallback English; a content page's title is
            // marked by its content language instead.
            "title_lang": MustacheValue.lang(titleLang),
            // The home page's title is the site's; a screen reader would otherwise read it twice.
            // English fallback in it stays unmarked: <title> holds text only, so no part of it can
            // carry a lang of its own.
            "document_title": .string(title == strings.text("site_title") ? title : "\(title) – \(strings.text("site_title"))"),
            "site_title": .string(strings.text("site_title")),
            "site_title_lang": lang(of: "site_title"),
            "root": .string(root),
            "stylesheet": .string(root + OutputLayout.stylesheet),
            "script": .string(root + OutputLayout.script),
            "preferences_script": .string(root + OutputLayout.preferencesScript),
            "home_href": .string(RelativeURL.from(path, to: OutputLayout.path(of: .page("index"), in: language.code))),
            "strings": stringsValue,
            "strings_lang": stringsLangValue,
            "wcag_map_href": site.wcag == nil
                ? .bool(false) : .string(RelativeURL.from(path, to: OutputLayout.path(of: .page("wcag"), in: language.code))),
        ]
        if contentLanguage != language.code {
            context["content_lang"] = .string(site.config.tag(of: contentLanguage))
        }
        switch state {
        case .missing:
            context["notice"] = UIText(strings, "notice_missing_translation", naming: language).value
        case .outdated:
            context["notice"] = UIText(strings, "notice_outdated_translation").value
        default:
            break
        }
        context["languages"] = .array(
            site.config.languages.map { other in
                let target = OutputLayout.path(of: key, in: other.code)
                let otherState = site.page(key, in: other.code)?.state
                return .object([
                    "code": .string(other.code), "tag": .string(other.tag), "name": .string(other.name),
                    "href": .string(RelativeURL.from(path, to: target)),
                    "current": .bool(other.code == language.code),
                    "untranslated": .bool(otherState == .missing),
                ])
            })
        context["alternates"] = .array(
            site.config.languages.map { other in
                .object([
                    "hreflang": .string(other.tag),
                    "href": .string(RelativeURL.from(path, to: OutputLayout.path(of: key, in: other.code))),
                ])
            })
        if let base = site.config.baseURL { context["canonical"] = .string(base + path) }
        context["x_default_href"] = .string(
            RelativeURL.from(path, to: OutputLayout.path(of: key, in: site.config.sourceLanguage.code)))
        context["nav"] = .array(
            PageContext.navigation.map { id in
                let target = OutputLayout.path(of: .page(id), in: language.code)
                let label = "nav_\(id.replacingOccurrences(of: "-", with: "_"))"
                return .object([
                    "label": .string(strings.text(label)),
                    "label_lang": lang(of: label),
                    "href": .string(RelativeURL.from(path, to: target)),
                    "current": .bool(target == path),
                    "section_current": .bool(target != path && isWithin(key, navigationID: id)),
                ])
            })
        var crumbs: [MustacheValue] = []
        let home = UIText(strings, "nav_index")
        let trail = [(title: home.plain, key: Optional(PageKey.page("index")), lang: home.lang)]
            + breadcrumbs.map { (title: $0.title, key: $0.key, lang: $0.lang) }
        for (index, crumb) in trail.enumerated() where !(index > 0 && crumb.key == .page("index")) {
            let isLast = index == trail.count - 1
            var item: [String: MustacheValue] = [
                "title": .string(crumb.title), "current": .bool(isLast), "href": .bool(false),
                "lang": MustacheValue.lang(crumb.lang),
            ]
            if let target = crumb.key, !isLast {
                item["href"] = .string(RelativeURL.from(path, to: OutputLayout.path(of: target, in: language.code)))
            }
            crumbs.append(.object(item))
        }
        context["breadcrumbs"] = crumbs.count > 1 ? .object(["items": .array(crumbs)]) : .null
        return context
    }

    /// Whether a page belongs under a navigation entry, so that entry can be marked as the current area.
    private func isWithin(_ key: PageKey, navigationID: String) -> Bool {
        switch (key, navigationID) {
        case (.practice, "practices"), (.section, "sections"): return true
        default: return false
        }
    }

    /// A link to another page from the page at `path`, with its number and title.
    func link(to key: PageKey, from path: String) -> MustacheValue {
        let target = site.page(key, in: language.code)
        var item: [String: MustacheValue] = [
            "href": .string(RelativeURL.from(path, to: OutputLayout.path(of: key, in: language.code))),
            "id": .string(key.id),
            // Shown before the title; generated pages have a slug, not a number, so they show none.
            "number": { if case .page = key { MustacheValue.bool(false) } else { MustacheValue.string(key.id) } }(),
            "title": .string(target?.title ?? key.id),
            "summary": .string(target?.summary ?? ""),
        ]
        // Always set, so a template's {{#lang}} never falls back to the page's own language.
        if let target, target.contentLanguage != language.code {
            item["lang"] = .string(site.config.tag(of: target.contentLanguage))
        } else {
            item["lang"] = .bool(false)
        }
        return .object(item)
    }
}
