/// One entry of a `strings.yaml`, as written.
struct UIStringEntry: Sendable {
    /// The text by CLDR category; a plain `key: text` entry has only `other`.
    var forms: [String: Located<String>]
    /// Whether the entry was written as a mapping of forms (a counted string).
    var isCounted: Bool
    /// Where the key is.
    var location: SourceLocation
    /// The translators' note: the comment lines right above the key.
    var description: String?

    /// A fingerprint of the text (not the note): what a translation records of the English it follows.
    var fingerprint: String {
        let text = forms.keys.sorted().map { "\($0)=\(forms[$0]!.value)" }.joined(separator: "\n")
        return String(SHA256.hex(Array(text.utf8)).prefix(8))
    }
}

/// Reads `strings.yaml` files: keys to text, or to forms by CLDR category for counted strings
/// (`one: "{count} practice"`, `other: "{count} practices"`); a comment right above a key is its
/// note for translators; `_sources`, which `i18n mark-current` writes, records the English each
/// translated string follows (`key: "<English fingerprint> <translation fingerprint>"`).
struct UIStringsReader {
    /// The key under which a translation records what it follows.
    static let sourcesKey = "_sources"

    let diagnostics: DiagnosticEngine

    func read(_ file: SourceFile) -> (entries: [String: UIStringEntry], sources: [String: [Substring]]) {
        guard let root = YAMLReader.read(file, reportingTo: diagnostics) else { return ([:], [:]) }
        if HalfwidthPunctuationLinter.applies(to: file.language) {
            HalfwidthPunctuationLinter(diagnostics: diagnostics).lint(yaml: root, in: file)
        }
        let fields = FieldReader(root, path: file.path, lineOffset: 0, diagnostics: diagnostics)
        let notes = Self.comments(above: file.text)
        var out: [String: UIStringEntry] = [:]
        var sources: [String: [Substring]] = [:]
        for pair in fields.pairs {
            guard case .scalar(let key, _) = pair.key.value else { continue }
            if key == Self.sourcesKey {
                for entry in FieldReader(pair.value, path: file.path, lineOffset: 0, diagnostics: diagnostics).pairs {
                    if case .scalar(let name, _) = entry.key.value, case .scalar(let record, _) = entry.value.value {
                        sources[name] = record.split(separator: " ")
                    }
                }
                continue
            }
            if let first = out[key] {
                diagnostics.error(
                    .duplicateKey, "key \"\(key)\" appears twice", at: fields.location(pair.key),
                    notes: [Diagnostic.Note("first defined here", at: first.location)])
                continue
            }
            var forms: [String: Located<String>] = [:]
            switch pair.value.value {
            case .scalar(let text, _):
                forms["other"] = Located(text, at: fields.location(pair.value))
            case .mapping(let entries):
                for entry in entries {
                    guard case .scalar(let category, _) = entry.key.value, case .scalar(let text, _) = entry.value.value else {
                        diagnostics.error(
                            .frontMatterType, "the forms of \"\(key)\" must be text, such as one: \"{count} item\"",
                            at: fields.location(entry.value))
                        continue
                    }
                    forms[category] = Located(text, at: fields.location(entry.value))
                }
            case .sequence:
                diagnostics.error(
                    .frontMatterType, "the string \"\(key)\" must be text, found \(pair.value.shapeName)", at: fields.location(pair.value))
                continue
            }
            let isCounted = if case .mapping = pair.value.value { true } else { false }
            out[key] = UIStringEntry(forms: forms, isCounted: isCounted, location: fields.location(pair.key), description: notes[key])
        }
        return (out, sources)
    }

    /// The comment lines (`# …`) right above each top-level key, joined: libyaml drops comments,
    /// and a flat file of keys is read reliably line by line.
    static func comments(above text: String) -> [String: String] {
        var out: [String: String] = [:]
        var pending: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                pending.append(line.dropFirst().drop { $0 == " " })
            } else if let colon = line.firstIndex(of: ":"), let first = line.first, first != " ", first != "-" {
                if !pending.isEmpty { out[String(line[..<colon])] = pending.joined(separator: " ") }
                pending = []
            } else {
                pending = []
            }
        }
        return out
    }
}
