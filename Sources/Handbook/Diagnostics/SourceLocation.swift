/// A place in a project file as people read it.
///
/// `path` is relative to the project root; `line` and `column` are 1-based, and columns count Unicode
/// code points (so a Chinese character is one column, as libyaml counts it), not bytes.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Path relative to the project root, with `/` separators.
    public var path: String
    /// 1-based line; 0 when the problem concerns the whole file.
    public var line: Int
    /// 1-based column in code points; 0 when the problem concerns the whole file or line.
    public var column: Int

    /// Creates a location.
    public init(path: String, line: Int = 0, column: Int = 0) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, leaving out what is unknown.
    public var description: String {
        if line == 0 { return path }
        if column == 0 { return "\(path):\(line)" }
        return "\(path):\(line):\(column)"
    }

    /// Orders by path, then line, then column.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}
