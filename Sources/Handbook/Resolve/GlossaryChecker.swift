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
        /// The English words, and in lower case, split once rather than for every page.
        let words: [Substring]
        let loweredWords: [String]
        /// Names and titles (with capitals) match as written; ordinary terms in any case.
        let caseSensitive: Bool
        /// Terms of three letters or fewer are too ambiguous to check in running text.
        let checkedInText: Bool

        init(english: String, translations: [String: [String]]) {
            self.english = english
            self.translations = translations
            words = english.split(separator: " ")
            loweredWords = words.map { $0.lowercased() }
            caseSensitive = english.unicodeScalars.contains { $0.properties.isUppercase }
            checkedInText = english.count > 3
        }
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
                if HalfwidthPunctuationLinter.applies(to: code), let node = entry.value(code) {
                    HalfwidthPunctuationLinter(diagnostics: diagnostics).lint(yaml: node, in: file)
                }
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
        check(translation, source: source, sourceWords: Self.words(of: source), terms: terms)
    }

    /// The words of a page's title and prose, which `check` compares; a source page's are worked out
    /// once for all its translations.
    static func words(of page: ParsedPage) -> Words {
        Words(page.title + " " + prose(page.body))
    }

    /// `check(_:source:terms:)` with the source's words already split.
    func check(_ translation: ParsedPage, source: ParsedPage, sourceWords: Words, terms: [Term]) {
        let language = translation.file.language
        let translatedText = translation.title + " " + Self.prose(translation.body)
        let translatedBytes = Array(translatedText.utf8)
        var translatedWords: Words?
        let titleLocation = { SourceLocation(path: translation.file.path, line: titleLine(translation), column: 1) }
        for term in terms {
            guard let forms = term.translations[language], let fixed = forms.first, !fixed.isEmpty else { continue }
            if source.title == term.english, translation.title != fixed {
                diagnostics.warning(
                    "glossary", "the title should be the glossary's \"\(fixed)\" for \"\(term.english)\"", at: titleLocation())
                continue
            }
            guard term.checkedInText else { continue }
            let used = sourceWords.count(term, caseSensitive: term.caseSensitive)
            guard used > 0, !forms.contains(where: { Self.bytes(translatedBytes, contain: Array($0.utf8)) }) else { continue }
            // Where the translation keeps the English word (a product or menu name such as
            // "Accessibility Inspector"), those uses need no translation.
            if translatedWords == nil { translatedWords = Words(translatedText) }
            if used > translatedWords!.count(term, caseSensitive: false) {
                diagnostics.warning(
                    "glossary",
                    "the English page uses \"\(term.english)\", but this translation never uses the glossary's \"\(fixed)\"",
                    at: titleLocation())
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
                let inWord: Bool
                if scalar.isASCII {
                    let value = scalar.value | 0x20
                    inWord = (value >= 0x61 && value <= 0x7A) || (scalar.value >= 0x30 && scalar.value <= 0x39) || scalar == "-" || scalar == "_"
                } else {
                    inWord = scalar.properties.isAlphabetic
                }
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

        /// How often the words of `term` occur in a row.
        func count(_ term: Term, caseSensitive: Bool) -> Int {
            let parts = term.words
            let lowered = term.loweredWords
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
