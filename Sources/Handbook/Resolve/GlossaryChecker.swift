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
        var translations: [LanguageCode: [String]]
        /// The English words, and in lower case, split once rather than for every page.
        let words: [Substring]
        let loweredWords: [String]
        /// Names and titles (with capitals) match as written; ordinary terms in any case.
        let caseSensitive: Bool
        /// Terms of three letters or fewer are too ambiguous to check in running text.
        let checkedInText: Bool
        /// Phrases (in lower case, split into words) in which the term's words mean something else:
        /// the entry's `other_senses` ("audio session category" is not a handbook category) and every
        /// longer glossary term that contains it ("audio" in "audio description"). A use inside one
        /// of them is not a use of this term.
        var otherSenses: [[String]] = []

        init(english: String, translations: [LanguageCode: [String]], otherSenses: [String] = []) {
            self.english = english
            self.translations = translations
            // Split as running text is, so that "Sounds & Haptics" and "cancel/close" can match it.
            let split = Words(english)
            words = split.exact
            loweredWords = split.lower
            caseSensitive = english.unicodeScalars.contains { $0.properties.isUppercase }
            checkedInText = english.count > 3
            self.otherSenses = otherSenses.map { Words($0).lower }.filter { !$0.isEmpty }
        }
    }

    /// Reads the glossary, whose entries name each term in `sourceLanguage` and translate it into
    /// the other `languages`; problems with the file itself are reported.
    func read(_ file: SourceFile, languages: [LanguageCode], sourceLanguage: LanguageCode) -> [Term] {
        guard let root = YAMLReader.read(file, reportingTo: diagnostics) else { return [] }
        let fields = FieldReader(root, path: file.path, lineOffset: 0, diagnostics: diagnostics)
        fields.rejectUnknownKeys(["terms"])
        let terms = fields.list("terms", required: true).compactMap { node -> Term? in
            let entry = FieldReader(node, path: file.path, lineOffset: 0, diagnostics: diagnostics)
            guard let english = entry.string(sourceLanguage.rawValue, required: true) else { return nil }
            var translations: [LanguageCode: [String]] = [:]
            for code in languages where code != sourceLanguage {
                if HalfwidthPunctuationLinter.applies(to: code), let node = entry.value(code.rawValue) {
                    HalfwidthPunctuationLinter(diagnostics: diagnostics).lint(yaml: node, in: file)
                }
                if case .sequence = entry.value(code.rawValue)?.value {
                    translations[code] = entry.stringList(code.rawValue).map(\.value)
                } else if let text = entry.string(code.rawValue) {
                    translations[code] = [text]
                }
            }
            entry.rejectUnknownKeys(languages.map(\.rawValue) + ["other_senses"])
            return Term(english: english, translations: translations, otherSenses: entry.stringList("other_senses").map(\.value))
        }
        return Self.addingLongerTerms(to: terms)
    }

    /// Counts each longer term that contains a term among the term's other senses, so that a use
    /// is checked once, against the most specific entry.
    static func addingLongerTerms(to terms: [Term]) -> [Term] {
        // Index terms by their words, so each term looks only at the terms that share its first word.
        var byWord: [String: [Int]] = [:]
        for (index, term) in terms.enumerated() {
            for word in Set(term.loweredWords) { byWord[word, default: []].append(index) }
        }
        return terms.map { term in
            var term = term
            guard let first = term.loweredWords.first else { return term }
            for index in byWord[first] ?? [] {
                let longer = terms[index].loweredWords
                guard longer.count > term.loweredWords.count else { continue }
                let fits = (0...(longer.count - term.loweredWords.count)).contains { start in
                    Array(longer[start..<start + term.loweredWords.count]) == term.loweredWords
                }
                if fits { term.otherSenses.append(longer) }
            }
            return term
        }
    }

    /// Warns where `translation` departs from the glossary compared with its `source`.
    func check(_ translation: ParsedPage, source: ParsedPage, terms: [Term]) {
        check(translation, source: source, sourceWords: Self.words(of: source), terms: terms)
    }

    /// The words of a page's title and prose, which `check` compares, each of which can be located
    /// in the file; a source page's are worked out once for all its translations.
    static func words(of page: ParsedPage) -> Words {
        var text = page.title + " "
        var anchors = [Words.Anchor(offset: 0, place: .title)]
        appendProse(page.body, to: &text, anchors: &anchors)
        return Words(text, anchors: anchors)
    }

    /// `check(_:source:terms:)` with the source's words already split.
    func check(_ translation: ParsedPage, source: ParsedPage, sourceWords: Words, terms: [Term]) {
        let language = translation.file.language
        let translatedText = translation.title + " " + Self.prose(translation.body)
        let translatedBytes = Array(translatedText.utf8)
        var translatedWords: Words?
        for term in terms {
            guard let forms = term.translations[language], let fixed = forms.first, !fixed.isEmpty else { continue }
            if source.title == term.english, translation.title != fixed {
                diagnostics.warning(
                    .glossary, "the title should be the glossary's \"\(fixed)\" for \"\(term.english)\"",
                    at: Self.titleLocation(translation))
                continue
            }
            guard term.checkedInText else { continue }
            let uses = sourceWords.uses(of: term)
            guard let first = uses.first, !forms.contains(where: { Self.bytes(translatedBytes, contain: Array($0.utf8)) }) else { continue }
            // Where the translation keeps the English word (a product or menu name such as
            // "Accessibility Inspector"), those uses need no translation.
            if translatedWords == nil { translatedWords = Words(translatedText) }
            if uses.count > translatedWords!.uses(of: term).count {
                let place = sourceWords.location(ofWord: first, in: source)
                diagnostics.warning(
                    .glossary,
                    "\"\(term.english)\" is used here, but \(translation.file.path) never uses the glossary's \"\(fixed)\"",
                    at: place, notes: Self.passage(translation, following: place, in: source))
            }
        }
    }

    /// A text split into words once, so each of a hundred terms is counted without rescanning it.
    struct Words {
        /// The text the words were split from.
        let text: String
        let exact: [Substring]
        let lower: [String]
        let positions: [String: [Int]]
        /// The UTF-8 offset in the text where each word starts.
        let offsets: [Int]
        /// Where the pieces of a page's text came from, in order of `offset`; empty for plain text.
        let anchors: [Anchor]

        /// The start of a piece of a page's text: its title, or a text node of its body.
        struct Anchor {
            enum Place { case title, body(SourcePosition) }
            var offset: Int
            var place: Place
        }

        init(_ text: String, anchors: [Anchor] = []) {
            self.text = text
            // Split on scalars, not Characters: much faster, and terms are plain words.
            var words: [Substring] = []
            var offsets: [Int] = []
            var start: String.Index?
            var offset = 0
            for index in text.unicodeScalars.indices {
                let scalar = text.unicodeScalars[index]
                let inWord: Bool
                if scalar.isASCII {
                    let value = scalar.value | 0x20
                    inWord = (value >= 0x61 && value <= 0x7A) || (scalar.value >= 0x30 && scalar.value <= 0x39) || scalar == "-" || scalar == "_"
                } else {
                    inWord = scalar.properties.isAlphabetic
                }
                if inWord, start == nil {
                    start = index
                    offsets.append(offset)
                }
                if !inWord, let begin = start {
                    words.append(text[begin..<index])
                    start = nil
                }
                offset += scalar.utf8.count
            }
            if let begin = start { words.append(text[begin...]) }
            exact = words
            lower = exact.map { $0.lowercased() }
            var positions: [String: [Int]] = [:]
            for (index, word) in lower.enumerated() { positions[word, default: []].append(index) }
            self.positions = positions
            self.offsets = offsets
            self.anchors = anchors
        }

        /// How often the words of `term` occur in a row.
        func count(_ term: Term, caseSensitive: Bool) -> Int {
            starts(of: term.words, lowered: term.loweredWords, caseSensitive: caseSensitive).count
        }

        /// Where the words of `term` start, in order, leaving out those inside one of its other senses.
        func uses(of term: Term) -> [Int] {
            let found = starts(of: term.words, lowered: term.loweredWords, caseSensitive: term.caseSensitive)
            guard !found.isEmpty, !term.otherSenses.isEmpty else { return found }
            let others = term.otherSenses.flatMap { phrase in
                starts(of: phrase.map { Substring($0) }, lowered: phrase, caseSensitive: false).map { $0..<$0 + phrase.count }
            }
            return found.filter { start in
                let use = start..<start + term.words.count
                return !others.contains { $0.lowerBound <= use.lowerBound && use.upperBound <= $0.upperBound }
            }
        }

        /// Where the words run in a row, compared as written or in lower case.
        private func starts(of parts: [Substring], lowered: [String], caseSensitive: Bool) -> [Int] {
            guard let first = lowered.first else { return [] }
            return (positions[first] ?? []).filter { start in
                guard start + parts.count <= lower.count else { return false }
                return parts.indices.allSatisfy { offset in
                    caseSensitive ? exact[start + offset] == parts[offset] : lower[start + offset] == lowered[offset]
                }
            }
        }

        /// The file location of word `index` of `page`'s words (line and column of its first letter).
        func location(ofWord index: Int, in page: ParsedPage) -> SourceLocation {
            location(ofOffset: offsets[index], in: page)
        }

        /// The file location of the text at UTF-8 `offset` of `page`'s words.
        func location(ofOffset offset: Int, in page: ParsedPage) -> SourceLocation {
            guard let anchor = anchors.last(where: { $0.offset <= offset }) else { return GlossaryChecker.titleLocation(page) }
            switch anchor.place {
            case .title:
                let title = GlossaryChecker.titleLocation(page)
                let characters = String(decoding: Array(page.title.utf8)[0..<offset], as: UTF8.self).unicodeScalars.count
                return SourceLocation(path: title.path, line: title.line, column: title.column + characters)
            case .body(let position):
                return page.lineMap.location(SourcePosition(line: position.line, column: position.column + offset - anchor.offset))
            }
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

    /// Where a page's title is written: the value of `title:` in its front matter.
    static func titleLocation(_ page: ParsedPage) -> SourceLocation {
        let lines = page.file.text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.hasPrefix("title:") }) else { return SourceLocation(path: page.file.path, line: 1, column: 1) }
        let value = lines[index].dropFirst("title:".count).drop { $0 == " " }
        let skipped = lines[index].unicodeScalars.count - value.unicodeScalars.count
        let quoted = value.first == "\"" || value.first == "'"
        return SourceLocation(path: page.file.path, line: index + 1, column: skipped + (quoted ? 2 : 1))
    }

    /// A note pointing to the translation's passage that follows the source's block at `place`,
    /// when both pages have the same blocks.
    static func passage(_ translation: ParsedPage, following place: SourceLocation, in source: ParsedPage) -> [Diagnostic.Note] {
        let sourceBlocks = source.units.filter { $0.line > 0 }
        let translatedBlocks = translation.units.filter { $0.line > 0 }
        guard sourceBlocks.count == translatedBlocks.count,
            let index = sourceBlocks.lastIndex(where: { $0.line <= place.line }), place.line != titleLocation(source).line
        else { return [] }
        return [
            Diagnostic.Note(
                "the translation of this passage", at: SourceLocation(path: translation.file.path, line: translatedBlocks[index].line, column: 1))
        ]
    }

    /// The words a reader sees as prose: code spans and code blocks hold API names, not terms.
    /// Blocks end in a space, so the last word of one list item or cell does not run into the next.
    static func prose(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .code, .codeBlock: return " "
        case .text(let text): return text
        case .softBreak, .lineBreak: return " "
        case .paragraph, .heading, .tableCell, .tableCaption: return node.children.map(prose).joined() + " "
        default: return node.children.map(prose).joined()
        }
    }

    /// `prose`, appended to `text` with where each text node starts.
    static func appendProse(_ node: MarkdownNode, to text: inout String, anchors: inout [Words.Anchor]) {
        switch node.kind {
        case .code, .codeBlock, .softBreak, .lineBreak: text += " "
        case .text(let string):
            anchors.append(Words.Anchor(offset: text.utf8.count, place: .body(node.start)))
            text += string
        case .paragraph, .heading, .tableCell, .tableCaption:
            node.children.forEach { appendProse($0, to: &text, anchors: &anchors) }
            text += " "
        default: node.children.forEach { appendProse($0, to: &text, anchors: &anchors) }
        }
    }
}

extension GlossaryChecker {
    /// Warns where a translation kept in YAML (a note on the source, a UI string) departs from the
    /// glossary compared with its English, as `check` does for pages: every Chinese text the site
    /// shows is held to the same terms.
    func check(text: String, source: String, language: LanguageCode, terms: [Term], at location: SourceLocation, of what: String) {
        let sourceWords = Words(source)
        let translatedBytes = Array(text.utf8)
        var translatedWords: Words?
        for term in terms where term.checkedInText {
            guard let forms = term.translations[language], let fixed = forms.first, !fixed.isEmpty else { continue }
            let uses = sourceWords.uses(of: term)
            guard !uses.isEmpty, !forms.contains(where: { Self.bytes(translatedBytes, contain: Array($0.utf8)) }) else { continue }
            if translatedWords == nil { translatedWords = Words(text) }
            if uses.count > translatedWords!.uses(of: term).count {
                diagnostics.warning(
                    .glossary, "\"\(term.english)\" is used in the English of \(what), but its \(language) text never uses the glossary's \"\(fixed)\"",
                    at: location)
            }
        }
    }

    /// Checks the translated texts of the notes on the source and of the UI strings.
    func checkYAML(notes: [SourceNote], strings: [LanguageCode: SourceFile], sourceLanguage: LanguageCode, terms: [Term]) {
        let languages = Set(terms.flatMap(\.translations.keys)).sorted()
        for note in notes {
            for language in languages {
                for (field, name) in [(note.title, "title"), (note.says, "says"), (note.does, "does")] {
                    guard let text = field[language], let source = field[sourceLanguage] else { continue }
                    check(
                        text: text.plainText, source: source.plainText, language: language, terms: terms, at: note.location,
                        of: "note \"\(note.id)\" (\(name))")
                }
            }
        }
        guard let sourceFile = strings[sourceLanguage] else { return }
        // Read again without reporting: the strings resolver has reported the files' problems.
        let reader = UIStringsReader(diagnostics: DiagnosticEngine())
        let english = reader.read(sourceFile).entries
        for language in languages {
            guard let file = strings[language] else { continue }
            for (key, entry) in reader.read(file).entries.sorted(by: { $0.key < $1.key }) {
                guard let source = english[key] else { continue }
                for (form, value) in entry.forms.sorted(by: { $0.key < $1.key }) {
                    guard let sourceText = source.forms[form]?.value ?? source.forms["other"]?.value else { continue }
                    check(text: value.value, source: sourceText, language: language, terms: terms, at: value.location, of: "string \"\(key)\"")
                }
            }
        }
    }
}
