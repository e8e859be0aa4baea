import XCTest

@testable import Handbook

/// The `halfwidth-punctuation` lint: half-width `,` `:` `;` `(` `)` in Chinese prose are warned
/// about at their own line and code-point column; code, links, URLs, placeholders, numbers and
/// English text are left alone.
final class HalfwidthPunctuationTests: XCTestCase {
    /// The marks `findings` reports in one line of prose, as "column:mark".
    private func marks(_ text: String, markdown: Bool = true) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let mask = markdown ? HalfwidthPunctuation.markdownLineMask(scalars) : HalfwidthPunctuation.plainTextMask(scalars)
        return HalfwidthPunctuation.findings(in: scalars, masked: mask).map { "\($0.offset + 1):\($0.mark)" }
    }

    private func lint(_ text: String, language: LanguageCode = "zh-Hant", path: String = "practices/1.3.md") -> [String] {
        let engine = DiagnosticEngine()
        let file = SourceFile(path: "content/\(language)/\(path)", language: language, relativePath: path, text: text, hash: "h")
        _ = PageParser(diagnostics: engine).parse(file)
        return engine.diagnostics.filter { $0.code.rawValue == "halfwidth-punctuation" }.map { "\($0.location): \($0.message)" }
    }

    // MARK: - What is reported

    func testCommasColonsAndSemicolonsBesideHanAreReported() {
        XCTAssertEqual(marks("放大文字,或提供縮放"), ["5:,"])
        XCTAssertEqual(marks("例如:字幕"), ["3::"])
        XCTAssertEqual(marks("字幕;手語"), ["3:;"])
        XCTAssertEqual(marks("使用 TalkBack,然後"), ["12:,"], "Latin before, Han right after")
        XCTAssertEqual(marks("字幕 , 手語"), ["4:,"], "between Han characters with spaces")
    }

    func testParenthesesAroundOrBesideHanAreReportedInPairs() {
        XCTAssertEqual(marks("方法(法律、財務)"), ["3:(", "9:)"])
        XCTAssertEqual(marks("螢幕閱讀器(TalkBack)"), ["6:(", "15:)"])
        XCTAssertEqual(marks("(WCAG)的原則"), ["1:(", "6:)"])
        XCTAssertEqual(marks("見 (中文說明) 一節"), ["3:(", "8:)"])
        XCTAssertEqual(marks("程式詳情(第 {index} 項,共 {count} 項)"), ["5:(", "17:,", "29:)"])
    }

    func testColumnsCountCodePointsNotBytes() throws {
        // Each Han character is three UTF-8 bytes, and 𠀋 is four, but each is one column.
        XCTAssertEqual(marks("𠀋字,"), ["3:,"])
        let found = lint("---\nid: \"1.3\"\ntitle: 提供文字大小調整功能以放大文字,或提供縮放支援功能\nprinciple: perceivable\n---\n\n字幕 `a,b` 與畫面(例如 [按鈕](sec:7.1))\n")
        XCTAssertEqual(found, [
            "content/zh-Hant/practices/1.3.md:3:23: half-width \",\" in Chinese text; use the full-width \"，\"",
            "content/zh-Hant/practices/1.3.md:7:13: half-width \"(\" in Chinese text; use the full-width \"（\"",
            "content/zh-Hant/practices/1.3.md:7:30: half-width \")\" in Chinese text; use the full-width \"）\"",
        ])
    }

    func testQuotedYAMLValuesAndStringsFilesAreLocatedByTheirMarks() {
        let engine = DiagnosticEngine()
        let text = "a: 本頁尚未翻譯,因此以英文顯示。\nb: \"找到 {count} 項結果(共 {total} 項)\"\nc: 'English, only'\n"
        let file = SourceFile(path: "content/zh-Hans/strings.yaml", language: "zh-Hans", relativePath: "strings.yaml", text: text, hash: "h")
        _ = UIStringsReader(diagnostics: engine).read(file)
        XCTAssertEqual(engine.diagnostics.map(\.location.description), [
            "content/zh-Hans/strings.yaml:1:10", "content/zh-Hans/strings.yaml:2:19", "content/zh-Hans/strings.yaml:2:31",
        ])
        XCTAssertTrue(engine.diagnostics.allSatisfy { $0.severity == .warning && $0.code.rawValue == "halfwidth-punctuation" })
    }

    // MARK: - What is left alone

    func testCodeLinksURLsPlaceholdersAndNumbersAreNotReported() {
        XCTAssertEqual(marks("設定 `android:contentDescription=\"a,b\"` 屬性"), [])
        XCTAssertEqual(marks("見[按鈕](sec:7.1)說明"), [], "a link destination")
        XCTAssertEqual(marks("見[](bp:1.3)。"), [])
        XCTAssertEqual(marks("網址 https://example.org/a,b:c(d) 之後"), [])
        XCTAssertEqual(marks("網址 <https://example.org/a,b> 之後"), [])
        XCTAssertEqual(marks("對比度至少 4.5:1。"), [])
        XCTAssertEqual(marks("圖 7.2(a)）"), [], "a figure label inside full-width parentheses")
        XCTAssertEqual(marks("（Contrast (Minimum)）"), [])
        XCTAssertEqual(marks("「OGCIO (Then DPO)」"), [])
        XCTAssertEqual(marks("Android, iOS (and more): fine"), [])
        XCTAssertEqual(marks("## 標題 {#how-to-test}"), [])
        XCTAssertEqual(marks("[ref]: https://example.org/字,幕"), [])
        XCTAssertEqual(marks("字幕，手語（香港）：完"), [], "full-width punctuation")
    }

    func testCodeBlocksAndEnglishPagesAreNotLinted() {
        let body = "---\nid: \"1.3\"\ntitle: 標題\nprinciple: perceivable\n---\n\n```swift\nlet 字 = f(字,幕)\n```\n"
        XCTAssertEqual(lint(body), [])
        XCTAssertEqual(lint("---\nid: \"1.3\"\ntitle: Quoting 字幕,手語\nprinciple: perceivable\n---\n\n字幕,手語\n", language: "en"), [])
    }

    func testFrontMatterKeysAndListSyntaxAreNotReported() {
        let page = "---\nid: \"1.3\"\ntitle: 標題\nprinciple: perceivable\nsections: [\"7.1\", \"7.2\"]\nsummary: 文字\n---\n\n文字。\n"
        XCTAssertEqual(lint(page), [])
        let engine = DiagnosticEngine()
        let glossary = "terms:\n  - en: caption\n    zh-Hant: [字幕, 欄位標題]\n  - en: a, b\n    zh-Hant: 甲,乙\n"
        let file = SourceFile(path: "content/glossary.yaml", language: "", relativePath: "glossary.yaml", text: glossary, hash: "h")
        _ = GlossaryChecker(diagnostics: engine).read(file, languages: ["en", "zh-Hant"], sourceLanguage: "en")
        XCTAssertEqual(engine.diagnostics.map(\.location.description), ["content/glossary.yaml:5:15"])
    }
}
