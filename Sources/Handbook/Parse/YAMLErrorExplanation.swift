/// A YAML syntax error said in plain words for the common causes (a tab, a line indented unlike its
/// neighbours, an unclosed quote, text after a closing quote, a value holding `: `), placed where the
/// cause is, with libyaml's own text kept as a note.
struct YAMLErrorExplanation {
    let message: String
    let line: Int
    let column: Int
    let notes: [String]

    /// Explains `error`, raised while reading `text` (1-based lines as libyaml reports them).
    init(_ error: YAMLReader.SyntaxError, in text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        let line = { (number: Int) -> [Unicode.Scalar] in lines.indices.contains(number - 1) ? lines[number - 1] : [] }
        let raw = error.message
        var result: (String, Int, Int, [String])?

        // A tab anywhere in the indentation of the lines up to the error.
        for number in stride(from: error.line, through: max(1, (error.contextLine ?? error.line) - 1), by: -1) {
            let scalars = line(number)
            if let tab = scalars.prefix(while: { $0 == " " || $0 == "\t" }).firstIndex(of: "\t") {
                result = ("a tab indents this line; YAML indents with spaces only", number, tab + 1, ["replace the tab with spaces"])
                break
            }
        }
        if result == nil, raw.contains("quoted scalar") {
            let (start, column) = Self.openingQuote(before: error, lines: lines)
            result = (
                "the quote that starts this value is never closed", start, column,
                ["end the value with the same quote mark; a quote inside it is written twice ('') or escaped (\\\")"]
            )
        }
        if result == nil, raw.hasPrefix("mapping values are not allowed") {
            let scalars = line(error.line)
            let before = scalars.prefix(max(0, error.column - 1))
            let indent = scalars.prefix { $0 == " " }.count
            let key = String(String.UnicodeScalarView(scalars.dropFirst(indent).prefix { $0 != ":" }))
            if String(String.UnicodeScalarView(before)).contains(": ") {
                result = (
                    "the value of \"\(key)\" contains \": \", which YAML reads as another key", error.line, error.column,
                    ["put the value in quotes: \(key): \"…\""]
                )
            } else {
                result = (
                    "this line is indented differently from the key above it, so YAML reads it as part of that value",
                    error.line, indent + 1, ["give the keys of one mapping the same indentation"]
                )
            }
        }
        if result == nil, raw.hasPrefix("did not find expected key") || raw.hasPrefix("did not find expected '-'") {
            let scalars = line(error.line)
            let previous = scalars.prefix(max(0, error.column - 1)).reversed().first { $0 != " " }
            if previous == "\"" || previous == "'" {
                result = (
                    "text follows the closing quote of this value", error.line, error.column,
                    ["quote the whole value, or remove the text after the quote"]
                )
            } else {
                result = (
                    "this line's indentation does not match the lines above it", error.line,
                    scalars.prefix { $0 == " " }.count + 1,
                    ["items of one list, and keys of one mapping, start in the same column"]
                )
            }
        }
        if result == nil, raw.hasPrefix("found character that cannot start any token") {
            let scalars = line(error.line)
            let character = scalars.indices.contains(error.column - 1) ? String(scalars[error.column - 1]) : "?"
            result = (
                "a value cannot start with \"\(character)\" unless it is quoted", error.line, error.column,
                ["put the value in quotes"]
            )
        }
        let (message, at, column, hints) = result ?? ("the front matter is not valid YAML here", error.line, error.column, [])
        self.message = message
        self.line = at
        self.column = column
        notes = hints + ["libyaml: \(raw)"]
    }

    /// The `yaml-syntax` error, in a file whose YAML starts after `lineOffset` lines.
    func diagnostic(path: String, lineOffset: Int) -> Diagnostic {
        .error(
            .yamlSyntax, message, at: SourceLocation(path: path, line: line + lineOffset, column: column),
            notes: notes.map { Diagnostic.Note($0) })
    }

    /// Where the unclosed quoted value starts: libyaml's context mark when it gave one, else the last
    /// line at or before the error whose value opens with a quote.
    private static func openingQuote(before error: YAMLReader.SyntaxError, lines: [[Unicode.Scalar]]) -> (Int, Int) {
        if let line = error.contextLine, let column = error.contextColumn { return (line, column) }
        for number in stride(from: min(error.line, lines.count), through: 1, by: -1) {
            let scalars = lines[number - 1]
            guard let colon = scalars.firstIndex(of: ":") else { continue }
            if let quote = scalars[(colon + 1)...].firstIndex(where: { $0 != " " }), scalars[quote] == "\"" || scalars[quote] == "'" {
                return (number, quote + 1)
            }
        }
        return (error.line, error.column)
    }
}
