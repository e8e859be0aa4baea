import Markdown
import XCTest

@testable import Handbook

/// The line/column mapper turns cmark's byte columns into code-point columns on file lines; these
/// compare it with the plain definition (decode the line's byte prefix and count its code points).
final class LineMapTests: XCTestCase {
    /// The definition: the code points of the line's first `column - 1` bytes, plus one.
    private func referenceColumn(_ body: String, line: Int, column: Int) -> Int {
        let lines = body.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
        let text = lines[line - 1]
        return String(decoding: text.prefix(max(column - 1, 0)), as: UTF8.self).unicodeScalars.count + 1
    }

    func testASCIIColumnsAreByteColumnsOnFileLines() {
        let map = LineMap(path: "a.md", body: "one\ntwo three\n", firstBodyLine: 5)
        XCTAssertEqual(map.location(SourcePosition(line: 1, column: 1)).description, "a.md:5:1")
        XCTAssertEqual(map.location(SourcePosition(line: 2, column: 5)).description, "a.md:6:5")
    }

    func testChineseCharactersCountAsOneColumnEach() {
        let body = "## 標題\n螢幕閱讀器會讀出 [按鈕](sec:1) 的標籤\n"
        let map = LineMap(path: "zh.md", body: body, firstBodyLine: 8)
        // "螢幕閱讀器會讀出 " is 8 characters of 3 bytes and a space: the link starts at byte 26.
        XCTAssertEqual(map.location(SourcePosition(line: 2, column: 26)).description, "zh.md:9:10")
        XCTAssertEqual(map.location(SourcePosition(line: 1, column: 4)).description, "zh.md:8:4")
        for column in 1...40 {
            XCTAssertEqual(map.location(SourcePosition(line: 2, column: column)).column, referenceColumn(body, line: 2, column: column), "byte column \(column)")
        }
    }

    func testAColumnInsideACharacterCountsThatCharacter() {
        let map = LineMap(path: "x.md", body: "字幕x\n", firstBodyLine: 1)
        // Byte 2 is inside 字: the prefix "字"[0..<1] decodes to one replacement character.
        XCTAssertEqual(map.location(SourcePosition(line: 1, column: 2)).column, 2)
        XCTAssertEqual(map.location(SourcePosition(line: 1, column: 7)).column, 3)
    }

    func testVeryLongMixedLineMatchesTheDefinition() {
        var line = ""
        for index in 0..<5_000 { line += index % 3 == 0 ? "[例 \(index)](https://example.org/\(index)) " : "*e\(index)* 字 " }
        let body = "first\n" + line + "\nlast"
        let map = LineMap(path: "long.md", body: body, firstBodyLine: 3)
        let length = line.utf8.count
        for column in stride(from: 1, through: length + 1, by: 997) + [length, length + 1, length + 50] {
            let expected = referenceColumn(body, line: 2, column: min(column, length + 1))
            XCTAssertEqual(map.location(SourcePosition(line: 2, column: column)), SourceLocation(path: "long.md", line: 4, column: expected), "byte column \(column)")
        }
        XCTAssertEqual(map.location(SourcePosition(line: 3, column: 3)).description, "long.md:5:3")
    }

    func testPositionsOutsideTheBodyKeepWhatIsKnown() {
        let map = LineMap(path: "x.md", body: "a\n", firstBodyLine: 4)
        XCTAssertEqual(map.location(SourcePosition(line: 0, column: 0)).description, "x.md")
        XCTAssertEqual(map.location(SourcePosition(line: 9, column: 2)).description, "x.md:12:2")
    }
}
