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
        /// Whether the build cache showed the output to be what this build would write, so nothing was done.
        public var upToDate = false
        /// What went wrong with the build cache (the build itself did not use it then).
        public var cacheWarnings: [String] = []
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

    /// Steps 1–3: load, parse, resolve; nil when the content could not be loaded. With a `session`
    /// (watch), files whose stamp is unchanged are not read again, files whose bytes are unchanged
    /// are not parsed again (their diagnostics are reported again) and resolve steps whose inputs
    /// are unchanged are reused: the same steps, with memory.
    private func resolvedSite(_ diagnostics: DiagnosticEngine, session: Session? = nil) -> ResolvedSite? {
        guard let content = timings.measure("load", { ContentLoader(paths: paths, diagnostics: diagnostics, cache: session?.files).load() })
        else { return nil }
        let sourceLanguage = content.config.sourceLanguage.code
        let parsed = timings.measure("parse") { () -> [ParsedPage?] in
            guard let session else {
                let parser = PageParser(diagnostics: diagnostics, sourceLanguage: sourceLanguage)
                return Parallel.map(content.pages.count) { parser.parse(content.pages[$0]) }
            }
            return session.parses.pages(content.pages, sourceLanguage: sourceLanguage, diagnostics: diagnostics)
        }
        // The parsers' C trees are freed; their memory is not needed again.
        FreedMemory.release()
        let unparsed = Set(
            zip(content.pages, parsed).compactMap { file, page in
                page == nil && file.language == sourceLanguage ? PageKey(relativePath: file.relativePath) : nil
            })
        return timings.measure("resolve") {
            SiteResolver(diagnostics: diagnostics, timings: timings, memo: session?.memo).resolve(parsed.compactMap { $0 }, content: content, unparsed: unparsed)
        }
    }

    /// Every step but writing; with a `pageSink`, each page goes there as it is rendered; with a
    /// `session`, work whose inputs are equal to the last run's is reused.
    private func run(pageSink: (@Sendable (OutputFile) -> Void)?, session: Session? = nil) -> Result {
        let diagnostics = DiagnosticEngine()
        guard let site = resolvedSite(diagnostics, session: session) else { return Result(diagnostics: diagnostics.diagnostics, files: [], site: nil) }
        let sourceStrings = site.sourceStrings
        guard let templates = timings.measure("templates", {
            TemplateSet.load(from: paths.templates, paths: paths, strings: sourceStrings, diagnostics: diagnostics, memo: session?.memo)
        }) else {
            return Result(diagnostics: diagnostics.diagnostics, files: [], site: site)
        }
        // The search index's jobs, planned here and run in the render step's thread pool beside the pages.
        let search = SearchIndexBuilder().plan(site, memo: session?.memo)
        let renderer = PageRenderer(
            templates: templates, diagnostics: diagnostics, timings: timings, memo: session?.memo, epub: epub ? .make : .none,
            pageSink: diagnostics.hasErrors ? nil : pageSink)
        var files = renderer.render(site, search: search)
        let statics = StaticFiles(paths: paths, diagnostics: diagnostics)
        files += statics.refuseConflicts(timings.measure("static files") { statics.load() }, generated: Set(files.map(\.path)))
        return Result(diagnostics: diagnostics.diagnostics, files: diagnostics.hasErrors ? [] : files, site: site)
    }

    /// Runs every stage and writes the output when there were no errors; an output folder that
    /// must not be replaced is refused before any work. With a `cache`, a build whose trace shows
    /// nothing changed does nothing but report the trace's diagnostics, and a good build leaves its
    /// trace for the next.
    public func build(cache: BuildCache? = nil) -> Result {
        let folder: OutputFolder
        do {
            folder = try paths.vetOutput()
        } catch {
            return Result(diagnostics: [], files: [], site: nil, refusal: error)
        }
        guard let cache, let snapshot = timings.measure("cache", { cache.snapshot() }) else { return build(into: folder) }
        var previous: BuildCache.Trace?
        var warnings: [String] = []
        switch timings.measure("cache", { cache.lookup(snapshot, output: folder.path) }) {
        case .upToDate(let trace):
            do {
                try OutputWriter.removeLeftovers(of: folder)
            } catch {
                return Result(diagnostics: [], files: [], site: nil, refusal: error)
            }
            var result = Result(diagnostics: trace.diagnostics, files: trace.listing.map { OutputFile(path: OutputPath($0), contents: []) }, site: nil)
            result.upToDate = true
            return result
        case .build(let trace, let warning):
            previous = trace
            warnings += warning.map { [$0] } ?? []
        }
        var result = build(into: folder)
        if result.succeeded, let warning = timings.measure("cache", {
            cache.record(snapshot, previous: previous, listing: result.files.map(\.path.rawValue), diagnostics: result.diagnostics, output: folder.path)
        }) {
            warnings.append(warning)
        }
        result.cacheWarnings = warnings
        return result
    }

    /// `build()` into the vetted `folder`, without the cache.
    private func build(into folder: OutputFolder) -> Result {
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
            let rest = result.files.filter { !staging.contains($0.path.rawValue) }
            if let failure = Parallel.map(rest.count, { staging.write(rest[$0]) }).lazy.compactMap({ $0 }).first {
                staging.discard()
                return failure
            }
            do throws(OutputWriter.Failure) {
                try staging.commit(listing: result.files.map(\.path.rawValue))
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
                result.diagnostics.append(.error(.writeFailed, "cannot write \(paths.display(paths.output))/\(output): \(why)", at: source))
            } else {
                result.diagnostics.append(
                    .error(.writeFailed, "cannot write \(path): \(why)", at: SourceLocation(path: paths.display(paths.output))))
            }
        case .unsafePath(let path):
            result.diagnostics.append(
                .error(.writeFailed, "refusing to write \"\(path)\" outside the output folder", at: SourceLocation(path: paths.display(paths.output))))
        }
    }

    /// The output path of the file written at `path` (in whatever folder it was being written to)
    /// and where the page that produced it is defined.
    static func origin(ofWritten path: String, files: [OutputFile], site: ResolvedSite?) -> (String, SourceLocation)? {
        guard let file = files.first(where: { path.hasSuffix("/" + $0.path.rawValue) }) else { return nil }
        for edition in site?.editions ?? [] {
            if let page = edition.pages.first(where: { $0.outputPath == file.path }) { return (file.path.rawValue, page.source.keyLocation) }
        }
        return nil
    }
}

// MARK: - Rebuilds in a watch session

extension Build {
    /// What a watch session keeps from one run to the next: files read (`FileCache`), pages parsed
    /// (`ParseCache`), reusable results (`BuildMemo`) and what the output folder holds. Each is
    /// keyed by what its result was made from, so a rebuild is the same run as a full build.
    final class Session {
        let files = FileCache()
        let parses = ParseCache()
        let memo = BuildMemo()
        /// The site of the last good build.
        var site: ResolvedSite?
        /// The output folder's files as last written, by path.
        var output: [String: [UInt8]] = [:]
        /// How many runs succeeded.
        var goodRuns = 0
    }

    /// A rebuild for `watch` after `changed` paths (absolute) changed: the steps of `build` (`run`),
    /// with the session's memory, rendering every output; then only files whose bytes differ are
    /// written and files the site no longer has are removed. No list of what an edit may touch:
    /// everything is asked for, and what is reused is reused because its inputs are equal.
    func rebuild(changed: [String], in session: Session) -> IncrementalBuild.Report {
        session.files.forget(changed)
        session.memo.beginRun()
        let result = run(pageSink: nil, session: session)
        var report = IncrementalBuild.Report(diagnostics: result.diagnostics, written: [], removed: [], rendered: 0, seconds: 0)
        guard result.succeeded else { return report }
        report.rendered = session.memo.pages.made
        report.contexts = session.memo.renders.made
        let outcome = timings.measure("write") { InPlaceWriter(paths: paths).write(result.files, output: &session.output) }
        report.written = outcome.written
        report.removed = outcome.removed
        if let failure = outcome.failure {
            report.diagnostics.append(failure)
            return report
        }
        session.site = result.site
        // What this run did not use belongs to pages, images and inputs that are gone.
        session.memo.forgetUnused()
        // A session lives for hours: every tenth run, what the runs freed goes back to the system,
        // so the watcher's memory follows what it keeps (giving it back after every run cost 30–40
        // ms of a 330 ms rebuild).
        session.goodRuns += 1
        if session.goodRuns % 10 == 0 { FreedMemory.release() }
        return report
    }
}
