import Markdown

/// The book's opening: a cover (an SVG image with the title, so that reading systems' libraries show
/// the book by name, and a document that shows it) and a title page that says what the book is, what
/// it was written from and when. Both come before the contents, as in a printed book.
struct EPUBFrontMatter {
    let site: ResolvedSite
    let language: Language
    let strings: UIStrings

    /// Where the cover image sits in the container, under `EPUB/`.
    static let coverImage = "images/cover.svg"
    static let coverDocument = "cover.xhtml"
    static let titleDocument = "title.xhtml"

    /// The subtitle of the cover and the title page, with the number of practices counted.
    var subtitle: String { strings.text("epub_subtitle", count: site.practices.count) }

    /// The cover: the title and subtitle in white on dark blue, wrapped to the width by hand (SVG
    /// text does not wrap), with an outline of a phone. Its text is named for assistive technology.
    func coverSVG() -> String {
        let title = strings.text("site_title")
        let titleLines = Self.lines(title, width: 500, fontSize: 52)
        let subtitleLines = Self.lines(subtitle, width: 500, fontSize: 26)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 900" width="600" height="900" role="img" aria-labelledby="cover-title" xml:lang="\(language.tag)">
            <title id="cover-title">\(escape(title + strings.text("label_separator") + subtitle))</title>
            <rect width="600" height="900" fill="#0b3a6e"/>
            <rect x="410" y="620" width="130" height="230" rx="18" fill="none" stroke="#ffffff" stroke-width="6"/>
            <circle cx="475" cy="825" r="9" fill="#ffffff"/>
            <g fill="#ffffff" font-family="sans-serif">

            """
        var y = 170
        for line in titleLines {
            out += "<text x=\"50\" y=\"\(y)\" font-size=\"52\" font-weight=\"bold\">\(escape(line))</text>\n"
            y += 66
        }
        y += 30
        for line in subtitleLines {
            out += "<text x=\"50\" y=\"\(y)\" font-size=\"26\">\(escape(line))</text>\n"
            y += 38
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// The cover document: the image alone, as a heading named by the book's title.
    func coverXHTML() -> String {
        let name = strings.text("site_title") + strings.text("label_separator") + subtitle
        // The picture is the document's heading: its words are the book's title.
        return document(titleKey: "epub_cover", className: "cover", content: """
            <h1><img role="doc-cover" src="../\(Self.coverImage)" alt="\(escape(name))"/></h1>

            """)
    }

    /// The title page: title, subtitle, the source the text was written from, the date of the
    /// content (`site.yaml`'s `modified`, never the build's clock) and whose text it is.
    func titlePageXHTML() -> String {
        let date = ContextBuilder.date(site.config.modified, language: language.code)
        return document(titleKey: "epub_title_page", className: "title-page", content: """
            <h1 id="title"\(uiLang("site_title"))>\(text("site_title"))</h1>
            <p class="subtitle"\(uiLang("epub_subtitle"))>\(escape(subtitle))</p>
            <p\(uiLang("epub_written_from"))>\(escape(strings.text("epub_written_from") + strings.text("label_separator")))<cite\(uiLang("epub_source"))>\(text("epub_source"))</cite></p>
            <p\(uiLang("epub_edition"))>\(escape(strings.text("epub_edition", ["date": date])))</p>
            <p\(uiLang("epub_rights"))>\(text("epub_rights"))</p>

            """)
    }

    /// An XHTML document of the book titled by the string `titleKey`, its `content` in `<main>`.
    private func document(titleKey: String, className: String, content: String) -> String {
        EPUBContentDocument.header(title: strings.text(titleKey), tag: language.tag, stylesheet: "../style.css", dir: language.dir)
            + "<main class=\"\(className)\">\n" + content + "</main>\n</body>\n</html>\n"
    }

    private func text(_ key: String) -> String { escape(strings.text(key)) }
    private func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
    private func uiLang(_ key: String) -> String { EPUBContentDocument.lang(strings.fallbackLanguage(of: key)) }

    /// `text` broken into lines no wider than `width` at `fontSize`, between words, or between
    /// characters of scripts written without spaces. Widths are estimates (a Han character is one
    /// em wide, a Latin letter a little over half), enough to keep a short title inside the cover.
    static func lines(_ text: String, width: Double, fontSize: Double) -> [String] {
        func isWide(_ character: Character) -> Bool {
            character.unicodeScalars.first.map { $0.value >= 0x2E80 } ?? false
        }
        func measure<Text: StringProtocol>(_ piece: Text) -> Double {
            piece.reduce(0) { $0 + (isWide($1) ? 1.0 : ($1.isUppercase ? 0.68 : 0.56)) } * fontSize
        }
        // Pieces: a word with the spaces before it, or one wide character (which may end a line).
        var pieces: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if isWide(text[index]) {
                if start < index { pieces.append(text[start..<index]) }
                pieces.append(text[index..<next])
                start = next
            } else if text[index] == " ", start < index, text[start..<index].contains(where: { $0 != " " }) {
                pieces.append(text[start..<index])
                start = index
            }
            index = next
        }
        if start < text.endIndex { pieces.append(text[start...]) }
        var lines: [String] = []
        var line = ""
        for piece in pieces {
            if !line.isEmpty, measure(line + piece) > width {
                lines.append(line)
                line = String(piece.drop { $0 == " " })
            } else {
                line += line.isEmpty ? String(piece.drop { $0 == " " }) : String(piece)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
