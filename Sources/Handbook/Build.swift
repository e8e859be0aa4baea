import Foundation
import Markdown

/// `Handbook` builds the Mobile Application Accessibility Handbook from Markdown into a static site.
///
/// This file is the only one that knows every stage; it runs them in order:
/// 1. **Load** (`ContentLoader`): `content/site.yaml` and each language tree.
/// 2. **Parse** (`PageParser`): front matter with libyaml, bodies with cmark-gfm, anchors, lint.
/// 3. **Resolve** (`SiteResolver`): IDs, cross-references, back-links, translations and fallbacks;
///    `resolve()` stops here.
/// 4. **Templates** (`TemplateSet`): compiled once, their strings checked.
/// 5. **Index** (`SearchIndexBuilder`): the search index planned as jobs, run beside the pages.
/// 6. **Render** (`PageRenderer`): Mustache templates, assets, data export and sitemap; `build`
///    writes each page into the staging folder as soon as it is rendered, `check` keeps none.
/// 7. **Write** (`OutputWriter`): the rest of the files, then the staging folder swapped in, only
///    when no stage reported an error (else it is removed).
///
/// `rebuild` runs the same steps for `watch`, fed with the paths that changed and the caches of a
/// `Session`, with one more between resolving and rendering: the pages the change affects.
public struct Build {
    /// What a build or check produced.
    public struct Result: Sendable {
        /// Every diagnostic, sorted.
        public var diagnostics: [Diagnostic]
        /// The rendered files (empty when a stage failed); after `build()`, the files written while
        /// rendering (pages, books, search indexes) are listed with empty contents.
        public var files: [OutputFile]
        /// The resolved site, when the build got that far.
        public var site: ResolvedSite?
        /// Why the output folder was refused, before any work (a usage error: exit 2).
        public var refusal: OutputFolder.Refusal?
        /// Whether the run had no errors.
        public var succeeded: Bool { refusal == nil && !diagnostics.contains { $0.severity == .error } }
    }

    private let paths: ProjectPaths
    private let timings: StageTimings?
    private let epub: Bool

    /// Creates a build of the project at `paths`; with `timings`, each stage's duration is recorded
    /// there; with `epub` false, no EPUB edition is made.
    public init(paths: ProjectPaths, timings: StageTimings? = nil, epub: Bool = false) {
        self.paths = paths
        self.timings = timings
        self.epub = epub
    }

    /// Runs every stage but writing; `check` uses it as it is.
    public func run() -> Result {
        run(pageSink: nil)
    }

    /// Loads, parses and resolves, and stops there: for commands that need the resolved site but no
    /// pages (`i18n status`).
    public func resolve() -> Result {
        let diagnostics = DiagnosticEngine()
        let site = resolvedSite(diagnostics)
        return Result(diagnostics: diagnostics.diagnostics, files: [], site: site)
    }

    /// Steps 1–3: load, parse, resolve; nil when the content could not be loaded.
    private func resolvedSite(_ diagnostics: DiagnosticEngine) -> ResolvedSite? {
        guard let content = timings.measure("load", { ContentLoader(paths: paths, diagnostics: diagnostics).load() }) else { return nil }
        let parser = PageParser(diagnostics: diagnostics, sourceLanguage: content.config.sourceLanguage.code)
        let parsed = timings.measure("parse") { Parallel.map(content.pages.count) { parser.parse(content.pages[$0]) } }
        // The parsers' C trees are freed; their memory is not needed again.
        FreedMemory.release()
        let unparsed = Set(
            zip(content.pages, parsed).compactMap { file, page in
                page == nil && file.language == content.config.sourceLanguage.code ? PageKey(relativePath: file.relativePath) : nil
            })
        return timings.measure("resolve") {
            SiteResolver(diagnostics: diagnostics, timings: timings).resolve(parsed.compactMap { $0 }, content: content, unparsed: unparsed)
        }
    }

    /// Every step but writing; with a `pageSink`, each page goes there as it is rendered.
    private func run(pageSink: (@Sendable (OutputFile) -> Void)?) -> Result {
        let diagnostics = DiagnosticEngine()
        guard let site = resolvedSite(diagnostics) else { return Result(diagnostics: diagnostics.diagnostics, files: [], site: nil) }
        let sourceStrings = site.sourceStrings
        guard let templates = timings.measure("templates", {
            TemplateSet.load(from: paths.templates, paths: paths, strings: sourceStrings, diagnostics: diagnostics)
        }) else {
            return Result(diagnostics: diagnostics.diagnostics, files: [], site: site)
        }
        // The search index's jobs, planned here and run in the render step's thread pool beside the pages.
        let search = SearchIndexBuilder().plan(site)
        let renderer = PageRenderer(
            templates: templates, diagnostics: diagnostics, timings: timings, epub: epub ? .make : .none,
            pageSink: diagnostics.hasErrors ? nil : pageSink)
        let files = renderer.render(site, search: search)
        return Result(diagnostics: diagnostics.diagnostics, files: diagnostics.hasErrors ? [] : files, site: site)
    }

    /// Runs every stage and writes the output when there were no errors; an output folder that
    /// must not be replaced is refused before any work.
    public func build() -> Result {
        let folder: OutputFolder
        do {
            folder = try paths.vetOutput()
        } catch {
            return Result(diagnostics: [], files: [], site: nil, refusal: error)
        }
        // The staging folder is made first and each page written into it as soon as it is
        // rendered, so the site is never held in memory whole; a failed build removes it.
        let staging: OutputWriter.Staging
        do throws(OutputWriter.Failure) {
            staging = try OutputWriter.Staging(folder)
        } catch {
            var result = Result(diagnostics: [], files: [], site: nil)
            report(error, into: &result)
            return result
        }
        var result = run(pageSink: { _ = staging.write($0) })
        guard result.succeeded else {
            staging.discard()
            return result
        }
        let written = timings.measure("write") { () -> OutputWriter.Failure? in
            if let failure = staging.failure {
                staging.discard()
                return failure
            }
            let rest = result.files.filter { !staging.contains($0.path) }
            if let failure = Parallel.map(rest.count, { staging.write(rest[$0]) }).lazy.compactMap({ $0 }).first {
                staging.discard()
                return failure
            }
            do throws(OutputWriter.Failure) {
                try staging.commit(listing: result.files.map(\.path))
                return nil
            } catch {
                return error
            }
        }
        if let written { report(written, into: &result) }
        return result
    }

    /// Adds why writing failed to `result`: a refusal, or a located `write-failed` error.
    private func report(_ failure: OutputWriter.Failure, into result: inout Result) {
        switch failure {
        case .refused(let refusal): result.refusal = refusal
        case .cannotWrite(let path, let why):
            // Name the page as it will be in the output, and blame the file it comes from,
            // not a staging folder the user never sees.
            if let (output, source) = Self.origin(ofWritten: path, files: result.files, site: result.site) {
                result.diagnostics.append(.error("write-failed", "cannot write \(paths.display(paths.output))/\(output): \(why)", at: source))
            } else {
                result.diagnostics.append(
                    .error("write-failed", "cannot write \(path): \(why)", at: SourceLocation(path: paths.display(paths.output))))
            }
        case .unsafePath(let path):
            result.diagnostics.append(
                .error("write-failed", "refusing to write \"\(path)\" outside the output folder", at: SourceLocation(path: paths.display(paths.output))))
        }
    }

    /// The output path of the file written at `path` (in whatever folder it was being written to)
    /// and where the page that produced it is defined.
    static func origin(ofWritten path: String, files: [OutputFile], site: ResolvedSite?) -> (String, SourceLocation)? {
        guard let file = files.first(where: { path.hasSuffix("/" + $0.path) }) else { return nil }
        for edition in site?.editions ?? [] {
            if let page = edition.pages.first(where: { $0.outputPath == file.path }) { return (file.path, page.source.keyLocation) }
        }
        return nil
    }
}

// MARK: - Rebuilds in a watch session

extension Build {
    /// What a watch session keeps from one build to the next, injected into the steps: files read
    /// (`FileCache`), pages parsed, templates, reusable results (`BuildMemo`), the last good site and
    /// what the output folder holds.
    final class Session {
        let files = FileCache()
        let memo = BuildMemo()
        /// Each content file's last parse, by path: its fingerprint, page and diagnostics.
        var parsed: [String: (hash: String, key: PageKey?, language: String, page: ParsedPage?, diagnostics: [Diagnostic])] = [:]
        var templates: TemplateSet?
        /// The site of the last good build.
        var site: ResolvedSite?
        /// The output folder's files as last written, by path.
        var output: [String: [UInt8]] = [:]
        /// Languages whose EPUB edition, search index and data a partial rebuild left for `completeRebuild`.
        var pendingLanguages: Set<String> = []
        /// Pages a partial rebuild left for `completeRebuild`.
        var pendingPages: Set<String> = []
    }

    /// The paths (absolute) a watcher saw change since the last build; empty for the first one.
    struct ChangeSet {
        let paths: [String]

        /// Whether a template changed, so the templates are compiled again.
        func touchesTemplates(_ folder: URL) -> Bool { paths.contains { $0.hasPrefix(folder.path + "/") } }

        /// Whether a change can show on every page: the glossary, the WCAG catalogue, the notes and
        /// `site.yaml` (a language's `strings.yaml` shows on that language's pages only).
        var touchesEveryPage: Bool { paths.contains { $0.hasSuffix(".yaml") && !$0.hasSuffix("/strings.yaml") } }

        /// Whether a language's UI strings may have changed.
        var touchesStrings: Bool { paths.contains { $0.hasSuffix("/strings.yaml") } }
    }

    /// The steps of `build` for a watch session, fed with what changed:
    /// 1. **Load**: only files whose stamp changed are read again (`session.files`).
    /// 2. **Parse**: only files whose bytes changed are parsed; the others' diagnostics are reported again.
    /// 3. **Resolve**: the whole site (links and back-links depend on every page), reusing `session.memo`.
    /// 4. **Templates**: compiled again only when one changed.
    /// 5. **Affected pages** (`AffectedPages`): what the edits can change; everything when a template,
    ///    a YAML file changed or on the first build. In a partial rebuild, the pages that gather every
    ///    page (lists, A–Z, checklist, single-page edition) wait for `completeRebuild`, with the search
    ///    indexes, the data export and the EPUB editions, so the pages that show the edit come out first.
    /// 6. **Index** and **Render**: the affected pages and the languages' search indexes.
    /// 7. **Write** (`InPlaceWriter`): only files whose bytes differ; a content error leaves the output as it was.
    func rebuild(_ changes: ChangeSet, in session: Session) -> IncrementalBuild.Report {
        let diagnostics = DiagnosticEngine()
        var report = IncrementalBuild.Report(diagnostics: [], written: [], removed: [], rendered: 0, full: false, seconds: 0)
        session.files.forget(changes.paths)
        guard let content = timings.measure("load", { ContentLoader(paths: paths, diagnostics: diagnostics, cache: session.files).load() }) else {
            report.diagnostics = diagnostics.diagnostics
            return report
        }
        let (pages, unparsed, changedKeys) = timings.measure("parse") { parse(content, in: session, diagnostics: diagnostics) }
        let site = timings.measure("resolve") {
            SiteResolver(diagnostics: diagnostics, timings: timings, memo: session.memo).resolve(pages, content: content, unparsed: unparsed)
        }
        let templatesChanged = session.templates == nil || changes.touchesTemplates(paths.templates)
        if templatesChanged {
            session.templates = timings.measure("templates") {
                TemplateSet.load(
                    from: paths.templates, paths: paths, strings: site.sourceStrings, diagnostics: diagnostics)
            }
        }
        guard let templates = session.templates, !diagnostics.hasErrors else {
            report.diagnostics = diagnostics.diagnostics
            return report
        }
        var affected: Set<String>?
        if let old = session.site, !templatesChanged, !changes.touchesEveryPage {
            affected = timings.measure("affected pages") {
                var paths = AffectedPages.paths(changedKeys, old: old, new: site)
                if changes.touchesStrings { paths.formUnion(AffectedPages.stringPaths(old: old, new: site)) }
                return paths
            }
        }
        var deferred: Set<String> = []
        if let now = affected {
            let collections = Self.collectionPaths(site)
            deferred = now.intersection(collections)
            affected = now.subtracting(collections)
        }
        let editions: PageRenderer.EPUBEditions = !epub ? .none : affected == nil ? .make : .made(sizes: epubSizes(site, session))
        let files = PageRenderer(templates: templates, diagnostics: diagnostics, timings: timings, memo: session.memo, epub: editions)
            .render(site, only: affected, collections: affected == nil)
        report.diagnostics = diagnostics.diagnostics
        guard !diagnostics.hasErrors else { return report }
        report.full = affected == nil
        report.rendered = files.filter { $0.path.hasSuffix(".html") }.count
        let outcome = timings.measure("write") {
            InPlaceWriter(paths: paths).write(
                files, full: affected == nil, expected: Set(AffectedPages.expectedPaths(site)), output: &session.output)
        }
        report.written = outcome.written
        report.removed = outcome.removed
        if let failure = outcome.failure {
            report.diagnostics.append(failure)
            return report
        }
        session.site = site
        if let affected {
            let codes = Set(site.config.languages.map(\.code))
            session.pendingLanguages.formUnion(
                affected.union(deferred).compactMap { $0.split(separator: "/").first.map(String.init) }.filter(codes.contains))
            session.pendingPages.formUnion(deferred)
        } else {
            session.pendingLanguages = []
            session.pendingPages = []
        }
        return report
    }

    /// The pages that gather every page of a language, which a partial rebuild of a watch session
    /// leaves for `completeRebuild`: the generated pages and the single-page edition's parts.
    static func collectionPaths(_ site: ResolvedSite) -> Set<String> {
        let ids = site.generatedPages.map(\.id) + SinglePageEdition.partIDs(site)
        return Set(site.config.languages.flatMap { language in ids.map { OutputLayout.path(of: .page($0), in: language.code) } })
    }

    /// Renders and writes what a partial rebuild left out: the pages that gather every page, and
    /// each touched language's search index, data export and EPUB edition with the pages that
    /// show its size.
    func completeRebuild(in session: Session) -> IncrementalBuild.Report {
        var report = IncrementalBuild.Report(diagnostics: [], written: [], removed: [], rendered: 0, full: false, seconds: 0)
        guard let site = session.site, let templates = session.templates, !session.pendingLanguages.isEmpty || !session.pendingPages.isEmpty
        else { return report }
        let only = session.pendingPages.union(session.pendingLanguages.flatMap { PageRenderer.pagesLinkingEPUB(in: $0) })
        session.pendingLanguages = []
        session.pendingPages = []
        let diagnostics = DiagnosticEngine()
        let files = PageRenderer(templates: templates, diagnostics: diagnostics, timings: timings, memo: session.memo, epub: epub ? .make : .none)
            .render(site, only: only)
        report.diagnostics = diagnostics.diagnostics
        guard !diagnostics.hasErrors else { return report }
        report.rendered = files.filter { $0.path.hasSuffix(".html") }.count
        let outcome = InPlaceWriter(paths: paths).write(
            files, full: false, expected: Set(AffectedPages.expectedPaths(site)), output: &session.output)
        report.written = outcome.written
        report.removed = outcome.removed
        if let failure = outcome.failure { report.diagnostics.append(failure) }
        return report
    }

    /// Step 2 of a rebuild: the parsed pages, the source pages that did not parse, and the pages whose
    /// file changed, appeared or disappeared.
    private func parse(_ content: LoadedContent, in session: Session, diagnostics: DiagnosticEngine)
        -> (pages: [ParsedPage], unparsed: Set<PageKey>, changed: [(key: PageKey, language: String)])
    {
        var changed: [(key: PageKey, language: String)] = []
        var pages: [ParsedPage] = []
        var unparsed = Set<PageKey>()
        var seen = Set<String>()
        for file in content.pages {
            seen.insert(file.path)
            let key = PageKey(relativePath: file.relativePath)
            if let cached = session.parsed[file.path], cached.hash == file.hash {
                if let page = cached.page { pages.append(page) }
                cached.diagnostics.forEach(diagnostics.report)
                if cached.page == nil, let key { unparsed.insert(key) }
                continue
            }
            let own = DiagnosticEngine()
            let page = PageParser(diagnostics: own, sourceLanguage: content.config.sourceLanguage.code).parse(file)
            session.parsed[file.path] = (file.hash, key, file.language, page, own.diagnostics)
            own.diagnostics.forEach(diagnostics.report)
            if let page { pages.append(page) } else if let key { unparsed.insert(key) }
            if let key { changed.append((key, file.language)) }
        }
        for (path, entry) in session.parsed where !seen.contains(path) {
            session.parsed[path] = nil
            if let key = entry.key { changed.append((key, entry.language)) }
        }
        return (pages, unparsed, changed)
    }

    /// The sizes of the EPUB editions last written, by language code.
    private func epubSizes(_ site: ResolvedSite, _ session: Session) -> [String: Int] {
        var out: [String: Int] = [:]
        for language in site.config.languages {
            out[language.code] = session.output[OutputLayout.epub(in: language.code)]?.count
        }
        return out
    }
}
