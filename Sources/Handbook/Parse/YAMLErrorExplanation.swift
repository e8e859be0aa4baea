/// A YAML syntax error said in plain words for the common causes (a tab, a line indented unlike its
/// neighbours, an unclosed quote, text after a closing quote, a value holding `: `), placed where the
/// cause is, with libyaml's own text kept as a note.
struct YAMLErrorExplanation {
    let message: String
    let line: Int
    let column: Int
    let notes: [String]
    /// For a quote left open: the quote mark YAML took as its end (line and column in the YAML).
    private(set) var readOnTo: (line: Int, column: Int)?

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
            let closing = scalars.prefix(max(0, error.column - 1)).lastIndex { $0 != " " }
            let previous = closing.map { scalars[$0] }
            if let closing, previous == "\"" || previous == "'",
                let opening = Self.openingQuote(closedAt: error.line, closing, lines: lines), opening.line < error.line {
                // A quoted value may run over lines, so a quote left open on an earlier key runs on to
                // the next quote mark, wherever it is; the mistake is where the value opened.
                result = (
                    "the quote that starts this value is never closed", opening.line, opening.column,
                    ["end the value with the same quote mark"]
                )
                readOnTo = (error.line, closing + 1)
            } else if previous == "\"" || previous == "'" {
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
        var notes = notes.map { Diagnostic.Note($0) }
        if let readOnTo {
            notes.insert(
                Diagnostic.Note("YAML read on to this quote mark", at: SourceLocation(path: path, line: readOnTo.line + lineOffset, column: readOnTo.column)),
                at: 1)
        }
        return .error(.yamlSyntax, message, at: SourceLocation(path: path, line: line + lineOffset, column: column), notes: notes)
    }

    /// The 1-based line and column of the quote mark that opens the quoted value whose closing mark is
    /// at `line`, 0-based `index`: the nearest same mark before it that is not escaped (`\"` in double
    /// quotes, `''` in single quotes).
    private static func openingQuote(closedAt line: Int, _ index: Int, lines: [[Unicode.Scalar]]) -> (line: Int, column: Int)? {
        guard lines.indices.contains(line - 1) else { return nil }
        let mark = lines[line - 1][index]
        var number = line
        var position = index - 1
        while number >= 1 {
            let scalars = lines[number - 1]
            while position >= 0 {
                if scalars[position] == mark {
                    if mark == "\"", position > 0, scalars[position - 1] == "\\" {
                        position -= 2
                        continue
                    }
                    if mark == "'", position > 0, scalars[position - 1] == "'" {
                        position -= 2
                        continue
                    }
                    return (number, position + 1)
                }
                position -= 1
            }
            number -= 1
            position = number >= 1 ? lines[number - 1].count - 1 : -1
        }
        return nil
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
