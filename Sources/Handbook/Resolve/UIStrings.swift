/// The interface text of one language (`strings.yaml`): "Skip to main content", "Search", …,
/// with the source language's text standing in for any key a translation lacks.
public struct UIStrings: Sendable {
    /// Text by key.
    public var values: [String: String]
    /// Keys that fell back to the source language.
    public var missingKeys: [String]

    /// Creates a table.
    public init(values: [String: String], missingKeys: [String] = []) {
        self.values = values
        self.missingKeys = missingKeys
    }

    /// The text for `key`, with `{name}` placeholders filled from `arguments`.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        var value = values[key] ?? key
        for (name, replacement) in arguments {
            value = value.replacingOccurrences(of: "{\(name)}", with: replacement)
        }
        return value
    }
}

/// Reads `strings.yaml` files: a flat mapping of keys to text.
struct UIStringsReader {
    let diagnostics: DiagnosticEngine

    func read(_ file: SourceFile) -> [String: Located<String>] {
        guard let root = YAMLReader.read(file, reportingTo: diagnostics) else { return [:] }
        if HalfwidthPunctuationLinter.applies(to: file.language) {
            HalfwidthPunctuationLinter(diagnostics: diagnostics).lint(yaml: root, in: file)
        }
        let fields = FieldReader(root, path: file.path, lineOffset: 0, diagnostics: diagnostics)
        var out: [String: Located<String>] = [:]
        for pair in fields.pairs {
            guard case .scalar(let key, _) = pair.key.value else { continue }
            guard case .scalar(let text, _) = pair.value.value else {
                diagnostics.error(
                    "front-matter-type", "the string \"\(key)\" must be text, found \(pair.value.shapeName)",
                    at: fields.location(pair.value))
                continue
            }
            if let first = out[key] {
                diagnostics.error(
                    "duplicate-key", "key \"\(key)\" appears twice", at: fields.location(pair.key),
                    notes: [Diagnostic.Note("first defined here", at: first.location)])
                continue
            }
            out[key] = Located(text, at: fields.location(pair.value))
        }
        return out
    }
}
