import Foundation

/// Keeps what the last build made, so that after an edit only the changed files are parsed again
/// and only the pages that show what changed are rendered and written.
///
/// 1. Load every file (cheap) and parse only those whose bytes changed; parse diagnostics are kept
///    per file, so an unchanged file's warnings are still reported.
/// 2. Resolve the whole site (links and back-links depend on every page).
/// 3. Work out the affected pages: the changed page in its language (in every language when it is
///    the English source, since translations fall back to it or mark it outdated), and, when its
///    title, summary, headings or translation state changed, the pages that show them: pages linking
///    to it, its related practices or sections, its neighbours, and the generated lists. A change to
///    templates, UI strings, the glossary or `site.yaml` renders everything.
/// 4. Reuse what equal inputs gave last time (`BuildMemo`): pages' search terms, unchanged
///    languages' index files, single-page entries and glossary warnings.
/// 5. Write only files whose bytes differ, each through a temporary file and a rename, and remove
///    files the site no longer has. A content error leaves `public/` as it was.
public final class IncrementalBuild {
    /// What one rebuild did.
    public struct Report: Sendable {
        /// Diagnostics of the run, sorted.
        public var diagnostics: [Diagnostic]
        /// Output files written (changed or new), relative to the output folder.
        public var written: [String]
        /// Output files removed.
        public var removed: [String]
        /// Pages rendered (a superset of the pages written: some render to the same bytes).
        public var rendered: Int
        /// Whether everything was rendered.
        public var full: Bool
        /// Wall time of the rebuild.
        public var seconds: Double
        /// Each stage's time, when the builder records them.
        public var stages: [(name: String, seconds: Double)] = []
        /// Whether the run had no errors.
        public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
    }

    private let paths: ProjectPaths
    private var parsed: [String: (hash: String, key: PageKey?, language: String, page: ParsedPage?, diagnostics: [Diagnostic])] = [:]
    private var site: ResolvedSite?
    private var output: [String: [UInt8]] = [:]
    private var templates: TemplateSet?
    private let memo = BuildMemo()
    private let fileCache = FileCache()
    private let epub: Bool
    /// Whether each rebuild's report has its stages' times.
    public var recordsTimings = false
    /// Languages whose EPUB edition a partial rebuild left to `makePendingEPUBs`.
    private var pendingEPUBs: Set<String> = []

    /// The site of the last good build (its languages and UI strings), nil before one.
    public var lastSite: ResolvedSite? { site }

    /// Creates a builder for the project at `paths`; the first `rebuild` is a full build. With `epub`,
    /// a full rebuild makes the EPUB editions, and a partial one leaves those of the languages it
    /// touched to `makePendingEPUBs`, so that the pages are out first.
    public init(paths: ProjectPaths, epub: Bool = false) {
        self.paths = paths
        self.epub = epub
    }

    /// Rebuilds after `changed` paths (absolute) changed; pass `[]` for the first, full build.
    public func rebuild(changed: [String]) -> Report {
        let started = Date()
        let timings = recordsTimings ? StageTimings() : nil
        var report = run(changed: changed, timings: timings)
        report.seconds = Date().timeIntervalSince(started)
        report.stages = timings?.stages ?? []
        return report
    }

    private func run(changed: [String], timings: StageTimings?) -> Report {
        let diagnostics = DiagnosticEngine()
        var report = Report(diagnostics: [], written: [], removed: [], rendered: 0, full: false, seconds: 0)
        fileCache.forget(changed)
        guard let content = timings.measure("load", { ContentLoader(paths: paths, diagnostics: diagnostics, cache: fileCache).load() }) else {
            report.diagnostics = diagnostics.diagnostics
            return report
        }
        var changedKeys: [(key: PageKey, language: String)] = []
        var pages: [ParsedPage] = []
        var unparsed = Set<PageKey>()
        var seen = Set<String>()
        timings.measure("parse") {
            for file in content.pages {
                seen.insert(file.path)
                if let cached = parsed[file.path], cached.hash == file.hash {
                    if let page = cached.page { pages.append(page) }
                    cached.diagnostics.forEach(diagnostics.report)
                    if cached.page == nil, let key = PageKey(relativePath: file.relativePath) { unparsed.insert(key) }
                    continue
                }
                let own = DiagnosticEngine()
                let page = PageParser(diagnostics: own, sourceLanguage: content.config.sourceLanguage.code).parse(file)
                let key = PageKey(relativePath: file.relativePath)
                parsed[file.path] = (file.hash, key, file.language, page, own.diagnostics)
                own.diagnostics.forEach(diagnostics.report)
                if let page { pages.append(page) } else if let key = PageKey(relativePath: file.relativePath) { unparsed.insert(key) }
                if let key = PageKey(relativePath: file.relativePath) { changedKeys.append((key, file.language)) }
            }
        }
        for (path, entry) in parsed where !seen.contains(path) {
            parsed[path] = nil
            if let key = entry.key { changedKeys.append((key, entry.language)) }
        }
        let newSite = timings.measure("resolve") {
            SiteResolver(diagnostics: diagnostics, timings: timings, memo: memo).resolve(pages, content: content, unparsed: unparsed)
        }
        let templatesChanged = templates == nil || changed.contains { $0.hasPrefix(paths.templates.path + "/") }
        // Strings, the glossary and site.yaml show on every page; editors' temporary files are ignored.
        let everythingChanged = templatesChanged || site == nil || changed.contains { $0.hasSuffix(".yaml") }
        if templatesChanged {
            templates = TemplateSet.load(
                from: paths.templates, paths: paths, strings: newSite.strings[content.config.sourceLanguage.code],
                diagnostics: diagnostics)
        }
        guard let templates, !diagnostics.hasErrors else {
            report.diagnostics = diagnostics.diagnostics
            return report
        }
        let affected = everythingChanged ? nil : timings.measure("affected pages") { affectedPaths(changedKeys, old: site!, new: newSite) }
        // A partial rebuild puts the pages out first; `makePendingEPUBs` makes the editions after.
        let editions: PageRenderer.EPUBEditions = !epub ? .none : affected == nil ? .make : .made(sizes: epubSizes(newSite))
        let files = PageRenderer(templates: templates, diagnostics: diagnostics, timings: timings, memo: memo, epub: editions)
            .render(newSite, only: affected)
        report.diagnostics = diagnostics.diagnostics
        guard !diagnostics.hasErrors else { return report }
        report.full = affected == nil
        report.rendered = files.filter { $0.path.hasSuffix(".html") }.count
        guard timings.measure("write", { write(files, of: newSite, full: affected == nil, into: &report) }) else { return report }
        site = newSite
        if let affected, epub {
            let codes = Set(newSite.config.languages.map(\.code))
            pendingEPUBs.formUnion(affected.compactMap { $0.split(separator: "/").first.map(String.init) }.filter(codes.contains))
        }
        return report
    }

    /// Whether the last rebuild left EPUB editions to make again.
    public var hasPendingEPUBs: Bool { !pendingEPUBs.isEmpty }

    /// Makes the EPUB editions a partial rebuild left out, with the pages that show their sizes.
    public func makePendingEPUBs() -> Report {
        let started = Date()
        var report = makeEPUBs()
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    private func makeEPUBs() -> Report {
        var report = Report(diagnostics: [], written: [], removed: [], rendered: 0, full: false, seconds: 0)
        guard let site, let templates, !pendingEPUBs.isEmpty else { return report }
        let only = Set(pendingEPUBs.flatMap { PageRenderer.pagesLinkingEPUB(in: $0) })
        pendingEPUBs = []
        let diagnostics = DiagnosticEngine()
        let files = PageRenderer(templates: templates, diagnostics: diagnostics, memo: memo, epub: .make).render(site, only: only)
        report.diagnostics = diagnostics.diagnostics
        guard !diagnostics.hasErrors else { return report }
        report.rendered = files.filter { $0.path.hasSuffix(".html") }.count
        _ = write(files, of: site, full: false, into: &report)
        return report
    }

    /// The sizes of the EPUB editions last written, by language code.
    private func epubSizes(_ site: ResolvedSite) -> [String: Int] {
        var out: [String: Int] = [:]
        for language in site.config.languages {
            out[language.code] = output[OutputLayout.epub(in: language.code)]?.count
        }
        return out
    }

    /// Writes `files`: all of them through the staging folder after a full render, else only those
    /// whose bytes changed, each replaced in place; false (with the error in `report`) when it fails.
    private func write(_ files: [OutputFile], of newSite: ResolvedSite, full: Bool, into report: inout Report) -> Bool {
        do {
            if full {
                try OutputWriter().write(files, to: try paths.vetOutput())
                report.removed = Set(output.keys).subtracting(files.map(\.path)).sorted()
                report.written = files.filter { output[$0.path] != $0.contents }.map(\.path)
                output = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
            } else {
                let expected = Set(expectedPaths(newSite))
                let listed = Set(output.keys)
                for file in files where output[file.path] != file.contents {
                    try replace(file)
                    output[file.path] = file.contents
                    report.written.append(file.path)
                }
                for path in output.keys.sorted() where path.hasSuffix(".html") && !expected.contains(path) {
                    try? FileManager.default.removeItem(at: paths.output.appendingPathComponent(path))
                    output[path] = nil
                    report.removed.append(path)
                }
                // The marker lists every file, so that the next full build knows them as its own.
                if !report.removed.isEmpty || report.written.contains(where: { !listed.contains($0) }) {
                    try replace(OutputMarker.file(listing: Array(output.keys)))
                    report.written.append(OutputMarker.fileName)
                }
            }
            return true
        } catch let error where refusal(error) != nil {
            let (message, notes) = refusal(error)!.explanation(for: paths.display(paths.output))
            report.diagnostics.append(
                .error("write-failed", ([message] + notes).joined(separator: "; "), at: SourceLocation(path: paths.display(paths.output))))
            return false
        } catch {
            report.diagnostics.append(
                .error("write-failed", "cannot write the output: \(error)", at: SourceLocation(path: paths.display(paths.output))))
            return false
        }
    }
}

private extension IncrementalBuild {
    /// Why the output folder was refused, when `error` says so.
    func refusal(_ error: Error) -> OutputFolder.Refusal? {
        if case OutputWriter.Failure.refused(let refusal) = error { return refusal }
        return error as? OutputFolder.Refusal
    }

    /// Every page path the site has, to find pages whose source was deleted.
    func expectedPaths(_ site: ResolvedSite) -> [String] {
        var out = ["index.html"]
        for language in site.config.languages {
            out += (site.pages[language.code] ?? []).map(\.outputPath)
            out += (SiteResolver.generatedPageIDs + SinglePageEdition.partIDs(site)).map { OutputLayout.path(of: .page($0), in: language.code) }
        }
        return out + HostingPages.paths(of: site)
    }

    func affectedPaths(_ changes: [(key: PageKey, language: String)], old: ResolvedSite, new: ResolvedSite) -> Set<String> {
        var out = Set<String>()
        let source = new.config.sourceLanguage.code
        let codes = new.config.languages.map(\.code)
        for change in changes {
            let languages = change.language == source ? codes : [change.language]
            for language in languages {
                out.insert(OutputLayout.path(of: change.key, in: language))
                // The single-page edition holds every page's text (in parts, each part links into the others).
                for id in ["handbook"] + SinglePageEdition.partIDs(new) { out.insert(OutputLayout.path(of: .page(id), in: language)) }
                let before = old.page(change.key, in: language), after = new.page(change.key, in: language)
                if before?.state != after?.state {
                    // Every language's switcher marks a missing translation; every status page lists all languages.
                    for code in codes {
                        out.insert(OutputLayout.path(of: change.key, in: code))
                        out.insert(OutputLayout.path(of: .page("translation-status"), in: code))
                    }
                }
                let faceChanged = before?.title != after?.title || before?.summary != after?.summary
                    || before?.headings.map(\.anchor) != after?.headings.map(\.anchor)
                    || relations(change.key, in: old) != relations(change.key, in: new)
                guard faceChanged else { continue }
                for site in [old, new] {
                    for key in dependents(of: change.key, in: site, language: language) {
                        out.insert(OutputLayout.path(of: key, in: language))
                    }
                }
                for id in SiteResolver.generatedPageIDs + ["index"] { out.insert(OutputLayout.path(of: .page(id), in: language)) }
            }
        }
        // A new or removed link changes the target's "Referenced by" list.
        for code in codes {
            let before = Dictionary((old.pages[code] ?? []).map { ($0.key, $0.referencedBy) }) { a, _ in a }
            for page in new.pages[code] ?? [] where before[page.key] != page.referencedBy { out.insert(page.outputPath) }
        }
        // Redirects name their target's title and follow previous_numbers.
        out.formUnion(HostingPages.paths(of: new))
        return out
    }

    /// The pages that show `key`'s title: those linking to it, its related pages, its neighbours in
    /// reading order, its parent and children, and sections whose program details name it.
    func dependents(of key: PageKey, in site: ResolvedSite, language: String) -> Set<PageKey> {
        var out = Set<PageKey>()
        for page in site.pages[language] ?? [] where page.referencedBy.contains(key) || page.key == key {
            out.formUnion(page.referencedBy)
        }
        out.formUnion(relations(key, in: site))
        let order: [PageKey] = site.practices.map { .practice($0.id) } + site.sections.map { .section($0.number) }
        if let index = order.firstIndex(of: key) {
            if index > 0 { out.insert(order[index - 1]) }
            if index + 1 < order.count { out.insert(order[index + 1]) }
        }
        if case .section(let number) = key {
            for page in site.pages[language] ?? [] {
                guard case .section(let details) = page.source.details else { continue }
                if details.programDetails.contains(where: { $0.related.contains { $0.value == number } }) { out.insert(page.key) }
            }
        }
        return out
    }

    func relations(_ key: PageKey, in site: ResolvedSite) -> [PageKey] {
        switch key {
        case .practice(let id):
            return (site.practice(id)?.sections ?? []).map(PageKey.section)
        case .section(let number):
            guard let info = site.section(number) else { return [] }
            return info.practices.map(PageKey.practice) + info.children.map(PageKey.section)
                + (info.parent.map { [PageKey.section($0)] } ?? [])
        case .page:
            return []
        }
    }

    /// Replaces one output file through a temporary file and a rename, so a reader never sees half of it.
    func replace(_ file: OutputFile) throws {
        let url = paths.output.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp")
        try Data(file.contents).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
