/// Reads `content/wcag.yaml` into a `WCAGCatalog`, reporting every problem with the file at its
/// place: a malformed or repeated number, a criterion whose guideline is not listed, an unknown
/// level, version or gap note, and a name missing in a language of the site.
struct WCAGCatalogReader {
    let diagnostics: DiagnosticEngine

    /// The versions a criterion can have been added in.
    static let versions = ["2.0", "2.1", "2.2"]

    /// The catalogue, or nil when the file is not valid YAML.
    func read(_ file: SourceFile, languages: [LanguageCode]) -> WCAGCatalog? {
        guard let root = YAMLReader.read(file, reportingTo: diagnostics) else { return nil }
        let fields = FieldReader(root, path: file.path, lineOffset: 0, diagnostics: diagnostics)
        fields.rejectUnknownKeys(["principles", "guidelines", "criteria", "gaps"])
        let gaps = readGaps(fields, file: file, languages: languages)
        var seen: [String: SourceLocation] = [:]
        let principles = fields.list("principles", required: true).compactMap {
            readGroup($0, file: file, languages: languages, parts: 1, seen: &seen)
        }
        let guidelines = fields.list("guidelines", required: true).compactMap {
            readGroup($0, file: file, languages: languages, parts: 2, seen: &seen)
        }
        let guidelineNumbers = guidelines.map(\.number)
        let criteria = fields.list("criteria", required: true).compactMap { node -> WCAGCatalog.Criterion? in
            let entry = FieldReader(node, path: file.path, lineOffset: 0, diagnostics: diagnostics)
            entry.rejectUnknownKeys(["number", "level", "since", "removed", "own", "gap"] + languages.map(\.rawValue))
            guard let number = checkedNumber(entry, parts: 3, seen: &seen) else { return nil }
            let guideline = String(number[..<number.lastIndex(of: ".")!])
            if !guidelineNumbers.contains(guideline) {
                diagnostics.error(
                    .frontMatterValue, "criterion \"\(number)\" belongs to guideline \"\(guideline)\", which \"guidelines\" does not list",
                    at: entry.location(of: "number"))
            }
            let level = entry.oneOf("level", WCAGCatalog.Level.allCases.map(\.rawValue), required: true)
                .flatMap(WCAGCatalog.Level.init(rawValue:))
            let since = entry.oneOf("since", Self.versions, required: true)
            let removed = entry.oneOf("removed", Self.versions)
            let own = entry.oneOf("own", ["true", "false"]) == "true"
            let gap = entry.string("gap")
            if let gap, gaps[gap] == nil {
                var notes = [Diagnostic.Note("the notes in \"gaps\": \(gaps.keys.sorted().joined(separator: ", "))")]
                if let near = NearMiss.suggestion(for: gap, among: Array(gaps.keys)) {
                    notes.insert(Diagnostic.Note("did you mean \"\(near)\"?"), at: 0)
                }
                diagnostics.error(.frontMatterValue, "no note \"\(gap)\" in \"gaps\"", at: entry.location(of: "gap"), notes: notes)
            }
            guard let level, let since else { return nil }
            return WCAGCatalog.Criterion(
                number: number, level: level, since: since, removed: removed,
                names: names(entry, languages: languages, file: file), ownNames: own, gap: gap,
                location: entry.location(of: "number"))
        }
        return WCAGCatalog(
            principles: principles, guidelines: guidelines,
            criteria: criteria.sorted { NumberOrder.less($0.number, $1.number) }, gaps: gaps)
    }
}

private extension WCAGCatalogReader {
    func readGroup(_ node: YAMLNode, file: SourceFile, languages: [LanguageCode], parts: Int, seen: inout [String: SourceLocation]) -> WCAGCatalog.Group? {
        let entry = FieldReader(node, path: file.path, lineOffset: 0, diagnostics: diagnostics)
        entry.rejectUnknownKeys(["number", "own"] + languages.map(\.rawValue))
        _ = entry.oneOf("own", ["true", "false"])
        guard let number = checkedNumber(entry, parts: parts, seen: &seen) else { return nil }
        return WCAGCatalog.Group(number: number, names: names(entry, languages: languages, file: file))
    }

    /// The entry's number when it is `parts` dotted decimals under principles 1 to 4, seen once.
    func checkedNumber(_ entry: FieldReader, parts: Int, seen: inout [String: SourceLocation]) -> String? {
        guard let number = entry.string("number", required: true) else { return nil }
        let pieces = number.split(separator: ".", omittingEmptySubsequences: false)
        let valid = pieces.count == parts && pieces.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }
            && ["1", "2", "3", "4"].contains(pieces[0])
        guard valid else {
            diagnostics.error(
                .frontMatterValue, "\"\(number)\" is not a WCAG number of \(parts) part\(parts == 1 ? "" : "s") under principles 1 to 4",
                at: entry.location(of: "number"))
            return nil
        }
        if let first = seen[number] {
            diagnostics.error(
                .duplicateId, "\"\(number)\" is listed twice", at: entry.location(of: "number"),
                notes: [Diagnostic.Note("first listed here", at: first)])
            return nil
        }
        seen[number] = entry.location(of: "number")
        return number
    }

    /// The entry's text in each language; Chinese texts are checked for half-width punctuation.
    func names(_ entry: FieldReader, languages: [LanguageCode], file: SourceFile) -> [LanguageCode: String] {
        var out: [LanguageCode: String] = [:]
        for code in languages {
            if HalfwidthPunctuationLinter.applies(to: code), let node = entry.value(code.rawValue) {
                HalfwidthPunctuationLinter(diagnostics: diagnostics).lint(yaml: node, in: file)
            }
            if let text = entry.string(code.rawValue, required: code == "en") {
                out[code] = text
            } else if code != "en" {
                diagnostics.warning(.missingTranslation, "no \(code) name", at: entry.location(entry.node))
            }
        }
        return out
    }

    func readGaps(_ fields: FieldReader, file: SourceFile, languages: [LanguageCode]) -> [String: [LanguageCode: String]] {
        guard let node = fields.value("gaps") else { return [:] }
        let gaps = FieldReader(node, path: file.path, lineOffset: 0, diagnostics: diagnostics)
        var out: [String: [LanguageCode: String]] = [:]
        for pair in gaps.pairs {
            guard case .scalar(let key, _) = pair.key.value else { continue }
            let entry = FieldReader(pair.value, path: file.path, lineOffset: 0, diagnostics: diagnostics)
            entry.rejectUnknownKeys(languages.map(\.rawValue))
            out[key] = names(entry, languages: languages, file: file)
        }
        return out
    }
}
