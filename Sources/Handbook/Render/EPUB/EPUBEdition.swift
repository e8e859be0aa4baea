import Markdown

/// The EPUB 3 edition of one language (`<lang>/handbook.epub`): a cover and title page, the home
/// page's text as the introduction, every practice, every section, the WCAG map and the audit
/// checklist, and the About, Notes on the source and accessibility pages, each its own XHTML content
/// document, with a navigation document and accessibility metadata. The container is a ZIP whose entries
/// always come in the same order with the same timestamps, so the bytes depend only on the content.
struct EPUBEdition {
    let site: ResolvedSite
    let language: Language
    let strings: UIStrings
    /// The pages' bodies, rendered once for the site and placed here.
    let bodies: RenderedBodies
    /// In a watch session, this run's facts and the session's memory: a document whose reads of
    /// the site all find what they found last time is the last run's document.
    var traced: (facts: SiteFacts, memo: BuildMemo)? = nil

    /// The page that opens the book as its introduction, before the practices.
    static let frontPageIDs = ["index"]
    /// The pages, after practices, sections and the generated pages, that the book holds.
    static let pageIDs = ["about", "source-notes", "accessibility"]

    /// A document of a right-to-left book with the source language's text standing in for a
    /// translation and its code marked left to right (`dir`, as EPUB style sheets may not set
    /// `direction`), so "Chapter 16." keeps its full stop at its end and code is never mirrored.
    private func directed(_ xhtml: String) -> String {
        let source = site.config.sourceLanguage
        guard language.dir == "rtl", source.dir == "ltr" else { return xhtml }
        let marked = EPUBContentDocument.lang(source.tag)
        return xhtml.replacingOccurrences(of: marked, with: marked + " dir=\"ltr\"")
            .replacingOccurrences(of: "<pre", with: "<pre dir=\"ltr\"")
            .replacingOccurrences(of: "<code", with: "<code dir=\"ltr\"")
    }

    /// The container's entries in order: `mimetype` (stored, first), then the rest (deflated).
    func entries() -> [ZipArchive.Entry] {
        let heldIDs = Set(Self.frontPageIDs + Self.pageIDs)
        let pages = site.pages(in: language.code).filter { page in
            if case .page(let id) = page.key { return heldIDs.contains(id) }
            return true
        }
        let generated = EPUBAuditDocuments.pages(of: site)
        let audit = EPUBAuditDocuments(site: site, language: language, strings: strings)
        let front = Self.frontPageIDs.filter { id in pages.contains { $0.key == .page(id) } }
        let back = generated.map(\.id) + Self.pageIDs.filter { id in pages.contains { $0.key == .page(id) } }
        // The spine follows the table of contents, as reading systems expect: a section whose parent
        // is out of number order (9.1.3 under 9.2) is read where the contents list it.
        let byKey = Dictionary(uniqueKeysWithValues: pages.map { ($0.key, $0) })
        let order = EPUBNavigation.readingOrder(site, front: front, back: back).filter { key in
            byKey[key] != nil || generated.contains { .page($0.id) == key }
        }
        let bookFiles = Dictionary(uniqueKeysWithValues: order.map { ($0, EPUBContentDocument.fileName(of: $0)) })
        let document = EPUBContentDocument(site: site, language: language, strings: strings, bodies: bodies, bookFiles: bookFiles)
        let frontMatter = EPUBFrontMatter(site: site, language: language, strings: strings)
        let opening = [
            EPUBPackageDocument.Item(id: "cover", href: "text/" + EPUBFrontMatter.coverDocument),
            EPUBPackageDocument.Item(id: "title-page", href: "text/" + EPUBFrontMatter.titleDocument),
        ]
        let items = order.map { key in
            EPUBPackageDocument.Item(id: "d-" + key.id.replacingASCII(".", with: "-") + kindSuffix(key),
                                     href: "text/" + EPUBContentDocument.fileName(of: key))
        }
        let images = bookImages(order.compactMap { byKey[$0] })
        let package = EPUBPackageDocument(
            site: site, language: language, strings: strings, modified: site.config.modified, opening: opening, items: items,
            cover: EPUBFrontMatter.coverImage,
            images: images.map { EPUBPackageDocument.Image(href: $0.outputPath.rawValue, mediaType: $0.mediaType) })
        let titles = Dictionary(uniqueKeysWithValues: generated.map { (PageKey.page($0.id), audit.title(of: $0)) })
        let navigation = EPUBNavigation(site: site, language: language, strings: strings, front: front, back: back, generatedTitles: titles)
        var entries: [ZipArchive.Entry] = [
            ZipArchive.Entry(name: "mimetype", contents: Array("application/epub+zip".utf8), stored: true),
            ZipArchive.Entry(name: "META-INF/container.xml", contents: Array(Self.container.utf8)),
            ZipArchive.Entry(name: "EPUB/package.opf", contents: Array(package.render().utf8)),
            ZipArchive.Entry(name: "EPUB/nav.xhtml", contents: Array(directed(navigation.render()).utf8)),
            ZipArchive.Entry(name: "EPUB/style.css", contents: Array(EPUBStylesheet.css.utf8)),
            ZipArchive.Entry(name: "EPUB/" + opening[0].href, contents: Array(directed(frontMatter.coverXHTML()).utf8)),
            ZipArchive.Entry(name: "EPUB/" + opening[1].href, contents: Array(directed(frontMatter.titlePageXHTML()).utf8)),
        ]
        let bookFilesGeneration = traced.map { $0.memo.epubBookFiles.value(language.code, inputs: bookFiles) { BuildMemo.nextGeneration() } }
        for (key, item) in zip(order, items) {
            let make: () -> String
            if let page = byKey[key] {
                make = { document.render(page) }
            } else if case .page(let id) = key, let page = GeneratedPage(rawValue: id) {
                make = { audit.render(page) }
            } else {
                continue
            }
            let text = tracedDocument(item.href, key: key, bookFiles: bookFilesGeneration, make)
            entries.append(ZipArchive.Entry(name: "EPUB/" + item.href, contents: Array(directed(text).utf8)))
        }
        entries.append(ZipArchive.Entry(name: "EPUB/" + EPUBFrontMatter.coverImage, contents: Array(frontMatter.coverSVG().utf8)))
        for image in images {
            entries.append(ZipArchive.Entry(name: "EPUB/" + image.outputPath.rawValue, contents: image.bytes))
        }
        return entries
    }

    /// The document `make()` gives, or in a watch session the last run's document at `href` when
    /// the book's files are the same (`bookFiles`, a generation) and every read its making recorded
    /// (its page, the strings and what it read of the site) finds what it found.
    private func tracedDocument(_ href: String, key: PageKey, bookFiles: Int?, _ make: () -> String) -> String {
        guard let facts = traced?.facts, let memo = traced?.memo, let bookFiles else { return make() }
        let slot = language.code.rawValue + "/" + href
        return memo.epubDocuments.value(slot, holds: { $0.bookFiles == bookFiles && $0.reads?.hold(in: facts) == true }) {
            let (text, reads) = SiteReads.recording(in: facts) { () -> String in
                SiteReads.record(.strings(language.code))
                SiteReads.record(.page(key, language.code))
                return make()
            }
            return (BuildMemo.EPUBDocumentTrace(bookFiles: bookFiles, reads: reads), text)
        }
    }

    /// The content images the book's documents show, each once, in output-path order: the
    /// language's own version where it has one, as on the site.
    private func bookImages(_ pages: [ResolvedPage]) -> [ImageFile] {
        var used = Set<OutputPath>()
        for page in pages {
            page.body.forEach { node in
                // A bound image's address is its path in the output.
                if case .image(let url, _) = node.kind, !url.isEmpty { used.insert(OutputPath(url)) }
            }
        }
        var seen = Set<OutputPath>()
        return site.images.filter { used.contains($0.outputPath) && seen.insert($0.outputPath).inserted }
            .sorted { $0.outputPath < $1.outputPath }
    }

    /// The book as an output file.
    func file() throws(ZipArchive.Failure) -> OutputFile {
        OutputFile(path: OutputLayout.epub(in: language.code), contents: try ZipArchive.bytes(of: entries()))
    }

    private func kindSuffix(_ key: PageKey) -> String {
        switch key {
        case .practice: return "-bp"
        case .section: return "-sec"
        case .page: return "-page"
        }
    }

    static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles>
        <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
        </rootfiles>
        </container>

        """
}
