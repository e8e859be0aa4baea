/// `content/synonyms.yaml`: words readers type for the same thing, per language, each group with the
/// reason it exists. Search finds a page by any word of a group (a Hong Kong reader's 影片 finds the
/// pages that say 視像; "44 pt" finds "44 by 44 points"). In a group marked `regional`, the first word
/// of a language is the one its edition writes and the others are other regions' words, which
/// `handbook check` points out in that edition's pages.
public struct SynonymTable: Sendable, Equatable {
    public struct Group: Sendable, Equatable {
        /// Why the words belong together: regional variants, Apple's and Google's names, units.
        public var reason: String
        /// Whether the words are regional variants, of which each edition writes its first.
        public var regional: Bool
        /// The words of each language, the edition's own first.
        public var words: [LanguageCode: [Located<String>]]
    }

    public var groups: [Group] = []

    /// The groups' words in `language`, each group with at least two, for the search index.
    func searchGroups(in language: LanguageCode) -> [[String]] {
        groups.compactMap { group in
            let words = (group.words[language] ?? []).map(\.value)
            return words.count >= 2 ? words : nil
        }
    }
}

/// Reads `content/synonyms.yaml`, reporting mistakes at their line.
struct SynonymTableReader {
    let diagnostics: DiagnosticEngine

    func read(_ file: SourceFile, languages: [LanguageCode]) -> SynonymTable? {
        guard let root = YAMLReader.read(file, reportingTo: diagnostics) else { return nil }
        let fields = FieldReader(root, path: file.path, lineOffset: 0, diagnostics: diagnostics)
        fields.rejectUnknownKeys(["groups"])
        var table = SynonymTable()
        var seen: [String: [String: SourceLocation]] = [:]
        for node in fields.list("groups", required: true) {
            let entry = FieldReader(node, path: file.path, lineOffset: 0, diagnostics: diagnostics)
            entry.rejectUnknownKeys(["reason", "regional"] + languages.map(\.rawValue))
            let reason = entry.string("reason", required: true) ?? ""
            let regional = entry.oneOf("regional", ["true", "false"]) == "true"
            var words: [LanguageCode: [Located<String>]] = [:]
            for language in languages where entry.has(language.rawValue) {
                let list = entry.stringList(language.rawValue).filter { word in
                    let key = word.value.lowercased()
                    guard !key.trimmingCharacters(in: .whitespaces).isEmpty else {
                        diagnostics.error(.frontMatterValue, "an empty word", at: word.location)
                        return false
                    }
                    // A word in two groups would join them, which no reason explains.
                    if let first = seen[language.rawValue]?[key] {
                        diagnostics.error(
                            .duplicateId, "\"\(word.value)\" is in two groups of \(language)", at: word.location,
                            notes: [Diagnostic.Note("first listed here", at: first)])
                        return false
                    }
                    seen[language.rawValue, default: [:]][key] = word.location
                    return true
                }
                words[language] = list
            }
            if words.values.allSatisfy({ $0.count < 2 }) {
                diagnostics.warning(
                    .frontMatterValue, "this group has fewer than two words in every language, so it changes nothing",
                    at: entry.location(node))
            }
            table.groups.append(SynonymTable.Group(reason: reason, regional: regional, words: words))
        }
        return table
    }
}
