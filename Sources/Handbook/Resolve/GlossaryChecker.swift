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
        let root: YAMLNode
        do {
            root = try YAMLReader.read(file.text)
        } catch {
            diagnostics.error(
                "yaml-syntax", error.message, at: SourceLocation(path: file.path, line: error.line, column: error.column))
            return []
        }
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
        let sourceText = source.title + " " + Self.prose(source.body)
        let lowerSourceText = sourceText.lowercased()
        let translatedText = translation.title + " " + Self.prose(translation.body)
        let lowerTranslatedText = translatedText.lowercased()
        let titleLocation = SourceLocation(path: translation.file.path, line: titleLine(translation), column: 1)
        for term in terms {
            guard let forms = term.translations[language], let fixed = forms.first, !fixed.isEmpty else { continue }
            if source.title == term.english, translation.title != fixed {
                diagnostics.warning(
                    "glossary", "the title should be the glossary's \"\(fixed)\" for \"\(term.english)\"", at: titleLocation)
                continue
            }
            // Names and titles (with capitals) match as written; ordinary terms in any case.
            let isName = term.english.contains { $0.isUppercase }
            let used = isName
                ? count(sourceText, word: term.english) : count(lowerSourceText, word: term.english.lowercased())
            // Where the translation keeps the English word (a product or menu name such as
            // "Accessibility Inspector"), those uses need no translation.
            let kept = count(lowerTranslatedText, word: term.english.lowercased())
            if term.english.count > 3, used > kept, !forms.contains(where: translatedText.contains) {
                diagnostics.warning(
                    "glossary", "the English page uses \"\(term.english)\", but this translation never uses the glossary's \"\(fixed)\"",
                    at: titleLocation)
            }
        }
    }

    private func titleLine(_ page: ParsedPage) -> Int {
        let lines = page.file.text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.hasPrefix("title:") } ?? 0) + 1
    }

    /// How often `word` occurs in `text` with no letter directly before or after it.
    private func count(_ text: String, word: String) -> Int {
        var rest = text[...]
        var found = 0
        while let range = rest.range(of: word) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before?.isLetter ?? false) && !(after?.isLetter ?? false) { found += 1 }
            rest = text[range.upperBound...]
        }
        return found
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
