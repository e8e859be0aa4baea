// libFuzzer entry: the line/column mapper (LineMap) against its plain definition on any text. For
// each line and byte column, the file line must be the body line shifted by the front matter, and the
// column the number of code points in the line's first `column - 1` bytes, plus one. Traps on the
// first mismatch.
import Handbook
import Markdown

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let body = String(validating: bytes, as: UTF8.self) else { return 0 }
    let firstBodyLine = 1 + size % 7
    let map = LineMap(path: "f.md", body: body, firstBodyLine: firstBodyLine)
    let lines = Array(body.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
    for (index, text) in lines.enumerated() {
        // Every column of a short line; on a long one a spread of columns, so each input stays fast.
        let step = max(1, text.count / 200)
        var columns = Array(stride(from: 0, through: text.count + 2, by: step))
        columns += [text.count, text.count + 1, text.count + 2]
        for column in columns {
            let expected = String(decoding: text.prefix(max(column - 1, 0)), as: UTF8.self).unicodeScalars.count + 1
            let found = map.location(SourcePosition(line: index + 1, column: column))
            let wanted = SourceLocation(path: "f.md", line: index + firstBodyLine, column: expected)
            if found != wanted {
                fatalError("line \(index + 1) byte column \(column): \(found), expected \(wanted) in \(body.debugDescription)")
            }
        }
    }
    return 0
}
