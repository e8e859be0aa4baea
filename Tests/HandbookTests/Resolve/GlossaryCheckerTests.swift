import HandbookTestSupport
import XCTest

@testable import Handbook

final class GlossaryCheckerTests: XCTestCase {
    private func warnings(translation body: String, title: String = "提供字幕") -> [String] {
        let engine = DiagnosticEngine()
        // The pages are minimal, not valid practices; only the glossary's findings are looked at.
        let parser = PageParser(diagnostics: DiagnosticEngine())
        func page(_ language: String, _ text: String) -> ParsedPage {
            parser.parse(SourceFile(
                path: "content/\(language)/practices/1.10.md", language: language, relativePath: "practices/1.10.md",
                text: text, hash: "h"))!
        }
        let source = page("en", "---\nid: \"1.10\"\ntitle: Provide captions for videos\nprinciple: other\n---\nA screen reader reads the caption. Call `screenReader()`.\n")
        let translated = page("zh-Hant", "---\nid: \"1.10\"\ntitle: \(title)\nprinciple: other\n---\n\(body)\n")
        let glossary = SourceFile(
            path: "content/glossary.yaml", language: "", relativePath: "glossary.yaml",
            text: "terms:\n  - en: Provide captions for videos\n    zh-Hant: 為影片提供字幕\n  - en: screen reader\n    zh-Hant: 螢幕閱讀器\n  - en: caption\n    zh-Hant: [字幕, 欄位標題]\n",
            hash: "g")
        let checker = GlossaryChecker(diagnostics: engine)
        checker.check(translated, source: source, terms: checker.read(glossary, languages: ["en", "zh-Hant"]))
        return engine.diagnostics.map(\.message)
    }

    func testTitleAndTermsThatDepartFromTheGlossaryAreWarned() {
        XCTAssertEqual(
            warnings(translation: "讀屏軟件會讀出字幕。"),
            [
                "the English page uses \"screen reader\", but this translation never uses the glossary's \"螢幕閱讀器\"",
                "the title should be the glossary's \"為影片提供字幕\" for \"Provide captions for videos\"",
            ])
    }

    func testGlossaryFormsAlternativesAndCodeAreAccepted() {
        XCTAssertEqual(warnings(translation: "螢幕閱讀器會讀出欄位標題。", title: "為影片提供字幕"), [])
    }
}
