import Markdown

/// The EPUB navigation document: a nested table of contents (the introduction, principles →
/// practices, chapters → sections, then the generated pages and the rest) and the landmarks, which
/// reading systems offer as "go to" points.
struct EPUBNavigation {
    let site: ResolvedSite
    let language: Language
    let strings: UIStrings
    /// Pages (by ID) the book holds before the practices.
    let front: [String]
    /// Pages (by ID) the book holds after the practices and sections.
    let back: [String]
    /// The titles of the generated pages the book holds, which have no content page.
    let generatedTitles: [PageKey: String]

    /// The navigation document's XHTML.
    func render() -> String {
        let contents = strings.text("handbook_contents")
        // English standing in for a translation is marked; the document's <title> cannot mark a part.
        func lang(_ key: String) -> String { EPUBContentDocument.lang(strings.fallbackLanguage(of: key)) }
        var out = EPUBContentDocument.header(title: contents, tag: language.tag, stylesheet: "style.css", dir: language.dir)
        // The contents are the document's main content, which axe (and readers' landmark lists) expect.
        out += "<main>\n"
        out += "<nav epub:type=\"toc\" id=\"toc\" role=\"doc-toc\" aria-labelledby=\"toc-title\">\n"
        out += "<h1 id=\"toc-title\"\(lang("handbook_contents"))>\(HTMLEscaping.escape(contents))</h1>\n<ol>\n"
        for id in front { out += item(.page(id)) + "</li>\n" }
        for principle in Principle.allCases {
            let practices = site.practices.filter { $0.principle == principle && site.page(.practice($0.id), in: language.code) != nil }
            guard !practices.isEmpty else { continue }
            out += "<li><span\(lang(principle.stringKey))>\(HTMLEscaping.escape(strings.text(principle.stringKey)))</span>\n<ol>\n"
            for practice in practices { out += item(.practice(practice.id)) + "</li>\n" }
            out += "</ol>\n</li>\n"
        }
        for chapter in site.sections where chapter.parent == nil { out += sectionTree(chapter.number) }
        for id in back { out += item(.page(id)) + "</li>\n" }
        out += "</ol>\n</nav>\n"
        out += "<nav epub:type=\"landmarks\" aria-labelledby=\"landmarks-title\" hidden=\"hidden\">\n"
        out += "<h2 id=\"landmarks-title\"\(lang("epub_landmarks"))>\(HTMLEscaping.escape(strings.text("epub_landmarks")))</h2>\n<ol>\n"
        out += "<li><a epub:type=\"cover\" href=\"text/\(EPUBFrontMatter.coverDocument)\"\(lang("epub_cover"))>\(HTMLEscaping.escape(strings.text("epub_cover")))</a></li>\n"
        out += "<li><a epub:type=\"titlepage\" href=\"text/\(EPUBFrontMatter.titleDocument)\"\(lang("epub_title_page"))>\(HTMLEscaping.escape(strings.text("epub_title_page")))</a></li>\n"
        out += "<li><a epub:type=\"toc\" href=\"#toc\"\(lang("handbook_contents"))>\(HTMLEscaping.escape(contents))</a></li>\n"
        if front.contains("index") {
            out += "<li><a epub:type=\"introduction\" href=\"text/\(EPUBContentDocument.fileName(of: .page("index")))\"\(lang("epub_introduction"))>\(HTMLEscaping.escape(strings.text("epub_introduction")))</a></li>\n"
        }
        if let first = site.practices.first(where: { site.page(.practice($0.id), in: language.code) != nil }) {
            let title = strings.text("nav_practices")
            out += "<li><a epub:type=\"bodymatter\" href=\"text/\(EPUBContentDocument.fileName(of: .practice(first.id)))\"\(lang("nav_practices"))>\(HTMLEscaping.escape(title))</a></li>\n"
        }
        if let chapter = site.sections.first(where: { $0.parent == nil && site.page(.section($0.number), in: language.code) != nil }) {
            out += "<li><a epub:type=\"bodymatter\" href=\"text/\(EPUBContentDocument.fileName(of: .section(chapter.number)))\"\(lang("nav_sections"))>\(HTMLEscaping.escape(strings.text("nav_sections")))</a></li>\n"
        }
        out += "</ol>\n</nav>\n</main>\n</body>\n</html>\n"
        return out
    }

    /// `front`, practices by principle, sections depth first under their chapters, then `back`: the
    /// order of the table of contents and so of the spine.
    static func readingOrder(_ site: ResolvedSite, front: [String], back: [String]) -> [PageKey] {
        var keys: [PageKey] = front.map(PageKey.page)
        for principle in Principle.allCases {
            keys += site.practices.filter { $0.principle == principle }.map { .practice($0.id) }
        }
        var visited = Set<String>()
        var stack = site.sections.filter { $0.parent == nil }.map(\.number).reversed() as [String]
        while let number = stack.popLast() {
            guard visited.insert(number).inserted else { continue }
            keys.append(.section(number))
            stack += (site.section(number)?.children ?? []).reversed()
        }
        return keys + back.map(PageKey.page)
    }

    /// `<li><a …>` of one entry, left open for a nested list.
    private func item(_ key: PageKey) -> String {
        guard let page = site.page(key, in: language.code) else {
            guard let title = generatedTitles[key] else { return "<li>" }
            return "<li><a href=\"text/\(EPUBContentDocument.fileName(of: key))\"\(EPUBContentDocument.lang(strings.fallbackLanguage(of: "page_title_" + key.id)))>\(HTMLEscaping.escape(title))</a>"
        }
        let text: String
        switch key {
        case .practice(let id): text = "\(id) \(page.title)"
        case .section(let number): text = "\(number) \(page.title)"
        case .page("index"): text = strings.text("epub_introduction")
        case .page: text = page.title
        }
        let tag = key == .page("index") ? strings.fallbackLanguage(of: "epub_introduction")
            : page.contentLanguage == language.code ? nil : site.config.tag(of: page.contentLanguage)
        return "<li><a href=\"text/\(EPUBContentDocument.fileName(of: key))\"\(EPUBContentDocument.lang(tag))>\(HTMLEscaping.escape(text))</a>"
    }

    /// A section and its descendants, walked with an explicit stack so deep trees cannot exhaust it.
    private func sectionTree(_ number: String) -> String {
        var out = ""
        // Each step either opens an entry (and pushes its children) or closes a list.
        enum Step { case open(String), close }
        var stack: [Step] = [.open(number)]
        var visited = Set<String>()
        while let step = stack.popLast() {
            switch step {
            case .close:
                out += "</ol>\n</li>\n"
            case .open(let current):
                guard visited.insert(current).inserted, site.page(.section(current), in: language.code) != nil else { continue }
                out += item(.section(current))
                let children = (site.section(current)?.children ?? []).filter { site.page(.section($0), in: language.code) != nil }
                if children.isEmpty {
                    out += "</li>\n"
                } else {
                    out += "\n<ol>\n"
                    stack.append(.close)
                    stack.append(contentsOf: children.reversed().map(Step.open))
                }
            }
        }
        return out
    }
}
