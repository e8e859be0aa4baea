import Markdown

/// Checks translations against `content/glossary.yaml`, the fixed translations of recurring terms:
/// a practice's translated title must be the glossary's, and a term the English page uses should
/// appear in the translation in its fixed form. Departures are warnings, since a translator may
/// have good reason to rephrase.
struct GlossaryChecker {
    let diagnostics: DiagnosticEngine

    /// One term with its translations by language code: the fixed form first, then any other
    /// accepted forms (a glossary value may be a list, for words with two senses such as "caption").
    struct Term {
        var english: String
        var translations: [String: [String]]
    }

    /// Reads the glossary; problems with the file itself are reported.
    func read(_ file: SourceFile, languages: [String]) -> [Term] {
        guard let root = YAMLReader.read(file, reportingTo: diagnostics) else { return [] }
        let fields = FieldReader(root, path: file.path, lineOffset: 0, diagnostics: diagnostics)
        fields.rejectUnknownKeys(["terms"])
        return fields.list("terms", required: true).compactMap { node in
            let entry = FieldReader(node, path: file.path, lineOffset: 0, diagnostics: diagnostics)
            guard let english = entry.string("en", required: true) else { return nil }
            var translations: [String: [String]] = [:]
            for code in languages where code != "en" {
                if case .sequence = entry.value(code)?.value {
                    translations[code] = entry.stringList(code).map(\.value)
                } else if let text = entry.string(code) {
                    translations[code] = [text]
                }
            }
            entry.rejectUnknownKeys(languages)
            return Term(english: english, translations: translations)
        }
    }

    /// Warns where `translation` departs from the glossary compared with its `source`.
    func check(_ translation: ParsedPage, source: ParsedPage, terms: [Term]) {
        let language = translation.file.language
        let sourceWords = Words(source.title + " " + Self.prose(source.body))
        let translatedText = translation.title + " " + Self.prose(translation.body)
        let translatedBytes = Array(translatedText.utf8)
        let translatedWords = Words(translatedText)
        let titleLocation = SourceLocation(path: translation.file.path, line: titleLine(translation), column: 1)
        for term in terms {
            guard let forms = term.translations[language], let fixed = forms.first, !fixed.isEmpty else { continue }
            if source.title == term.english, translation.title != fixed {
                diagnostics.warning(
                    "glossary", "the title should be the glossary's \"\(fixed)\" for \"\(term.english)\"", at: titleLocation)
                continue
            }
            guard term.english.count > 3 else { continue }
            // Names and titles (with capitals) match as written; ordinary terms in any case.
            let caseSensitive = term.english.contains { $0.isUppercase }
            let used = sourceWords.count(term.english, caseSensitive: caseSensitive)
            guard used > 0 else { continue }
            // Where the translation keeps the English word (a product or menu name such as
            // "Accessibility Inspector"), those uses need no translation.
            let kept = translatedWords.count(term.english, caseSensitive: false)
            if used > kept, !forms.contains(where: { Self.bytes(translatedBytes, contain: Array($0.utf8)) }) {
                diagnostics.warning(
                    "glossary",
                    "the English page uses \"\(term.english)\", but this translation never uses the glossary's \"\(fixed)\"",
                    at: titleLocation)
            }
        }
    }

    /// A text split into words once, so each of a hundred terms is counted without rescanning it.
    struct Words {
        let exact: [Substring]
        let lower: [String]
        let positions: [String: [Int]]

        init(_ text: String) {
            // Split on scalars, not Characters: much faster, and terms are plain words.
            var words: [Substring] = []
            var start: String.Index?
            for index in text.unicodeScalars.indices {
                let scalar = text.unicodeScalars[index]
                let inWord = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
                if inWord, start == nil { start = index }
                if !inWord, let begin = start {
                    words.append(text[begin..<index])
                    start = nil
                }
            }
            if let begin = start { words.append(text[begin...]) }
            exact = words
            lower = exact.map { $0.lowercased() }
            var positions: [String: [Int]] = [:]
            for (index, word) in lower.enumerated() { positions[word, default: []].append(index) }
            self.positions = positions
        }

        /// How often the words of `phrase` occur in a row.
        func count(_ phrase: String, caseSensitive: Bool) -> Int {
            let parts = phrase.split(separator: " ")
            let lowered = parts.map { $0.lowercased() }
            guard let first = lowered.first else { return 0 }
            return (positions[first] ?? []).filter { start in
                guard start + parts.count <= lower.count else { return false }
                return parts.indices.allSatisfy { offset in
                    caseSensitive ? exact[start + offset] == parts[offset] : lower[start + offset] == lowered[offset]
                }
            }.count
        }
    }

    static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        let first = needle[0]
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    private func titleLine(_ page: ParsedPage) -> Int {
        let lines = page.file.text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.hasPrefix("title:") } ?? 0) + 1
    }

    /// The words a reader sees as prose: code spans and code blocks hold API names, not terms.
    static func prose(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .code, .codeBlock: return " "
        case .text(let text): return text
        case .softBreak, .lineBreak: return " "
        default: return node.children.map(prose).joined()
        }
    }
}
