/// Points out other regions' words in an edition's pages: in a group of `content/synonyms.yaml`
/// marked `regional`, the first word of a language is the one its edition writes (螢幕 in Hong Kong),
/// the others are what readers elsewhere write (屏幕), which search accepts and pages should not use.
/// Warnings, at the word, since a quotation or a name may need another region's word.
struct RegionalWordChecker {
    let diagnostics: DiagnosticEngine

    /// Checks `pages`; in a watch session (`memo`), a page whose file and table (`tableHash`) are
    /// unchanged reports its findings again without being searched.
    func check(_ pages: [ParsedPage], table: SynonymTable, memo: BuildMemo? = nil, tableHash: String = "") {
        // Each language's other regions' words, with the word its edition writes and the group's line.
        var avoided: [LanguageCode: [(word: String, instead: String, group: SourceLocation)]] = [:]
        for group in table.groups where group.regional {
            for (language, words) in group.words {
                guard let first = words.first else { continue }
                for word in words.dropFirst() { avoided[language, default: []].append((word.value, first.value, word.location)) }
            }
        }
        guard !avoided.isEmpty else { return }
        let found = Parallel.map(pages.count) { index -> [Diagnostic] in
            let page = pages[index]
            guard let words = avoided[page.file.language] else { return [] }
            guard let memo else { return Self.findings(in: page, words: words) }
            return memo.regionalFindings.value(page.file.path, inputs: BuildMemo.RegionalInputs(pageHash: page.file.hash, tableHash: tableHash)) {
                Self.findings(in: page, words: words)
            }
        }
        found.joined().forEach(diagnostics.report)
    }

    /// One page's other regions' words.
    private static func findings(in page: ParsedPage, words: [(word: String, instead: String, group: SourceLocation)]) -> [Diagnostic] {
        let own = DiagnosticEngine()
        let text = GlossaryChecker.words(of: page)
        let bytes = Array(text.text.utf8)
        for entry in words {
            let needle = Array(entry.word.utf8)
            for offset in offsets(of: needle, in: bytes) {
                own.warning(
                    .regionalWord, "\"\(entry.word)\" is another region's word; this edition writes \"\(entry.instead)\"",
                    at: text.location(ofOffset: offset, in: page), notes: [Diagnostic.Note("listed here", at: entry.group)])
            }
        }
        return own.diagnostics
    }

    /// The byte offsets where `needle` starts in `haystack`.
    static func offsets(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
        var out: [Int] = []
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0], haystack[start..<start + needle.count].elementsEqual(needle) {
                out.append(start)
                start += needle.count
            } else {
                start += 1
            }
        }
        return out
    }
}
