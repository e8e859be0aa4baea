import Markdown

/// Maps cmark positions in a page body (byte columns, body-relative lines) to file locations
/// (code-point columns, file lines), since cmark never sees the front matter.
public struct LineMap: Sendable {
    /// The file the body came from.
    public let path: String
    /// File line number of the body's first line.
    public let firstBodyLine: Int
    private let lines: [Substring]

    /// Creates a map for `body`, which starts on file line `firstBodyLine`.
    public init(path: String, body: String, firstBodyLine: Int) {
        self.path = path
        self.firstBodyLine = firstBodyLine
        self.lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The file location of a cmark position.
    public func location(_ position: SourcePosition) -> SourceLocation {
        guard position.line > 0 else { return SourceLocation(path: path) }
        let line = position.line + firstBodyLine - 1
        guard position.line <= lines.count else { return SourceLocation(path: path, line: line, column: position.column) }
        let text = lines[position.line - 1].utf8
        let byteCount = min(max(position.column - 1, 0), text.count)
        let prefix = text.prefix(byteCount)
        let column = String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(path: path, line: line, column: column)
    }
}
