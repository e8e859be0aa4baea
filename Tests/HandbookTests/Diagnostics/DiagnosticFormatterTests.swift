import XCTest

@testable import Handbook

final class DiagnosticFormatterTests: XCTestCase {
    func testControlCharactersFromNamesAndValuesArePrintedAsEscapes() {
        let diagnostic = Diagnostic.error(
            .fileName, "value \"a\u{1B}[31mred\tand\nmore\u{7}\"", at: SourceLocation(path: "content/en/pages/a\tb.md", line: 2, column: 5),
            notes: [Diagnostic.Note("see \u{9B}here", at: SourceLocation(path: "x\u{1B}.md"))])
        let text = DiagnosticFormatter().format(diagnostic)
        XCTAssertEqual(
            text,
            "content/en/pages/a\\tb.md:2:5: error: value \"a\\u{1B}[31mred\\tand\\nmore\\u{7}\" [file-name]\n"
                + "    x\\u{1B}.md: note: see \\u{9B}here\n")
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x09 })
    }

    func testOrdinaryTextIsUnchanged() {
        XCTAssertEqual(DiagnosticFormatter.escaped("字幕 “quoted” é"), "字幕 “quoted” é")
    }
}
