import Markdown

/// Reads `content/source-notes.yaml` (parse stage for that file): a top-level `notes:` list whose
/// entries carry `id`, `topic`, `guide`, `pages`, and `title`, `says` and `does` in every language.
/// Every problem is reported at its line, and a faulty entry is left out rather than stopping the run.
struct SourceNotesReader {
    let diagnostics: DiagnosticEngine
    private let parser = MarkdownParser()

    init(diagnostics: DiagnosticEngine) {
        self.diagnostics = diagnostics
    }

    /// The entries of `file`, in file order; `languages` are the site's language codes, the source
    /// language first, all of which each prose field must give.
    func read(_ file: SourceFile, languages: [LanguageCode]) -> [SourceNote] {
        guard let root = YAMLReader.read(file, reportingTo: diagnostics) else { return [] }
        let fields = FieldReader(root, path: file.path, lineOffset: 0, diagnostics: diagnostics)
        fields.rejectUnknownKeys(["notes"])
        var seen: [String: SourceLocation] = [:]
        return fields.list("notes", required: true).compactMap { node -> SourceNote? in
            let entry = FieldReader(node, path: file.path, lineOffset: 0, diagnostics: diagnostics)
            entry.rejectUnknownKeys(["id", "topic", "guide", "pages", "title", "says", "does"])
            guard let id = entry.locatedString("id", required: true) else { return nil }
            guard id.value.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }), !id.value.isEmpty else {
                diagnostics.error(
                    .sourceNote, "note ID \"\(id.value)\" may only hold lower-case letters, digits and hyphens", at: id.location)
                return nil
            }
            if let first = seen[id.value] {
                diagnostics.error(
                    .duplicateId, "note \"\(id.value)\" is defined twice", at: id.location,
                    notes: [Diagnostic.Note("first defined at \(first.path):\(first.line):\(first.column)")])
                return nil
            }
            seen[id.value] = id.location
            let topic = entry.oneOf("topic", SourceNote.Topic.allCases.map(\.rawValue), required: true).flatMap(SourceNote.Topic.init)
            let guide = entry.stringList("guide").map(\.value)
            if guide.isEmpty { diagnostics.error(.sourceNote, "note \"\(id.value)\" names no place in the guide (guide:)", at: id.location) }
            let pages = entry.stringList("pages").compactMap { reference -> Located<PageKey>? in
                guard let key = Self.pageKey(reference.value) else {
                    diagnostics.error(
                        .sourceNote, "\"\(reference.value)\" is not a page reference; write bp:ID, sec:NUMBER or page:ID",
                        at: reference.location)
                    return nil
                }
                return Located(key, at: reference.location)
            }
            let title = prose("title", of: entry, languages: languages, file: file)
            let says = prose("says", of: entry, languages: languages, file: file)
            let does = prose("does", of: entry, languages: languages, file: file)
            guard let topic, let title, let says, let does else { return nil }
            return SourceNote(
                id: id.value, topic: topic, guide: guide, pages: pages, title: title, says: says, does: does, location: id.location)
        }
    }

    /// `bp:2.10`, `sec:11.5`, `page:about` as a page key.
    static func pageKey(_ reference: String) -> PageKey? {
        for (scheme, make) in [("bp:", PageKey.practice), ("sec:", PageKey.section), ("page:", PageKey.page)]
        where reference.hasPrefix(scheme) && reference.count > scheme.count {
            return make(String(reference.dropFirst(scheme.count)))
        }
        return nil
    }
}

private extension SourceNotesReader {
    /// A prose field by language, each parsed as inline Markdown; nil (reported) when the source
    /// language's text is missing. A language without its text shows the source's, as an untranslated
    /// page does (a language added by `i18n init` has none yet).
    func prose(_ key: String, of entry: FieldReader, languages: [LanguageCode], file: SourceFile) -> [LanguageCode: MarkdownNode]? {
        guard let node = entry.value(key) else {
            _ = entry.string(key, required: true)  // reports the missing key
            return nil
        }
        let texts = FieldReader(node, path: file.path, lineOffset: 0, diagnostics: diagnostics)
        texts.rejectUnknownKeys(languages.map(\.rawValue))
        var values: [LanguageCode: MarkdownNode] = [:]
        for language in languages {
            let isSource = language == languages.first
            guard let text = texts.string(language.rawValue, required: isSource), let valueNode = texts.value(language.rawValue) else {
                if isSource { return nil }
                continue
            }
            if HalfwidthPunctuationLinter.applies(to: language) {
                HalfwidthPunctuationLinter(diagnostics: diagnostics).lint(yaml: valueNode, in: file)
            }
            var (parsed, _) = parser.parseChecked(text)
            // English quoted in Chinese prose is read with an English voice, as in page bodies.
            if language != languages.first, LanguageOfParts.needsMarking(language) {
                LanguageOfParts.mark(&parsed, as: languages.first ?? "en")
            }
            if Self.containsLink(parsed) {
                diagnostics.error(
                    .sourceNote, "notes hold no links; list the pages concerned under \"pages\"", at: texts.location(valueNode))
            }
            values[language] = parsed
        }
        return values
    }

    static func containsLink(_ node: MarkdownNode) -> Bool {
        if case .link = node.kind { return true }
        return node.children.contains(where: containsLink)
    }
}
