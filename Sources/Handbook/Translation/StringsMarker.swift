import Foundation

/// `i18n mark-current` for a translation's `strings.yaml`: records in its `_sources` block, for each
/// translated string, the fingerprint of the English it follows and of the translation itself, so a
/// changed English string shows as outdated and an untouched one cannot be marked by mistake.
struct StringsMarker {
    let file: TranslationFile
    /// The edit the marks go into; the file is read through it, as an import may have changed it.
    let edit: ContentEdit

    /// Marks `keys` (every translated string when empty) current.
    func mark(force: Bool, keys: [String]) throws(TranslationFile.Failure) -> TranslationMarker.Outcome {
        guard let english = read(file.sourceURL, language: TranslationFile.sourceLanguage(in: file.content)),
            let own = read(file.url, language: file.language, planned: true)
        else { throw file.failure("strings.yaml has errors; run handbook check") }
        if let unknown = keys.first(where: { own.entries[$0] == nil || english.entries[$0] == nil }) {
            throw file.failure("there is no translated string \"\(unknown)\" to mark")
        }
        var records: [String: String] = [:]
        var untouched: [String] = []
        var outcome = TranslationMarker.Outcome(marked: 0, stale: 0)
        for (key, entry) in own.entries.sorted(by: { $0.key < $1.key }) {
            guard let source = english.entries[key] else { continue }
            let recorded = own.sources[key]
            let stale = recorded?.first.map(String.init) != source.fingerprint
            if !keys.isEmpty && !keys.contains(key) {
                if let recorded { records[key] = recorded.joined(separator: " ") }
                if stale { outcome.stale += 1 }
                continue
            }
            if stale, !force, let recorded, recorded.count == 2, String(recorded[1]) == entry.fingerprint { untouched.append(key) }
            if stale { outcome.marked += 1 }
            records[key] = "\(source.fingerprint) \(entry.fingerprint)"
        }
        if !untouched.isEmpty {
            throw file.failure(
                "these strings have not changed since they were last marked current, but their English has: "
                    + untouched.prefix(8).joined(separator: ", ") + (untouched.count > 8 ? " and \(untouched.count - 8) more" : "")
                    + "; revise them, or use --force")
        }
        try write(records)
        return outcome
    }

    private func read(_ url: URL, language: LanguageCode, planned: Bool = false) -> (entries: [String: UIStringEntry], sources: [String: [Substring]])? {
        let text: String, hash: String
        if planned {
            guard let own = edit.text(of: url) else { return nil }
            (text, hash) = (own, SHA256.hex(Array(own.utf8)))
        } else {
            guard let read = try? FileReader.read(url) else { return nil }
            (text, hash) = read
        }
        let engine = DiagnosticEngine()
        let result = UIStringsReader(diagnostics: engine).read(
            SourceFile(path: url.path, language: language, relativePath: "strings.yaml", text: text, hash: hash))
        return engine.hasErrors ? nil : result
    }

    /// Replaces the `_sources` block, which always stands last, keeping every other line as it was.
    private func write(_ records: [String: String]) throws(TranslationFile.Failure) {
        guard let text = edit.text(of: file.url) else { throw file.failure("cannot read the file") }
        var lines = text.lines()
        if let start = lines.firstIndex(where: { $0.hasPrefix(UIStringsReader.sourcesKey + ":") }) {
            var first = start
            while first > 0, lines[first - 1].hasPrefix("# ") && lines[first - 1].contains("i18n mark-current") { first -= 1 }
            var end = start + 1
            while end < lines.count, lines[end].hasPrefix(" ") { end += 1 }
            lines.removeSubrange(first..<end)
        }
        while lines.last == "" { lines.removeLast() }
        lines.append("# The English each string translates and the translation, as written by handbook i18n mark-current.")
        lines.append(UIStringsReader.sourcesKey + ":")
        for key in records.keys.sorted() { lines.append("  \(key): \"\(records[key]!)\"") }
        edit.write(lines.joined(separator: "\n") + "\n", to: file.url)
    }
}
