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
    /// Nil when `old` was not moved.
    func redirect(from old: String, in language: Language) -> RedirectView? {
        guard let new = site.movedSections[old] else { return nil }
        let path = OutputLayout.path(of: .section(old), in: language.code)
        let target = OutputLayout.path(of: .section(new), in: language.code)
        let title = site.page(.section(new), in: language.code)?.title ?? ""
        return RedirectView(
            old: old, new: new, title: title, language: language,
            strings: site.strings(in: language.code),
            root: RelativeURL.root(from: path), href: RelativeURL.from(path, to: target),
            canonical: site.config.baseURL.map { $0 + target })
    }

    /// `404.html`: the message and a link home in every language. A server shows it at any depth,
    /// so its links cannot be relative: they start with the path of `base_url` (`/handbook/`), or
    /// with `/` when there is none. Never with the host, so that a local server's 404 page makes no
    /// request elsewhere.
    func notFound() -> NotFoundView {
        let source = site.strings(in: site.config.sourceLanguage.code)
        return NotFoundView(
            sourceLanguage: site.config.sourceLanguage, base: Self.path(of: site.config.baseURL), source: source,
            languages: site.editions.map { NotFoundView.Edition(language: $0.language, strings: $0.strings) })
    }

    /// The path part of `url` (`https://example.org/handbook/` gives `/handbook/`), or `/`.
    static func path(of url: String?) -> String {
        guard let url, let scheme = url.range(of: "://") else { return "/" }
        let afterHost = url[scheme.upperBound...].drop { $0 != "/" }
        return afterHost.isEmpty ? "/" : String(afterHost)
    }
}

extension HostingPages {
    /// A redirect page's fields.
    struct RedirectView: MustacheView, Equatable {
        static let keys = [
            "lang_tag", "dir", "title", "title_lang", "site_title", "site_title_lang", "text", "text_lang", "href", "link",
            "stylesheet", "strings", "strings_lang", "canonical",
        ]
        let old: String
        let new: String
        /// The section's title under its new number.
        let title: String
        let language: Language
        let strings: UIStrings
        let root: String
        let href: String
        let canonical: String?

        func value(for key: String) -> MustacheValue? {
            switch key {
            case "lang_tag": return .string(language.tag)
            case "dir": return .string(language.dir)
            case "title": return .string(strings.text("moved_title", ["number": old]))
            case "title_lang": return strings.lang(of: "moved_title")
            case "site_title": return .string(strings.text("site_title"))
            case "site_title_lang": return strings.lang(of: "site_title")
            case "text": return .string(strings.text("moved_text", ["old": old, "new": new]))
            case "text_lang": return strings.lang(of: "moved_text")
            case "href": return .string(href)
            // The section's title inside is in the edition's language; the sentence around it is
            // rarely fallback, so the link is left unmarked rather than split.
            case "link": return .string(strings.text("section_reference", ["number": new, "title": title]))
            case "stylesheet": return .string(root + OutputLayout.stylesheet)
            case "strings": return .view(StringsView(strings: strings))
            case "strings_lang": return .view(StringsLangView(strings: strings))
            case "canonical": return canonical.map(MustacheValue.string)
            default: return nil
            }
        }
    }

    /// `404.html`'s fields: the source language's title and a message per language.
    struct NotFoundView: MustacheView, Equatable {
        static let keys = ["lang_tag", "title", "site_title", "stylesheet", "strings", "languages"]
        /// A language the message is given in, with its strings.
        struct Edition: Equatable {
            let language: Language
            let strings: UIStrings
        }

        let sourceLanguage: Language
        let base: String
        let source: UIStrings
        let languages: [Edition]

        func value(for key: String) -> MustacheValue? {
            switch key {
            case "lang_tag": return .string(sourceLanguage.tag)
            case "title": return .string(source.text("not_found_title"))
            case "site_title": return .string(source.text("site_title"))
            case "stylesheet": return .string(base + OutputLayout.stylesheet)
            case "strings": return .view(StringsView(strings: source))
            case "languages":
                return .array(languages.map { entry in
                    .view(MessageView(
                        language: entry.language, strings: entry.strings,
                        href: base + OutputLayout.path(of: .page("index"), in: entry.language.code),
                        isSource: entry.language.code == sourceLanguage.code))
                })
            default: return nil
            }
        }
    }

    /// The not-found message in one language.
    struct MessageView: MustacheView, Equatable {
        static let keys = ["tag", "dir", "name", "heading", "heading_lang", "text", "text_lang", "home", "home_lang", "href", "source"]
        let language: Language
        let strings: UIStrings
        let href: String
        let isSource: Bool

        func value(for key: String) -> MustacheValue? {
            switch key {
            case "tag": return .string(language.tag)
            case "dir": return .string(language.dir)
            case "name": return .string(language.name)
            case "heading": return .string(strings.text("not_found_title"))
            case "heading_lang": return strings.lang(of: "not_found_title")
            case "text": return .string(strings.text("not_found_text"))
            case "text_lang": return strings.lang(of: "not_found_text")
            case "home": return .string(strings.text("not_found_home"))
            case "home_lang": return strings.lang(of: "not_found_home")
            case "href": return .string(href)
            case "source": return .bool(isSource)
            default: return nil
            }
        }
    }
}
