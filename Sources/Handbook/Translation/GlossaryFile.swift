import Foundation

/// `glossary.yaml` read line by line for one language, so the export can offer its terms and the
/// import can change one translation without touching the others or the comments.
struct GlossaryFile {
    struct Term {
        var english: String
        /// The fixed translation (first form), empty when there is none yet.
        var translation: String
        /// 0-based line of the `en:` key.
        var englishLine: Int
        /// 0-based line of the language's key, nil when absent.
        var line: Int?
        /// 0-based line of the term's last line, where a new language's key goes.
        var lastLine: Int
        /// Indentation of the term's keys.
        var indent: String
        /// Whether the value is a one-line scalar the import may replace (not a list of forms).
        var editable: Bool
        /// The comment lines above the term.
        var note: String?
    }

    var lines: [String]
    var terms: [Term]
    let language: LanguageCode

    static func read(_ url: URL, language: LanguageCode) -> GlossaryFile? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let lines = text.lines()
        var terms: [Term] = []
        var comments: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = Substring(line).trimmingSpaces
            if trimmed.hasPrefix("#") {
                comments.append(String(trimmed.dropFirst().trimmingSpaces))
                continue
            }
            if trimmed.hasPrefix("- en:"), let english = BlockSources.scalar(trimmed.dropFirst(5)) {
                let dash = line.prefix(while: { $0 == " " }).count
                terms.append(Term(english: english, translation: "", englishLine: index, line: nil, lastLine: index,
                    indent: String(repeating: " ", count: dash + 2), editable: true, note: comments.isEmpty ? nil : comments.joined(separator: " ")))
            } else if trimmed.hasPrefix(language.rawValue + ":"), !terms.isEmpty {
                let raw = trimmed.dropFirst(language.rawValue.count + 1)
                terms[terms.count - 1].line = index
                if let value = BlockSources.scalar(raw), !raw.trimmingSpaces.hasPrefix("[") {
                    terms[terms.count - 1].translation = value
                } else {
                    terms[terms.count - 1].editable = false
                    terms[terms.count - 1].translation = String(raw.trimmingSpaces)
                }
            }
            if !trimmed.isEmpty { comments = [] }
            if !trimmed.isEmpty, !terms.isEmpty, line.prefix(while: { $0 == " " }).count >= terms[terms.count - 1].indent.count {
                terms[terms.count - 1].lastLine = index
            }
        }
        return GlossaryFile(lines: lines, terms: terms, language: language)
    }

    /// One entry per term, the file's comments as notes.
    func entries(folder: String) -> [POFile.Entry] {
        terms.map { term in
            var comments = ["Glossary term: the fixed translation every page uses."]
            if let note = term.note { comments.append(note) }
            if !term.editable { comments.append("Several accepted forms: edit them in glossary.yaml.") }
            return POFile.Entry(comments: comments, references: ["\(folder)/glossary.yaml:\(term.englishLine + 1)"], id: term.english, string: term.translation)
        }
    }

    /// The file with `term`'s translation set to `value`, added after the English when absent.
    mutating func set(_ index: Int, to value: String) {
        let term = terms[index]
        let line = term.indent + language.rawValue + ": " + BlockSources.quoted(value)
        if let existing = term.line {
            lines[existing] = line
        } else {
            lines.insert(line, at: term.englishLine + 1)
            for other in terms.indices where terms[other].englishLine > term.englishLine {
                terms[other].englishLine += 1
                terms[other].line = terms[other].line.map { $0 + 1 }
            }
            terms[index].line = term.englishLine + 1
        }
        terms[index].translation = value
    }
}
