import Markdown

/// The EPUB package document (`package.opf`): metadata with the EPUB Accessibility 1.1 properties,
/// the manifest and the spine (the reading order).
struct EPUBPackageDocument {
    /// A content document in reading order.
    struct Item {
        var id: String
        var href: String
    }

    /// A content image the book holds.
    struct Image {
        var href: String
        var mediaType: String
    }

    let site: ResolvedSite
    let language: Language
    let strings: UIStrings
    /// When the content was last changed (`site.yaml`'s `modified`), never the build's clock.
    let modified: String
    /// The cover and title page, read before the contents.
    var opening: [Item] = []
    /// The documents after the contents, in reading order.
    let items: [Item]
    /// The cover image, under `EPUB/`.
    var cover: String?
    var images: [Image] = []

    /// The identifier of a language's book: the same in every build, different per language.
    static func identifier(of language: Language) -> String {
        "urn:x-mobile-app-accessibility-handbook:edition:\(language.code)"
    }

    /// Whether the book shows any image (the cover is one).
    private var hasImages: Bool { cover != nil || !images.isEmpty }

    /// The package document's XML.
    func render() -> String {
        func text(_ key: String) -> String { HTMLEscaping.escape(strings.text(key)) }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="pub-id" xml:lang="\(language.tag)" dir="\(language.dir)">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:identifier id="pub-id">\(Self.identifier(of: language))</dc:identifier>
            <dc:title>\(text("site_title"))</dc:title>
            <dc:language>\(language.tag)</dc:language>
            <dc:creator>\(text("epub_publisher"))</dc:creator>
            <dc:publisher>\(text("epub_publisher"))</dc:publisher>
            <dc:source>\(text("epub_source"))</dc:source>
            <dc:description>\(text("epub_description"))</dc:description>
            <dc:rights>\(text("epub_rights"))</dc:rights>
            <dc:date>\(modified.prefix(10))</dc:date>
            <meta property="dcterms:modified">\(modified)</meta>
            <meta property="schema:accessMode">textual</meta>\(hasImages ? "\n<meta property=\"schema:accessMode\">visual</meta>" : "")
            <meta property="schema:accessModeSufficient">textual</meta>
            <meta property="schema:accessibilityFeature">tableOfContents</meta>
            <meta property="schema:accessibilityFeature">structuralNavigation</meta>
            <meta property="schema:accessibilityFeature">readingOrder</meta>
            <meta property="schema:accessibilityFeature">displayTransformability</meta>
            \(hasImages ? "<meta property=\"schema:accessibilityFeature\">alternativeText</meta>\n" : "")            <meta property="schema:accessibilityHazard">none</meta>
            <meta property="schema:accessibilitySummary">\(text("epub_accessibility_summary"))</meta>
            <meta property="dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.2 Level AA</meta>
            <meta property="a11y:certifiedBy">\(text("epub_publisher"))</meta>\(cover == nil ? "" : "\n<meta name=\"cover\" content=\"cover-image\"/>")
            </metadata>
            <manifest>
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            <item id="css" href="style.css" media-type="text/css"/>

            """
        for item in opening + items {
            out += "<item id=\"\(item.id)\" href=\"\(item.href)\" media-type=\"application/xhtml+xml\"/>\n"
        }
        if let cover {
            out += "<item id=\"cover-image\" href=\"\(cover)\" media-type=\"image/svg+xml\" properties=\"cover-image\"/>\n"
        }
        for (index, image) in images.enumerated() {
            out += "<item id=\"img-\(index + 1)\" href=\"\(image.href)\" media-type=\"\(image.mediaType)\"/>\n"
        }
        // A right-to-left book turns its pages the other way.
        out += "</manifest>\n" + (language.dir == "rtl" ? "<spine page-progression-direction=\"rtl\">\n" : "<spine>\n")
        for item in opening { out += "<itemref idref=\"\(item.id)\"/>\n" }
        out += "<itemref idref=\"nav\"/>\n"
        for item in items { out += "<itemref idref=\"\(item.id)\"/>\n" }
        out += "</spine>\n</package>\n"
        return out
    }
}
