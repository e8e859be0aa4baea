import Markdown

/// Maps cmark positions in a page body (byte columns, body-relative lines) to file locations
/// (code-point columns, file lines), since cmark never sees the front matter.
public struct LineMap: Sendable {
    /// The file the body came from.
    public let path: String
    /// File line number of the body's first line.
    public let firstBodyLine: Int
    private let body: String
    /// Where each body line starts in `body.utf8`, and where the body ends.
    private let lineStarts: [String.Index]

    /// Creates a map for `body`, which starts on file line `firstBodyLine`.
    public init(path: String, body: String, firstBodyLine: Int) {
        self.path = path
        self.firstBodyLine = firstBodyLine
        self.body = body
        var starts = [body.utf8.startIndex]
        for index in body.utf8.indices where body.utf8[index] == 0x0A { starts.append(body.utf8.index(after: index)) }
        starts.append(body.utf8.endIndex)
        lineStarts = starts
    }

    /// The file location of a cmark position.
    public func location(_ position: SourcePosition) -> SourceLocation {
        guard position.line > 0 else { return SourceLocation(path: path) }
        let line = position.line + firstBodyLine - 1
        guard position.line < lineStarts.count else { return SourceLocation(path: path, line: line, column: position.column) }
        var lineEnd = lineStarts[position.line]
        if position.line + 1 < lineStarts.count { lineEnd = body.utf8.index(before: lineEnd) }
        let text = body.utf8[lineStarts[position.line - 1]..<lineEnd]
        let byteCount = min(max(position.column - 1, 0), text.count)
        let prefix = text.prefix(byteCount)
        let column = String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(path: path, line: line, column: column)
    }
}
