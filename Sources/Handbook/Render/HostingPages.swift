import Mustache

/// Contexts of the pages that exist for web servers and old links rather than for reading: the
/// redirect left at a renumbered section's old address, and `404.html`. Neither is listed in the
/// navigation, the search index, the A–Z index or the sitemap.
struct HostingPages {
    let site: ResolvedSite

    /// Where a web server looks for its "not found" page.
    static let notFoundPath: OutputPath = "404.html"

    /// Every page of this kind the site has: few, and cheap, so a rebuild renders them all.
    static func paths(of site: ResolvedSite) -> [OutputPath] {
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
            canonical: site.config.baseURL.map { $0 + target.rawValue })
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
    struct RedirectView: FieldedView, Equatable {
        static let fields: [ViewField<RedirectView>] = [
            ViewField("lang_tag") { view in .string(view.language.tag) },
            ViewField("dir") { view in .string(view.language.dir) },
            ViewField("title") { view in .string(view.strings.text("moved_title", ["number": view.old])) },
            ViewField("title_lang") { view in view.strings.lang(of: "moved_title") },
            ViewField("site_title") { view in .string(view.strings.text("site_title")) },
            ViewField("site_title_lang") { view in view.strings.lang(of: "site_title") },
            ViewField("text") { view in .string(view.strings.text("moved_text", ["old": view.old, "new": view.new])) },
            ViewField("text_lang") { view in view.strings.lang(of: "moved_text") },
            ViewField("href") { view in .string(view.href) },
            // The section's title inside is in the edition's language; the sentence around it is
            // rarely fallback, so the link is left unmarked rather than split.
            ViewField("link") { view in .string(view.strings.text("section_reference", ["number": view.new, "title": view.title])) },
            ViewField("stylesheet") { view in .string(view.root + OutputLayout.stylesheet.rawValue) },
            ViewField("strings") { view in .view(StringsView(strings: view.strings)) },
            ViewField("strings_lang") { view in .view(StringsLangView(strings: view.strings)) },
            ViewField("canonical") { view in view.canonical.map(MustacheValue.string) },
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
    }

    /// `404.html`'s fields: the source language's title and a message per language.
    struct NotFoundView: FieldedView, Equatable {
        static let fields: [ViewField<NotFoundView>] = [
            ViewField("lang_tag") { view in .string(view.sourceLanguage.tag) },
            ViewField("title") { view in .string(view.source.text("not_found_title")) },
            ViewField("site_title") { view in .string(view.source.text("site_title")) },
            ViewField("stylesheet") { view in .string(view.base + OutputLayout.stylesheet.rawValue) },
            ViewField("strings") { view in .view(StringsView(strings: view.source)) },
            ViewField("languages") { view in
                .array(view.languages.map { entry in
                    .view(MessageView(
                        language: entry.language, strings: entry.strings,
                        href: view.base + OutputLayout.path(of: .page("index"), in: entry.language.code).rawValue,
                        isSource: entry.language.code == view.sourceLanguage.code))
                })
            },
        ]
        /// A language the message is given in, with its strings.
        struct Edition: Equatable {
            let language: Language
            let strings: UIStrings
        }

        let sourceLanguage: Language
        let base: String
        let source: UIStrings
        let languages: [Edition]
    }

    /// The not-found message in one language.
    struct MessageView: FieldedView, Equatable {
        static let fields: [ViewField<MessageView>] = [
            ViewField("tag") { view in .string(view.language.tag) },
            ViewField("dir") { view in .string(view.language.dir) },
            ViewField("name") { view in .string(view.language.name) },
            ViewField("heading") { view in .string(view.strings.text("not_found_title")) },
            ViewField("heading_lang") { view in view.strings.lang(of: "not_found_title") },
            ViewField("text") { view in .string(view.strings.text("not_found_text")) },
            ViewField("text_lang") { view in view.strings.lang(of: "not_found_text") },
            ViewField("home") { view in .string(view.strings.text("not_found_home")) },
            ViewField("home_lang") { view in view.strings.lang(of: "not_found_home") },
            ViewField("href") { view in .string(view.href) },
            ViewField("source") { view in .bool(view.isSource) },
        ]
        let language: Language
        let strings: UIStrings
        let href: String
        let isSource: Bool
    }
}
