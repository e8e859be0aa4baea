import Mustache

/// Contexts of the pages that exist for web servers and old links rather than for reading: the
/// redirect left at a renumbered section's old address, and `404.html`. Neither is listed in the
/// navigation, the search index, the A–Z index or the sitemap.
struct HostingPages {
    let site: ResolvedSite

    /// Where a web server looks for its "not found" page.
    static let notFoundPath = "404.html"

    /// Every page of this kind the site has: few, and cheap, so a rebuild renders them all.
    static func paths(of site: ResolvedSite) -> [String] {
        site.config.languages.flatMap { language in
            site.movedSections.keys.sorted(by: NumberOrder.less).map { OutputLayout.path(of: .section($0), in: language.code) }
        } + [notFoundPath]
    }

    /// The page at section `old`'s old address in `language`: a link to the section's page under
    /// its new number and an immediate refresh to it (a 0-second redirect, which WCAG 2.2.1 allows).
    func redirect(from old: String, in language: Language) -> [String: MustacheValue] {
        let new = site.movedSections[old]!
        let path = OutputLayout.path(of: .section(old), in: language.code)
        let target = OutputLayout.path(of: .section(new), in: language.code)
        let strings = site.strings[language.code] ?? UIStrings(values: [:])
        let root = RelativeURL.root(from: path)
        let title = site.page(.section(new), in: language.code)?.title ?? ""
        var context: [String: MustacheValue] = [
            "lang_tag": .string(language.tag), "dir": .string(language.dir),
            "title": .string(strings.text("moved_title", ["number": old])),
            "title_lang": strings.lang(of: "moved_title"),
            "site_title": .string(strings.text("site_title")),
            "site_title_lang": strings.lang(of: "site_title"),
            "text": .string(strings.text("moved_text", ["old": old, "new": new])),
            "text_lang": strings.lang(of: "moved_text"),
            "href": .string(RelativeURL.from(path, to: target)),
            // The section's title inside is in the edition's language; the sentence around it is
            // rarely fallback, so the link is left unmarked rather than split.
            "link": .string(strings.text("section_reference", ["number": new, "title": title])),
            "stylesheet": .string(root + OutputLayout.stylesheet),
            "strings": .object(strings.values.mapValues { .string($0) }),
            "strings_lang": PageContext.fallbackLanguages(strings),
        ]
        if let base = site.config.baseURL { context["canonical"] = .string(base + target) }
        return context
    }

    /// `404.html`: the message and a link home in every language. A server shows it at any depth,
    /// so its links cannot be relative: they start with the path of `base_url` (`/handbook/`), or
    /// with `/` when there is none. Never with the host, so that a local server's 404 page makes no
    /// request elsewhere.
    func notFound() -> [String: MustacheValue] {
        let base = Self.path(of: site.config.baseURL)
        let source = site.strings[site.config.sourceLanguage.code] ?? UIStrings(values: [:])
        return [
            "lang_tag": .string(site.config.sourceLanguage.tag),
            "title": .string(source.text("not_found_title")),
            "site_title": .string(source.text("site_title")),
            "stylesheet": .string(base + OutputLayout.stylesheet),
            "strings": .object(source.values.mapValues { .string($0) }),
            "languages": .array(
                site.config.languages.map { language in
                    let strings = site.strings[language.code] ?? source
                    return .object([
                        "tag": .string(language.tag), "dir": .string(language.dir), "name": .string(language.name),
                        "heading": .string(strings.text("not_found_title")),
                        "heading_lang": strings.lang(of: "not_found_title"),
                        "text": .string(strings.text("not_found_text")),
                        "text_lang": strings.lang(of: "not_found_text"),
                        "home": .string(strings.text("not_found_home")),
                        "home_lang": strings.lang(of: "not_found_home"),
                        "href": .string(base + OutputLayout.path(of: .page("index"), in: language.code)),
                        "source": .bool(language.code == site.config.sourceLanguage.code),
                    ])
                }),
        ]
    }

    /// The path part of `url` (`https://example.org/handbook/` gives `/handbook/`), or `/`.
    static func path(of url: String?) -> String {
        guard let url, let scheme = url.range(of: "://") else { return "/" }
        let afterHost = url[scheme.upperBound...].drop { $0 != "/" }
        return afterHost.isEmpty ? "/" : String(afterHost)
    }
}
