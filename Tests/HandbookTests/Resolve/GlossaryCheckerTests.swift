import HandbookTestSupport
import XCTest

@testable import Handbook

final class GlossaryCheckerTests: XCTestCase {
    private static let glossary = """
        terms:
          - en: Provide captions for videos
            zh-Hant: 為影片提供字幕
          - en: screen reader
            zh-Hant: 螢幕閱讀器
          - en: caption
            zh-Hant: [字幕, 欄位標題]
          - en: audio
            zh-Hant: 音訊
          - en: audio description
            zh-Hant: 口述影像
          - en: section
            zh-Hant: 節
            other_senses: [Notifications section, section of the app]

        """

    private func diagnostics(
        translation body: String, title: String = "提供字幕",
        source: String = "A screen reader reads the caption. Call `screenReader()`."
    ) -> [Diagnostic] {
        let engine = DiagnosticEngine()
        // The pages are minimal, not valid practices; only the glossary's findings are looked at.
        let parser = PageParser(diagnostics: DiagnosticEngine())
        func page(_ language: LanguageCode, _ text: String) -> ParsedPage {
            parser.parse(SourceFile(
                path: "content/\(language)/practices/1.10.md", language: language, relativePath: "practices/1.10.md",
                text: text, hash: "h"))!
        }
        let english = page("en", "---\nid: \"1.10\"\ntitle: Provide captions for videos\nprinciple: other\n---\n\(source)\n")
        let translated = page("zh-Hant", "---\nid: \"1.10\"\ntitle: \(title)\nprinciple: other\n---\n\(body)\n")
        let glossary = SourceFile(
            path: "content/glossary.yaml", language: "", relativePath: "glossary.yaml", text: Self.glossary, hash: "g")
        let checker = GlossaryChecker(diagnostics: engine)
        checker.check(translated, source: english, terms: checker.read(glossary, languages: ["en", "zh-Hant"], sourceLanguage: "en"))
        return engine.diagnostics
    }

    private func warnings(translation body: String, title: String = "提供字幕", source: String? = nil) -> [String] {
        (source.map { diagnostics(translation: body, title: title, source: $0) } ?? diagnostics(translation: body, title: title))
            .map { "\($0.location.description): \($0.message)" }
    }

    func testTextsKeptInYAMLAreHeldToTheSameTerms() {
        let engine = DiagnosticEngine()
        let checker = GlossaryChecker(diagnostics: engine)
        let glossary = SourceFile(path: "content/glossary.yaml", language: "", relativePath: "glossary.yaml", text: Self.glossary, hash: "g")
        let terms = checker.read(glossary, languages: ["en", "zh-Hant"], sourceLanguage: "en")
        let location = SourceLocation(path: "content/source-notes.yaml", line: 4, column: 5)
        checker.check(text: "讀屏軟件會讀出字幕。", source: "The screen reader reads the caption.", language: "zh-Hant", terms: terms, at: location, of: "note \"a\" (says)")
        checker.check(text: "螢幕閱讀器會讀出字幕。", source: "The screen reader reads the caption.", language: "zh-Hant", terms: terms, at: location, of: "note \"b\" (says)")
        XCTAssertEqual(engine.diagnostics.map { "\($0.location.description): \($0.message)" }, [
            "content/source-notes.yaml:4:5: \"screen reader\" is used in the English of note \"a\" (says), but its zh-Hant text never uses the glossary's \"螢幕閱讀器\""
        ])
    }

    func testTitleAndTermsThatDepartFromTheGlossaryAreWarnedAtTheTitleAndAtTheTerm() {
        XCTAssertEqual(
            warnings(translation: "讀屏軟件會讀出字幕。"),
            [
                "content/en/practices/1.10.md:6:3: \"screen reader\" is used here, but content/zh-Hant/practices/1.10.md never uses the glossary's \"螢幕閱讀器\"",
                "content/zh-Hant/practices/1.10.md:3:8: the title should be the glossary's \"為影片提供字幕\" for \"Provide captions for videos\"",
            ])
    }

    func testTermIsLocatedAtItsWordOnALaterLineAfterChineseAndMarkup() {
        let found = diagnostics(
            translation: "第一段。\n\n讀屏軟件會讀出字幕。", title: "為影片提供字幕",
            source: "First paragraph, with *emphasis*.\n\nA caption, then a **bold** screen\nreader, as one term.")
        XCTAssertEqual(found.map(\.location.description), ["content/en/practices/1.10.md:8:28"])
        XCTAssertEqual(found.first?.notes.map { $0.location?.description ?? "" }, ["content/zh-Hant/practices/1.10.md:8:1"])
    }

    func testGlossaryFormsAlternativesAndCodeAreAccepted() {
        XCTAssertEqual(warnings(translation: "螢幕閱讀器會讀出欄位標題。", title: "為影片提供字幕"), [])
    }

    func testAWordInsideALongerTermCountsOnlyForTheLongerTerm() {
        XCTAssertEqual(warnings(translation: "口述影像", title: "為影片提供字幕", source: "An audio description track."), [])
        XCTAssertEqual(
            warnings(translation: "口述影像", title: "為影片提供字幕", source: "An audio description and the audio track."),
            [
                "content/en/practices/1.10.md:6:30: \"audio\" is used here, but content/zh-Hant/practices/1.10.md never uses the glossary's \"音訊\""
            ])
    }

    func testTheLastWordOfAListItemDoesNotRunIntoTheNext() {
        XCTAssertEqual(
            warnings(translation: "口述影像", title: "為影片提供字幕", source: "1. An audio\n2. track"),
            [
                "content/en/practices/1.10.md:6:7: \"audio\" is used here, but content/zh-Hant/practices/1.10.md never uses the glossary's \"音訊\""
            ])
    }

    func testOtherSensesNamedInTheGlossaryAreNotUsesOfTheTerm() {
        XCTAssertEqual(
            warnings(translation: "「通知」部分", title: "為影片提供字幕", source: "Open the Notifications section, then this section of the app."), [])
        XCTAssertEqual(
            warnings(translation: "「通知」部分", title: "為影片提供字幕", source: "See the Notifications section and this section."),
            [
                "content/en/practices/1.10.md:6:40: \"section\" is used here, but content/zh-Hant/practices/1.10.md never uses the glossary's \"節\""
            ])
    }

    func testTheGlossaryIsKeyedBySourceLanguage() {
        let engine = DiagnosticEngine()
        let file = SourceFile(
            path: "content/glossary.yaml", language: "", relativePath: "glossary.yaml",
            text: "terms:\n  - fr: sous-titre\n    en: caption\n", hash: "g")
        let terms = GlossaryChecker(diagnostics: engine).read(file, languages: ["fr", "en"], sourceLanguage: "fr")
        XCTAssertEqual(terms.map(\.english), ["sous-titre"])
        XCTAssertEqual(terms.first?.translations["en"], ["caption"])
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
    }
}
