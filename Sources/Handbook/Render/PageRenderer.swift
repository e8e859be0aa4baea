import Foundation
import Mustache

/// Render stage: turns the resolved site into output files in memory.
///
/// 1. Compile the templates once (syntax errors name the template's line and column).
/// 2. For each language, render every content page with the template of its kind, then the
///    generated pages (principles, practice list, section tree, A–Z index, translation status).
/// 3. Add the root page, the shared assets, `data/handbook.json` and `sitemap.xml`.
/// Pages render in parallel; the result is sorted by path, so output never depends on timing.
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
        /// The editions of the languages rendered are made, and pages link to them with their sizes.
        case make
        /// Pages link to editions of these sizes (by language code) made before; none is made.
        /// A rebuild uses it to put the pages out first and make the editions after.
        case made(sizes: [String: Int])
    }

    /// Creates a renderer with compiled templates; with a `memo`, work equal to the last build's is
    /// reused; with a `pageSink`, each page goes there as soon as it is rendered and the result lists
    /// it with no contents, so a build need not hold the whole site in memory.
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
    static func pagesLinkingEPUB(in language: String) -> [String] {
        ["index", "offline", "handbook"].map { OutputLayout.path(of: .page($0), in: language) }
    }

    /// Every output file of the site, sorted by path; with `only`, just the pages at those paths
    /// (plus the data export, sitemap and search indexes, which depend on every page, unless
    /// `collections` is false). The search index's jobs are `search`, or else planned for the
    /// languages rendered.
    func render(_ site: ResolvedSite, only: Set<String>? = nil, search: SearchIndexBuilder.Plan? = nil, collections: Bool = true) -> [OutputFile] {
        var jobs: [() -> OutputFile?] = []
        // The EPUBs come first: three pages show their sizes. A partial rebuild makes those of the
        // languages it renders, and renders those three pages again.
        let touched = only.map { Set($0.compactMap { $0.split(separator: "/").first.map(String.init) }) }
        let bodies = timings.measure("bodies") { RenderedBodies(shownBodies(site, only: only, touched: touched), site: site, memo: memo) }
        let books = if case .make = epub { epubs(site, languages: touched, bodies: bodies) } else { [OutputFile]() }
        let only = only.map { paths in paths.union(books.flatMap { Self.pagesLinkingEPUB(in: String($0.path.prefix { $0 != "/" })) }) }
        let sizes = if case .made(let sizes) = epub { sizes } else {
            Dictionary(uniqueKeysWithValues: books.map { (String($0.path.prefix { $0 != "/" }), $0.contents.count) })
        }
        let wanted = { (path: String) in only.map { $0.contains(path) } ?? true }
        let handbookParts = SinglePageEdition.partIDs(site)
        for language in site.config.languages {
            let builder = ContextBuilder(site: site, language: language, bodies: bodies, epubSize: sizes[language.code])
            for page in site.pages(in: language.code) where wanted(page.outputPath) {
                jobs.append { renderPage(page.outputPath, template: builder.templateName(for: page.key), source: page.source.file.path) { builder.context(for: page) } }
            }
            for generated in site.generatedPages where wanted(OutputLayout.path(of: .page(generated.id), in: language.code)) {
                let path = OutputLayout.path(of: .page(generated.id), in: language.code)
                jobs.append { renderPage(path, template: generated.id, source: "\(site.config.contentFolder)/\(language.code)") { builder.generatedContext(generated) } }
            }
            for (index, id) in handbookParts.enumerated() {
                let path = OutputLayout.path(of: .page(id), in: language.code)
                guard wanted(path) else { continue }
                jobs.append {
                    renderPage(path, template: "handbook", source: "\(site.config.contentFolder)/\(language.code)") { builder.handbookPartContext(index + 1) }
                }
            }
        }
        if wanted("index.html") {
            jobs.append { renderPage("index.html", template: "root", source: "\(site.config.contentFolder)/site.yaml") { ContextBuilder.rootContext(site) } }
        }
        jobs += hostingPageJobs(site, wanted: wanted)
        // An incremental rebuild indexes again only the languages whose pages it renders.
        let languages = collections ? only.map { Set($0.compactMap { $0.split(separator: "/").first.map(String.init) }) } : []
        // Pages and the search index share one pool, so both cores stay busy: first each page's
        // search entry, then each language's index (which waits for the entries, all handed out by
        // then), then the pages, which keep the other core busy meanwhile.
        let search = search ?? SearchIndexBuilder().plan(site, only: languages, memo: memo)
        let entries = EntryStore(count: search.entries.count)
        let (entryJobs, indexJobs) = (search.entries.count, search.languages.count)
        let outputs = timings.measure("render") {
            Parallel.map(entryJobs + indexJobs + jobs.count) { index -> Output in
                if index < entryJobs {
                    entries.set(index, search.entries[index].make())
                    return .entry
                }
                if index < entryJobs + indexJobs {
                    let all = entries.waitForAll()
                    return timings.measure("search index (\(search.languages[index - entryJobs]))") {
                        .index(SearchIndexBuilder().files(ofLanguage: index - entryJobs, search, entries: all, memo: memo))
                    }
                }
                return .page(jobs[index - entryJobs - indexJobs]())
            }
        }
        let results = outputs.map { if case .page(let file) = $0 { return file } else { return nil } }
        let index = outputs.flatMap { if case .index(let files) = $0 { return files } else { return [] } }
        var files = results.compactMap { $0 }
        if only == nil { files += templates.assets }
        // Every build, a rebuild too, since an image may be new: two languages' identical versions
        // share one content-addressed file.
        var copied: Set<String> = []
        for image in site.images where copied.insert(image.outputPath).inserted {
            files.append(OutputFile(path: image.outputPath, contents: image.bytes))
        }
        if collections {
            files.append(DataExport(site: site).handbookJSON())
            files += DataExport(site: site).hostingFiles()
        }
        files += index
        files += books
        return files.sorted { $0.path < $1.path }
    }

    /// The pages whose bodies a render shows, each rendered once: every page, or in a partial render
    /// the pages rendered again and all those of a language whose single-page edition or EPUB is.
    private func shownBodies(_ site: ResolvedSite, only: Set<String>?, touched: Set<String>?) -> [(language: String, page: ResolvedPage)] {
        var out: [(language: String, page: ResolvedPage)] = []
        let editionIDs = ["handbook"] + SinglePageEdition.partIDs(site)
        for language in site.config.languages {
            let pages = site.pages(in: language.code)
            let whole = only.map { only in
                if case .make = epub, touched?.contains(language.code) ?? true { return true }
                return editionIDs.contains { only.contains(OutputLayout.path(of: .page($0), in: language.code)) }
            } ?? true
            for page in pages where whole || only?.contains(page.outputPath) == true { out.append((language.code, page)) }
        }
        return out
    }

    /// The redirect page at each renumbered section's old address in every language, and `404.html`.
    private func hostingPageJobs(_ site: ResolvedSite, wanted: (String) -> Bool) -> [() -> OutputFile?] {
        var jobs: [() -> OutputFile?] = []
        let pages = HostingPages(site: site)
        if !site.movedSections.isEmpty, !templates.names.contains("redirect") {
            let (old, new) = site.movedSections.min { NumberOrder.less($0.key, $1.key) }!
            diagnostics.error(
                "missing-template", "there is no template \"redirect.mustache\"", at: SourceLocation(path: "templates/redirect.mustache"),
                notes: [Diagnostic.Note("section \(new) was \(old): its old address needs a redirect page")])
            return []
        }
        for language in site.config.languages {
            for old in site.movedSections.keys.sorted(by: NumberOrder.less) {
                let path = OutputLayout.path(of: .section(old), in: language.code)
                guard wanted(path) else { continue }
                jobs.append { renderPage(path, template: "redirect", source: "content/\(language.code)") { pages.redirect(from: old, in: language).map { .view($0) } ?? .null } }
            }
        }
        if templates.names.contains("404"), wanted(HostingPages.notFoundPath) {
            jobs.append { renderPage(HostingPages.notFoundPath, template: "404", source: "content/site.yaml") { .view(pages.notFound()) } }
        }
        return jobs
    }

    /// The EPUB edition of each language (of `languages` only, if given), made in parallel.
    private func epubs(_ site: ResolvedSite, languages: Set<String>?, bodies: RenderedBodies) -> [OutputFile] {
        let wanted = site.config.languages.filter { languages?.contains($0.code) ?? true }
        let results = timings.measure("epub") {
            Parallel.map(wanted.count) { index -> Result<OutputFile, ZipArchive.Failure> in
                let language = wanted[index]
                let strings = site.strings(in: language.code)
                return Result { () throws(ZipArchive.Failure) in
                    try EPUBEdition(site: site, language: language, strings: strings, bodies: bodies).file()
                }
            }
        }
        return zip(wanted, results).compactMap { language, result in
            switch result {
            case .success(let file): return file
            case .failure(let failure):
                diagnostics.error(
                    "epub-failed", "cannot make the EPUB edition: \(failure.message)", at: SourceLocation(path: "content/\(language.code)"))
                return nil
            }
        }
    }

    private enum Output {
        case page(OutputFile?)
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

    private func renderPage(
        _ path: String, template: String, source: String, context: () -> MustacheValue
    ) -> OutputFile? {
        do {
            let html = try templates.library.render(template, context())
            guard let pageSink else { return OutputFile(path: path, text: html) }
            pageSink(OutputFile(path: path, text: html))
            return OutputFile(path: path, contents: [])
        } catch {
            diagnostics.error(
                "template-error", error.message,
                at: SourceLocation(path: "\(templates.folder)/\(error.templateName).mustache", line: error.line, column: error.column),
                notes: [Diagnostic.Note("while rendering \(path) from \(source)")])
            return nil
        }
    }
}
