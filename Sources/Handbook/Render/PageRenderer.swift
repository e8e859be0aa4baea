import Foundation
import Mustache

/// Render stage: turns the resolved site into output files in memory.
///
/// 1. Compile the templates once (syntax errors name the template's line and column).
/// 2. For each language in turn, render every page body once (`RenderedBodies`), then, in one pool
///    of jobs, its EPUB edition, its search index and its pages: every content page with the
///    template of its kind, the generated pages (lists, A–Z index, checklist, single-page edition…).
/// 3. Add the root page, the shared assets, `data/handbook.json` and `sitemap.xml`.
/// Jobs run in parallel; the result is sorted by path, so output never depends on timing.
public struct PageRenderer {
    private let diagnostics: DiagnosticEngine
    private let templates: TemplateSet
    private let timings: StageTimings?
    private let memo: BuildMemo?
    private let epub: EPUBEditions
    private let pageSink: (@Sendable (OutputFile) -> Void)?

    /// What a render does about the EPUB edition of each language.
    enum EPUBEditions {
        /// No edition is made and no page links to one.
        case none
        /// Every language's edition is made, and pages link to it with its size.
        case make
    }

    /// Creates a renderer with compiled templates; with a `memo`, work equal to the last build's is
    /// reused; with a `pageSink`, each page, book and search index goes there as soon as it is made
    /// and the result lists it with no contents, so a build need not hold the whole site in memory.
    init(
        templates: TemplateSet, diagnostics: DiagnosticEngine, timings: StageTimings? = nil, memo: BuildMemo? = nil,
        epub: EPUBEditions = .none, pageSink: (@Sendable (OutputFile) -> Void)? = nil
    ) {
        self.templates = templates
        self.diagnostics = diagnostics
        self.timings = timings
        self.memo = memo
        self.epub = epub
        self.pageSink = pageSink
    }

    /// The pages that link to the EPUB edition with its size, so they change whenever it does.
    static func pagesLinkingEPUB(in language: LanguageCode) -> [OutputPath] {
        ["index", "offline", "handbook"].map { OutputLayout.path(of: .page($0), in: language) }
    }

    /// Every output file of the site, sorted by path. The search index's jobs are `search`, or
    /// else planned here.
    ///
    /// One language at a time, in one pool of jobs: its bodies are rendered first (each once),
    /// then its EPUB edition, its search entries and index and its pages run side by side (the
    /// three pages that show the book's size wait for it, handed out last); its bodies are let go
    /// before the next language, so only one language's are held at once.
    func render(_ site: ResolvedSite, search: SearchIndexBuilder.Plan? = nil) -> [OutputFile] {
        let makesBook: Bool
        if case .make = epub { makesBook = true } else { makesBook = false }
        let search = search ?? SearchIndexBuilder().plan(site, memo: memo)
        let handbookParts = SinglePageEdition.partIDs(site)
        // In a watch session, what pages' contexts read is recorded against this run's site.
        let siteFacts = memo.flatMap { memo in site.shape.map { SiteFacts.generations(of: site, shape: $0, memo: memo) } }
        var files: [OutputFile] = []
        timings.measure("render") {
            for (position, language) in site.config.languages.enumerated() {
                let code = language.code
                let bodies = timings.measure("bodies (\(code))") {
                    RenderedBodies(site.pages(in: code).map { (code, $0) }, site: site, memo: memo)
                }
                let book = makesBook ? Book() : nil
                var jobs: [() -> Output] = []
                if let book {
                    jobs.append { .book(book.make { epub(site, language, bodies: bodies, facts: siteFacts) }.map(emit)) }
                }
                // The index of this language, if it is indexed: its entries, then the job that
                // waits for them and weighs them.
                let entryJobs = search.entries.indices.filter { search.languages[search.entries[$0].language] == code }
                let entries = EntryStore(count: entryJobs.count)
                for (slot, job) in entryJobs.enumerated() {
                    jobs.append {
                        entries.set(slot, search.entries[job].make())
                        return .entry
                    }
                }
                if let index = search.languages.firstIndex(of: code) {
                    let own = SearchIndexBuilder.Plan(
                        languages: [code], synonyms: [search.synonyms[index]], entries: entryJobs.map { (0, search.entries[$0].make) })
                    jobs.append {
                        let all = entries.waitForAll()
                        return timings.measure("search index (\(search.languages[index]))") {
                            .index(SearchIndexBuilder().files(ofLanguage: 0, own, entries: all, memo: memo).map(emit))
                        }
                    }
                }
                let sizes: () -> Int? = { book?.size() }
                var facts = siteFacts
                facts?.epubSizes = [code: sizes]
                let builder = ContextBuilder(site: site, language: language, bodies: bodies, epubSize: sizes, memo: memo)
                var pages: [(path: OutputPath, job: () -> OutputFile?)] = []
                for page in site.pages(in: code) {
                    pages.append((page.outputPath, { renderPage(page.outputPath, template: builder.templateName(for: page.key), source: page.source.file.path, facts: facts) { builder.context(for: page) } }))
                }
                for generated in site.generatedPages {
                    let path = OutputLayout.path(of: .page(generated.id), in: code)
                    pages.append((path, { renderPage(path, template: generated.id, source: "\(site.config.contentFolder)/\(code)", facts: facts) { builder.generatedContext(generated) } }))
                }
                for (index, id) in handbookParts.enumerated() {
                    let path = OutputLayout.path(of: .page(id), in: code)
                    pages.append((path, {
                        renderPage(path, template: "handbook", source: "\(site.config.contentFolder)/\(code)", facts: facts) { builder.handbookPartContext(index + 1) }
                    }))
                }
                if position == 0 {
                    pages.append(("index.html", { renderPage("index.html", template: "root", source: "\(site.config.contentFolder)/site.yaml") { ContextBuilder.rootContext(site) } }))
                    pages += hostingPageJobs(site).map { ("", $0) }
                }
                // The pages that show the book's size last, so the book is done before they need it.
                let showingSize = Set(Self.pagesLinkingEPUB(in: code))
                let ordered = pages.filter { !showingSize.contains($0.path) } + pages.filter { showingSize.contains($0.path) }
                jobs += ordered.map { page in { .page(page.job()) } }
                for output in Parallel.map(jobs.count, { jobs[$0]() }) {
                    switch output {
                    case .page(let file?), .book(let file?): files.append(file)
                    case .index(let made): files += made
                    case .page(nil), .book(nil), .entry: break
                    }
                }
            }
        }
        files += templates.assets
        // Every build, a rebuild too, since an image may be new: two languages' identical versions
        // share one content-addressed file.
        var copied: Set<OutputPath> = []
        for image in site.images where copied.insert(image.outputPath).inserted {
            files.append(OutputFile(path: image.outputPath, contents: image.bytes))
        }
        files.append(DataExport(site: site).handbookJSON())
        files += DataExport(site: site).hostingFiles()
        return files.sorted { $0.path < $1.path }
    }

    /// The redirect page at each renumbered section's old address in every language, and `404.html`.
    private func hostingPageJobs(_ site: ResolvedSite) -> [() -> OutputFile?] {
        var jobs: [() -> OutputFile?] = []
        let pages = HostingPages(site: site)
        if !site.movedSections.isEmpty, !templates.names.contains("redirect") {
            let (old, new) = site.movedSections.min { NumberOrder.less($0.key, $1.key) }!
            diagnostics.error(
                .missingTemplate, "there is no template \"redirect.mustache\"", at: SourceLocation(path: "templates/redirect.mustache"),
                notes: [Diagnostic.Note("section \(new) was \(old): its old address needs a redirect page")])
            return []
        }
        for language in site.config.languages {
            for old in site.movedSections.keys.sorted(by: NumberOrder.less) {
                let path = OutputLayout.path(of: .section(old), in: language.code)
                jobs.append { renderPage(path, template: "redirect", source: "content/\(language.code)") { pages.redirect(from: old, in: language).map { .view($0) } ?? .null } }
            }
        }
        if templates.names.contains("404") {
            jobs.append { renderPage(HostingPages.notFoundPath, template: "404", source: "content/site.yaml") { .view(pages.notFound()) } }
        }
        return jobs
    }

    /// The EPUB edition of `language`, or nil (reported) when it cannot be made.
    private func epub(_ site: ResolvedSite, _ language: Language, bodies: RenderedBodies, facts: SiteFacts?) -> OutputFile? {
        timings.measure("epub (\(language.code))") {
            do throws(ZipArchive.Failure) {
                var edition = EPUBEdition(site: site, language: language, strings: site.strings(in: language.code), bodies: bodies)
                if let memo, let facts { edition.traced = (facts, memo) }
                guard let memo else { return try edition.file() }
                // Deflating the book is most of its cost; a book whose every entry is as last time is not deflated again.
                let entries = edition.entries()
                let bytes = memo.books.value(language.code, inputs: entries) {
                    Result { () throws(ZipArchive.Failure) in try ZipArchive.bytes(of: entries) }
                }
                return OutputFile(path: OutputLayout.epub(in: language.code), contents: try bytes.get())
            } catch {
                diagnostics.error(
                    .epubFailed, "cannot make the EPUB edition: \(error.message)", at: SourceLocation(path: "content/\(language.code)"))
                return nil
            }
        }
    }

    /// A language's EPUB edition, made by one job; the jobs of the pages that show its size wait for it.
    private final class Book: @unchecked Sendable {
        private var bytes: Int?
        private let done = DispatchGroup()

        init() { done.enter() }

        func make(_ body: () -> OutputFile?) -> OutputFile? {
            let file = body()
            bytes = file?.contents.count
            done.leave()
            return file
        }

        /// The book's size in bytes, once it is made; nil when it could not be.
        func size() -> Int? {
            done.wait()
            return bytes
        }
    }

    /// `file`, or, with a `pageSink`, `file` sent there and listed without its contents, so that
    /// large files (books, search indexes) are not held until the write step.
    private func emit(_ file: OutputFile) -> OutputFile {
        guard let pageSink else { return file }
        pageSink(file)
        return OutputFile(path: file.path, contents: [])
    }

    private enum Output {
        case page(OutputFile?)
        case book(OutputFile?)
        case entry
        case index([OutputFile])
    }

    /// The search entries as jobs finish them, for the index jobs that wait for all of them.
    private final class EntryStore: @unchecked Sendable {
        private var entries: [SearchIndexBuilder.Entry?]
        private let lock = NSLock()
        private let done = DispatchGroup()

        init(count: Int) {
            entries = Array(repeating: nil, count: count)
            for _ in 0..<count { done.enter() }
        }

        func set(_ index: Int, _ entry: SearchIndexBuilder.Entry) {
            lock.withLock { entries[index] = entry }
            done.leave()
        }

        func waitForAll() -> [SearchIndexBuilder.Entry] {
            done.wait()
            return lock.withLock { entries.map { $0! } }
        }
    }

    /// The page at `path` rendered with `template` from `context()`, or nil (reported) when the
    /// template fails. In a watch session, a page whose context's reads of the site (`facts`) all
    /// find what they found last time is the last run's page; else its context is made, and the
    /// page rendered again only when the library, template or context differ from the last run's
    /// (the context is the whole of what the render reads, so it is the record of its inputs).
    private func renderPage(
        _ path: OutputPath, template: String, source: String, facts: SiteFacts? = nil, context: () -> MustacheValue
    ) -> OutputFile? {
        let library = templates.library
        let render = { (context: MustacheValue) in
            Result { () throws(TemplateError) in Array(try library.render(template, context).utf8) }
        }
        let rendered: Result<[UInt8], TemplateError>
        if let memo {
            let make = { (context: MustacheValue) in
                memo.pages.value(path, inputs: BuildMemo.RenderInputs(library: library, template: template, context: context, source: source)) {
                    render(context)
                }
            }
            if let facts {
                rendered = memo.renders.value(path, holds: { $0.holds(library: library, template: template, source: source, in: facts) }) {
                    let (context, reads) = SiteReads.recording(in: facts, context)
                    let made = make(context)
                    return (BuildMemo.RenderTrace(library: library, template: template, source: source, reads: reads), made)
                }
                // The context's entry is kept, so the page is compared, not rendered, when its reads change.
                memo.pages.keep(path)
            } else {
                rendered = make(context())
            }
        } else {
            rendered = render(context())
        }
        switch rendered {
        case .success(let bytes):
            return emit(OutputFile(path: path, contents: bytes))
        case .failure(let error):
            diagnostics.error(
                .templateError, error.message,
                at: SourceLocation(path: "\(templates.folder)/\(error.templateName).mustache", line: error.line, column: error.column),
                notes: [Diagnostic.Note("while rendering \(path) from \(source)")])
            return nil
        }
    }
}
