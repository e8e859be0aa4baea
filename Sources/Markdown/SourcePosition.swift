/// A place in Markdown source as cmark reports it: 1-based line, 1-based column in UTF-8 bytes.
///
/// Callers that show positions to people convert the byte column to characters with the line's text.
public struct SourcePosition: Hashable, Sendable, Comparable {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in UTF-8 bytes as cmark counts it.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders positions by line, then column.
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}
