import Markdown

/// Maps cmark positions in a page body (byte columns, body-relative lines) to file locations
/// (code-point columns, file lines), since cmark never sees the front matter.
///
/// Every node and every diagnostic asks for a location, so one lookup must not depend on the line's
/// length: a line of 50,000 links made the old per-call prefix decoding quadratic. The map keeps the
/// byte offset of each line start and the number of code points before every 64-byte block, so a
/// lookup counts at most 63 bytes.
public struct LineMap: Sendable {
    /// The file the body came from.
    public let path: String
    /// File line number of the body's first line.
    public let firstBodyLine: Int
    /// The body's bytes, kept only when it is not all ASCII (code points are then counted).
    private let bytes: [UInt8]
    /// Byte offset where each body line starts, and the body's length last (a body is at most a few
    /// megabytes, and a page of short lines has hundreds of thousands of them).
    private let lineStarts: [Int32]
    /// Code points before byte `index * blockSize`; empty when the body is all ASCII.
    private let codePointsBeforeBlock: [Int]
    private static let blockSize = 64

    /// Creates a map for `body`, which starts on file line `firstBodyLine`.
    public init(path: String, body: String, firstBodyLine: Int) {
        self.path = path
        self.firstBodyLine = firstBodyLine
        let bytes = Array(body.utf8)
        var starts: [Int32] = [0]
        var isASCII = true
        for (offset, byte) in bytes.enumerated() {
            if byte == 0x0A { starts.append(Int32(clamping: offset + 1)) }
            if byte >= 0x80 { isASCII = false }
        }
        starts.append(Int32(clamping: bytes.count))
        var blocks: [Int] = []
        if !isASCII {
            blocks.reserveCapacity(bytes.count / Self.blockSize + 1)
            var count = 0
            for (offset, byte) in bytes.enumerated() {
                if offset % Self.blockSize == 0 { blocks.append(count) }
                if !Self.isContinuation(byte) { count += 1 }
            }
            blocks.append(count)
        }
        self.bytes = isASCII ? [] : bytes
        lineStarts = starts
        codePointsBeforeBlock = blocks
    }

    /// The file location of a cmark position.
    public func location(_ position: SourcePosition) -> SourceLocation {
        guard position.line > 0 else { return SourceLocation(path: path) }
        let line = position.line + firstBodyLine - 1
        guard position.line < lineStarts.count else { return SourceLocation(path: path, line: line, column: position.column) }
        let start = Int(lineStarts[position.line - 1])
        var end = Int(lineStarts[position.line])
        if position.line + 1 < lineStarts.count { end -= 1 }
        let byteCount = min(max(position.column - 1, 0), end - start)
        let column = codePoints(before: start + byteCount) - codePoints(before: start) + 1
        return SourceLocation(path: path, line: line, column: column)
    }
}

private extension LineMap {
    /// Code points that start in `bytes[0..<offset]`; a sequence cut by `offset` counts as one, as
    /// decoding the cut prefix would.
    func codePoints(before offset: Int) -> Int {
        guard !codePointsBeforeBlock.isEmpty else { return offset }
        let block = offset / Self.blockSize
        var count = codePointsBeforeBlock[block]
        for index in block * Self.blockSize..<offset where !Self.isContinuation(bytes[index]) { count += 1 }
        return count
    }

    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
