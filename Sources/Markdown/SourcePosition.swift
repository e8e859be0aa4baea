/// A place in Markdown source as cmark reports it: 1-based line, 1-based column in UTF-8 bytes.
///
/// Callers that show positions to people convert the byte column to characters with the line's text.
/// Stored as 32-bit numbers, cmark's own `int`: every node of a tree carries two positions, and a
/// table of 200,000 rows has a million nodes.
public struct SourcePosition: Hashable, Sendable, Comparable {
    private var storedLine: Int32
    private var storedColumn: Int32

    /// 1-based line number.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    /// 1-based column, counted in UTF-8 bytes as cmark counts it.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// Creates a position.
    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// Orders positions by line, then column.
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.storedLine, a.storedColumn) < (b.storedLine, b.storedColumn)
    }
}
