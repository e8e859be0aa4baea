import Markdown

/// Inline Markdown written as a front-matter value (a program detail's `description` and
/// `functions` items), parsed in the parse stage so it is linted and its links resolved like a body.
public struct FieldMarkdown: Sendable, SourcePositionMapping {
    /// The value as written.
    public var text: String
    /// The parsed value; after the resolve stage, with its links bound.
    public var node: MarkdownNode
    /// Where the value starts in the file.
    public var start: SourceLocation
    /// File column of the value's first character when the value is one line whose characters are
    /// those of the file (no escapes, folding or quotes in between); nil otherwise.
    private var firstColumn: Int?

    /// Wraps `node`, parsed from `text`, the YAML scalar that starts at `start`; `sourceLine` is the
    /// file's line there, which tells whether columns inside the value map one to one.
    init(_ text: String, node: MarkdownNode, at start: SourceLocation, sourceLine: Substring?) {
        self.text = text
        self.node = node
        self.start = start
        firstColumn = nil
        guard let sourceLine, !text.contains("\n"), start.column > 0 else { return }
        let scalars = sourceLine.unicodeScalars
        // A plain value starts at its column; a quoted one a character later.
        for column in [start.column, start.column + 1] where column - 1 <= scalars.count {
            let rest = scalars.dropFirst(column - 1)
            if rest.starts(with: text.unicodeScalars) {
                firstColumn = column
                return
            }
        }
    }

    /// The file location of a position in the value: exact on a one-line value, else the value's start.
    public func location(_ position: SourcePosition) -> SourceLocation {
        guard let firstColumn, position.line == 1 else { return start }
        let prefix = text.utf8.prefix(max(position.column - 1, 0))
        let column = firstColumn + String(decoding: prefix, as: UTF8.self).unicodeScalars.count
        return SourceLocation(path: start.path, line: start.line, column: column)
    }
}
