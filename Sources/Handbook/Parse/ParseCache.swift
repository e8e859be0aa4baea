import Foundation

/// Each content file's last parse in a watch session, keyed by its path and reused while its bytes
/// (`SourceFile.hash`) and the source language are the same: a parse reads nothing else. Files
/// that are gone are forgotten at once, so the cache holds at most one entry per file.
final class ParseCache {
    private struct Entry {
        let hash: String
        let sourceLanguage: LanguageCode
        let page: ParsedPage?
        let diagnostics: [Diagnostic]
    }

    private var entries: [String: Entry] = [:]

    /// The parsed pages of `files`, in order (nil where a file did not parse), each parsed again
    /// only when its bytes changed; every file's diagnostics are reported, reused or new.
    func pages(_ files: [SourceFile], sourceLanguage: LanguageCode, diagnostics: DiagnosticEngine) -> [ParsedPage?] {
        let stale = files.indices.filter { index in
            guard let known = entries[files[index].path] else { return true }
            return known.hash != files[index].hash || known.sourceLanguage != sourceLanguage
        }
        let parsed = Parallel.map(stale.count) { slot -> Entry in
            let own = DiagnosticEngine()
            let file = files[stale[slot]]
            let page = PageParser(diagnostics: own, sourceLanguage: sourceLanguage).parse(file)
            return Entry(hash: file.hash, sourceLanguage: sourceLanguage, page: page, diagnostics: own.diagnostics)
        }
        for (slot, index) in stale.enumerated() { entries[files[index].path] = parsed[slot] }
        let present = Set(files.map(\.path))
        entries = entries.filter { present.contains($0.key) }
        return files.map { file in
            let entry = entries[file.path]!
            entry.diagnostics.forEach(diagnostics.report)
            return entry.page
        }
    }
}
