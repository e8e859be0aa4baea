import Markdown

/// One XHTML content document of the EPUB: a practice, a section or a page, its body as the site
/// rendered it. Links to practices, sections and pages in the book point into the book; links to
/// pages it does not hold (lists, the A–Z index) keep their words and lose the link.
struct EPUBContentDocument {
    let site: ResolvedSite
    let language: Language
    let strings: UIStrings
    let bodies: RenderedBodies
    /// The book's documents by page, to turn site links into book links.
    let bookFiles: [PageKey: String]
    /// Renders the notes' text, whose links are addresses already.
    private let body = BodyRenderer()

    /// The file name of `key`'s document inside `EPUB/text/`.
    static func fileName(of key: PageKey) -> String {
        switch key {
        case .practice(let id): return "bp-\(id).xhtml"
        case .section(let number): return "sec-\(number).xhtml"
        case .page(let id): return "page-\(id).xhtml"
        }
    }

    /// The document's XHTML.
    func render(_ page: ResolvedPage) -> String {
        let tag = language.tag
        let fallback = page.contentLanguage == language.code ? nil : site.config.tag(of: page.contentLanguage)
        let heading = heading(of: page)
        // The home page's text opens the book as its introduction, named so (the title page bears the book's name).
        let isIntroduction = page.key == .page("index")
        var out = Self.header(title: heading, tag: tag, stylesheet: "../style.css", dir: language.dir)
        // `role="doc-chapter"` says what `epub:type="chapter"` would, in a form HTML checkers know.
        out += "<main>\n<section role=\"\(isIntroduction ? "doc-introduction" : "doc-chapter")\" aria-labelledby=\"title\">\n"
        out += "<h1 id=\"title\"\(isIntroduction ? uiLang("epub_introduction") : Self.lang(fallback))>\(escape(heading))</h1>\n"
        if let (text, noteLang) = SinglePageEdition.notice(for: page, in: language.code, site: site, strings: strings) {
            // The language's name carries its own tag where the text around it is English.
            let name = text.language.map { name in text.lang == nil ? escape(name.name) : "<span\(Self.lang(name.tag))>\(escape(name.name))</span>" } ?? ""
            out += "<p class=\"notice\" role=\"note\"\(Self.lang(noteLang))>\(escape(text.before))\(name)\(escape(text.after))</p>\n"
        }
        out += facts(page, fallback: fallback)
        out += "<div\(Self.lang(fallback))>\n"
        out += bodies[page].body.html(placement(page))
        out += "</div>\n"
        out += programDetails(page, fallback: fallback)
        if page.key == .page("source-notes") { out += sourceNotes() }
        out += relations(page)
        out += "</section>\n</main>\n</body>\n</html>\n"
        return out
    }

    /// A document's title: the number and title of a practice or section, a page's title.
    private func heading(of page: ResolvedPage) -> String {
        switch page.key {
        case .practice(let id): return "\(id) \(page.title)"
        case .section(let number): return "\(number) \(page.title)"
        case .page("index"): return strings.text("epub_introduction")
        case .page: return page.title
        }
    }

    /// `xml:lang` and `lang` for text in another language than the book's (both, as XHTML wants them equal).
    static func lang(_ code: LanguageCode?) -> String { lang(code?.rawValue) }

    static func lang(_ tag: String?) -> String {
        tag.map { " xml:lang=\"\($0)\" lang=\"\($0)\"" } ?? ""
    }

    /// The start of an XHTML document up to `<body>`. `<title>` holds text only, so English
    /// fallback in it cannot be marked with a lang of its own; the document's headings are.
    static func header(title: String, tag: String, stylesheet: String, dir: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(tag)" lang="\(tag)" dir="\(dir)">
        <head>
        <meta charset="utf-8"/>
        <title>\(HTMLEscaping.escape(title))</title>
        <link rel="stylesheet" type="text/css" href="\(stylesheet)"/>
        </head>
        <body>

        """
    }

    private func escape(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// `lang` attributes for the interface text of `key` when it is English standing in for a translation.
    private func uiLang(_ key: String) -> String { Self.lang(strings.fallbackLanguage(of: key)) }

    /// The Notes on the source list, as the site's page shows it below its introduction, so the
    /// book's `note:` links have their targets.
    private func sourceNotes() -> String {
        let source = site.config.sourceLanguage.code
        let separator = strings.text("list_separator")
        var out = ""
        for topic in SourceNote.Topic.allCases {
            let notes = site.sourceNotes.filter { $0.topic == topic }
            guard !notes.isEmpty else { continue }
            out += "<section class=\"source-notes\" aria-labelledby=\"notes-\(topic.rawValue)\">\n"
            out += "<h2 id=\"notes-\(topic.rawValue)\"\(uiLang("source_notes_topic_\(topic.rawValue)"))>\(escape(strings.text("source_notes_topic_\(topic.rawValue)")))</h2>\n"
            for note in notes {
                func prose(_ field: [LanguageCode: MarkdownNode]) -> String { (field[language.code] ?? field[source]).map(body.renderInline) ?? "" }
                let guide = note.guide.map { number in
                    site.section(number) == nil
                        ? escape(number) : "<a href=\"\(Self.fileName(of: .section(number)))\">\(escape(number))</a>"
                }
                out += "<section id=\"note-\(note.id)\" aria-labelledby=\"note-\(note.id)-title\">\n"
                out += "<h3 id=\"note-\(note.id)-title\">\(prose(note.title))</h3>\n<dl>\n"
                out += "<dt\(uiLang("source_note_guide"))>\(escape(strings.text("source_note_guide")))</dt><dd>\(guide.joined(separator: separator))</dd>\n"
                out += "<dt\(uiLang("source_note_says"))>\(escape(strings.text("source_note_says")))</dt><dd>\(prose(note.says))</dd>\n"
                out += "<dt\(uiLang("source_note_does"))>\(escape(strings.text("source_note_does")))</dt><dd>\(prose(note.does))</dd>\n"
                let pages = note.pages.compactMap { key -> String? in
                    guard let target = site.heading(of: key.value, in: language.code), let file = bookFiles[key.value] else { return nil }
                    let tag = target.contentLanguage == language.code ? nil : site.config.tag(of: target.contentLanguage)
                    return "<a href=\"\(file)\"\(Self.lang(tag))>\(escape("\(key.value.id) \(target.title)"))</a>"
                }
                if !pages.isEmpty {
                    out += "<dt\(uiLang("source_note_pages"))>\(escape(strings.text("source_note_pages")))</dt><dd>\(pages.joined(separator: separator))</dd>\n"
                }
                out += "</dl>\n</section>\n"
            }
            out += "</section>\n"
        }
        return out
    }

    /// The principle, category and adoption of a practice; the platform of a section.
    private func facts(_ page: ResolvedPage, fallback: String?) -> String {
        // Each row: the key of its label, its value and the value's language when not the book's.
        var rows: [(String, String, String?)] = []
        func interfaceText(_ key: String) -> (String, String?) { (strings.text(key), strings.fallbackLanguage(of: key)) }
        switch page.key {
        case .practice(let id):
            guard let info = site.practice(id) else { return "" }
            let principle = interfaceText(info.principle.stringKey)
            rows.append(("principle_label", principle.0, principle.1))
            if let category = info.category {
                let value = interfaceText(category.stringKey)
                rows.append(("category_label", value.0, value.1))
            }
            if let catalog = site.wcag, !info.wcag.isEmpty {
                let criteria = info.wcag.compactMap(catalog.criterion).map { criterion in
                    "\(criterion.number) \(criterion.name(in: language.code))\(strings.text("paren_open"))\(criterion.level.rawValue)\(strings.text("paren_close"))"
                }
                rows.append(("wcag_label", criteria.joined(separator: strings.text("list_separator")), nil))
            }
            if case .practice(let details) = page.source.details, !details.adoption.isEmpty {
                rows.append(("adoption_label", details.adoption, fallback))
            }
        case .section(let number):
            guard let info = site.section(number), info.platform != .common else { return "" }
            let platform = interfaceText(info.platform.stringKey)
            rows.append(("platform_label", platform.0, platform.1))
        case .page:
            return ""
        }
        let items = rows.map {
            // The separator is text, not a style: reading systems without the book's styles show it too.
            "<div><dt\(uiLang($0.0))>\(escape(strings.text($0.0) + strings.text("label_separator")))</dt><dd\(Self.lang($0.2))>\(escape($0.1))</dd></div>\n"
        }.joined()
        return "<dl class=\"facts\">\n\(items)</dl>\n"
    }

    /// A section's program-details tables, with header cells for each row.
    private func programDetails(_ page: ResolvedPage, fallback: String?) -> String {
        guard case .section(let details) = page.source.details, !details.programDetails.isEmpty else { return "" }
        let count = details.programDetails.count
        let rendered = bodies[page].programDetails
        let placement = placement(page)
        var out = ""
        for (index, detail) in details.programDetails.enumerated() where index < rendered.count {
            let captionKey = count == 1 ? "program_details" : "program_details_numbered"
            // Named with its section, so that a reading system's list of tables tells them apart.
            let caption = strings.text(captionKey, ["index": String(index + 1), "count": String(count)])
                + strings.text("label_separator") + heading(of: page)
            // Each row: the key of its header, its cell's HTML and the cell's language when not the book's.
            var rows: [(String, String, String?)] = [
                ("program_description", rendered[index].description.html(placement), fallback)
            ]
            for (label, value) in [("program_layout", detail.layout), ("program_view_controller", detail.viewController), ("program_code_file", detail.codeFile)] {
                if let value, !value.isEmpty { rows.append((label, "<code>\(escape(value))</code>", fallback)) }
            }
            if !detail.functions.isEmpty {
                let items = rendered[index].functions.map { "<li>\($0.html(placement))</li>" }.joined()
                rows.append(("program_functions", "<ul>\(items)</ul>", fallback))
            }
            let related = detail.related.map(\.value).filter { site.heading(of: .section($0), in: language.code) != nil }
            if !related.isEmpty {
                let links = related.map { number -> String in
                    let target = site.heading(of: .section(number), in: language.code)
                    let text = strings.text("section_reference", ["number": number, "title": target?.title ?? ""])
                    // The text takes the language of the title it names, most of its words.
                    let tag = target.flatMap { $0.contentLanguage == language.code ? nil : site.config.tag(of: $0.contentLanguage) }
                    return "<a href=\"\(Self.fileName(of: .section(number)))\"\(Self.lang(tag))>\(escape(text))</a>"
                }
                rows.append(("program_related", links.joined(separator: "<br />"), nil))
            }
            out += "<table class=\"program-details\">\n<caption\(uiLang(captionKey))>\(escape(caption))</caption>\n<tbody>\n"
            for row in rows {
                out += "<tr><th scope=\"row\"\(uiLang(row.0))>\(escape(strings.text(row.0)))</th><td\(Self.lang(row.2))>\(row.1)</td></tr>\n"
            }
            out += "</tbody>\n</table>\n"
        }
        return out
    }

    /// Related sections of a practice, related practices of a section, as links in the book.
    private func relations(_ page: ResolvedPage) -> String {
        let keys: [PageKey]
        let label: String
        let none: String
        switch page.key {
        case .practice(let id):
            keys = (site.practice(id)?.sections ?? []).map(PageKey.section)
            (label, none) = ("related_sections", "no_related_sections")
        case .section(let number):
            keys = (site.section(number)?.practices ?? []).map(PageKey.practice)
            (label, none) = ("related_practices", "no_related_practices")
        case .page:
            return ""
        }
        var out = "<section class=\"relations\" aria-labelledby=\"related\">\n<h2 id=\"related\"\(uiLang(label))>\(escape(strings.text(label)))</h2>\n"
        let items = keys.compactMap { key -> String? in
            guard let target = site.heading(of: key, in: language.code) else { return nil }
            let tag = target.contentLanguage == language.code ? nil : site.config.tag(of: target.contentLanguage)
            return "<li><a href=\"\(Self.fileName(of: key))\"\(Self.lang(tag))>\(escape("\(key.id) \(target.title)"))</a></li>\n"
        }
        out += items.isEmpty ? "<p\(uiLang(none))>\(escape(strings.text(none)))</p>\n" : "<ul>\n\(items.joined())</ul>\n"
        return out + "</section>\n"
    }

    /// Where a body goes in the book: links to the book's documents, or plain words (in the body's
    /// language) where the book has no such page; images in `EPUB/images/`.
    private func placement(_ page: ResolvedPage) -> BodyPlacement {
        BodyPlacement(
            href: { key, fragment in bookFiles[key].map { $0 + (fragment.map { "#" + $0 } ?? "") } },
            image: { "../" + $0 },
            unlinkedTag: site.config.tag(of: page.contentLanguage))
    }
}
