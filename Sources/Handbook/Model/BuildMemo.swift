import Foundation
import Markdown

/// What a rebuild can take over from the one before it (`handbook watch`): each page's counted
/// search terms, each language's search index files, each page's rendered body and each
/// translation's glossary warnings, reused when their inputs are equal, so an
/// edit of one page does not tokenize or render every other page again. Comparing inputs, rather
/// than guessing what an edit touched, keeps the result identical to a full build.
///
/// Memory stays bounded: every entry a run reads or makes is marked, and `forgetUnused` drops the
/// rest after a good run (a deleted page's entries, results made from inputs that changed since).
final class BuildMemo: @unchecked Sendable {
    private let lock = NSLock()
    /// The keys (prefixed by their table) that the current run read or made.
    private var used: Set<String> = []
    private var counts: [String: (document: SearchDocument, counted: SearchScorer.Counted)] = [:]
    private var bodies: [String: (fingerprint: String, page: RenderedBodies.Page)] = [:]
    private var indexes: [String: (documents: [SearchDocument], files: [OutputFile])] = [:]
    private var findings: [String: [Diagnostic]] = [:]
    private var results: [String: (value: Any, diagnostics: [Diagnostic])] = [:]
    private var published: [String: (key: String, page: ResolvedPage, diagnostics: [Diagnostic])] = [:]
    private var publishedWith: SiteCounts?

    init() {}

    /// Starts a run: nothing is marked used yet.
    func beginRun() {
        lock.withLock { used = [] }
    }

    /// Drops every entry the run did not read or make; call after a run that rendered everything.
    func forgetUnused() {
        lock.withLock {
            counts = counts.filter { used.contains("c" + $0.key) }
            bodies = bodies.filter { used.contains("b" + $0.key) }
            indexes = indexes.filter { used.contains("i" + $0.key) }
            findings = findings.filter { used.contains("f" + $0.key) }
            results = results.filter { used.contains("r" + $0.key) }
            published = published.filter { used.contains("p" + $0.key) }
        }
    }

    /// The counted terms of `document`, from the last build when the document is the same.
    func counted(_ document: SearchDocument, count: () -> SearchScorer.Counted) -> SearchScorer.Counted {
        if let known = lock.withLock({ mark("c", document.path, counts) }), known.document == document { return known.counted }
        let counted = count()
        lock.withLock { counts[document.path] = (document, counted) }
        return counted
    }

    /// A language's search index files, from the last build when all its documents are the same
    /// (an edit of an English page re-renders its translations, whose text did not change).
    func indexFiles(_ language: String, documents: [SearchDocument], make: () -> [OutputFile]) -> [OutputFile] {
        if let known = lock.withLock({ mark("i", language, indexes) }), known.documents == documents { return known.files }
        let files = make()
        lock.withLock { indexes[language] = (documents, files) }
        return files
    }

    /// What a check of a translation against its source found (glossary, parity), from the last
    /// build when none of its inputs changed (`key` names the check and its inputs' fingerprints).
    func findings(_ key: String, check: () -> [Diagnostic]) -> [Diagnostic] {
        if let known = lock.withLock({ mark("f", key, findings) }) { return known }
        let found = check()
        lock.withLock { findings[key] = found }
        return found
    }

    /// A result of a resolve step with the diagnostics it reported, from the last build when `key`
    /// (the step's name and its inputs' fingerprints) is the same; the diagnostics are reported again.
    func reused<Value>(_ key: String, diagnostics: DiagnosticEngine, make: (DiagnosticEngine) -> Value) -> Value {
        if let (value, found) = lock.withLock({ mark("r", key, results) }), let value = value as? Value {
            found.forEach(diagnostics.report)
            return value
        }
        let own = DiagnosticEngine()
        let value = make(own)
        own.diagnostics.forEach(diagnostics.report)
        lock.withLock { results[key] = (value, own.diagnostics) }
        return value
    }

    /// A value made from inputs that `key` fingerprints, from the last build when the key is the same.
    func value<Value>(_ key: String, make: () -> Value) -> Value {
        if let (value, _) = lock.withLock({ mark("r", key, results) }), let value = value as? Value { return value }
        let value = make()
        lock.withLock { results[key] = (value, []) }
        return value
    }

    /// Forgets the published pages when the counts they were filled with changed.
    func forgetPublishedPages(unless counts: SiteCounts) {
        lock.withLock {
            if publishedWith == counts { return }
            published = [:]
            publishedWith = counts
        }
    }

    /// A page as published in one language (with its diagnostics), from the last build when `key`
    /// (the fingerprints of its source and translation and of the UI strings its text names) is
    /// the same; `slot` names the page and language.
    func published(_ slot: String, key: String, make: () -> (ResolvedPage, [Diagnostic])) -> (ResolvedPage, [Diagnostic]) {
        if let known = lock.withLock({ mark("p", slot, published) }), known.key == key { return (known.page, known.diagnostics) }
        let made = make()
        lock.withLock { published[slot] = (key, made.0, made.1) }
        return made
    }

    /// A page's rendered body and fields, from the last build when `fingerprint` (the page's, which
    /// stands for its bound trees, and the word that names tables) is the same.
    func bodies(_ path: String, fingerprint: String, render: () -> RenderedBodies.Page) -> RenderedBodies.Page {
        if let known = lock.withLock({ mark("b", path, bodies) }), known.fingerprint == fingerprint { return known.page }
        let page = render()
        lock.withLock { bodies[path] = (fingerprint, page) }
        return page
    }

    /// `table[key]`, marking the key used by this run (whether it was there or is about to be made).
    /// Called under the lock.
    private func mark<Value>(_ table: String, _ key: String, _ values: [String: Value]) -> Value? {
        used.insert(table + key)
        return values[key]
    }
}
