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

    /// What watch prints after an edit: every error, the warnings of the files just changed, and a
    /// summary that counts every warning as check does.
    func testWarningsNotRepeatedAreStillCounted() {
        func at(_ path: String) -> SourceLocation { SourceLocation(path: path, line: 1, column: 1) }
        let diagnostics = [
            Diagnostic.error(.brokenLink, "unknown section \"9\"", at: at("content/en/sections/1.md")),
            Diagnostic.warning(.linkText, "vague", at: at("content/en/sections/2.md")),
            Diagnostic.warning(.linkText, "vague", at: at("content/en/sections/3.md")),
            Diagnostic.warning(.tableCaption, "no caption", at: at("content/en/sections/4.md")),
        ]
        var out = ""
        DiagnosticFormatter().write(diagnostics, shown: { $0.location.path.hasSuffix("/3.md") }, to: &out)
        XCTAssertEqual(out, """
            content/en/sections/1.md:1:1: error: unknown section "9" [broken-link]
            content/en/sections/3.md:1:1: warning: vague [link-text]
            1 error (1 broken-link), 3 warnings (2 link-text, 1 table-caption) (2 of unchanged files not repeated)

            """)
    }

    func testOrdinaryTextIsUnchanged() {
        XCTAssertEqual(DiagnosticFormatter.escaped("字幕 “quoted” é"), "字幕 “quoted” é")
    }
}
