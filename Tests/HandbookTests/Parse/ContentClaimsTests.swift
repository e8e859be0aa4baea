import XCTest

@testable import Handbook

/// The lints that keep the content honest about its sources: code blocks declare where their code
/// comes from, sentences about the templates cite the guide, WCAG criteria are named from one
/// place, and Chinese text sets links and dashes one way.
final class ContentClaimsTests: XCTestCase {
    private let headings = "\n## Who it helps\n\n## On Android\n\n## On iOS\n\n## In the templates\n\n## How to test\n"

    private func lint(_ body: String, path: String = "practices/1.1.md", language: LanguageCode = "en") -> [String] {
        let frontMatter = path.hasPrefix("practices/")
            ? "---\nid: \"1.1\"\ntitle: T\nprinciple: perceivable\ncategory: text\n---\n"
            : "---\nid: a\ntitle: A\n---\n"
        let text = frontMatter + body + (path.hasPrefix("practices/") ? headings : "")
        let engine = DiagnosticEngine()
        let file = SourceFile(path: "content/\(language)/\(path)", language: language, relativePath: path, text: text, hash: "h")
        _ = PageParser(diagnostics: engine, sourceLanguage: "en").parse(file)
        return engine.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code.rawValue)" }
    }

    func testCodeBlocksInPracticesAndSectionsDeclareTheirProvenance() {
        XCTAssertEqual(lint("```swift\nlet a = 1\n```\n"), ["7:1 code-provenance"])
        XCTAssertEqual(lint("```swift guide\nlet a = 1\n```\n"), ["7:1 code-provenance"])
        XCTAssertEqual(lint("```\nplain\n```\n"), ["7:1 code-provenance"])
        XCTAssertEqual(lint("```swift sketch\nlet a = 1\n```\n\n```kotlin guide:14.3.2\nval a = 1\n```\n"), [])
        XCTAssertEqual(lint("```swift\nlet a = 1\n```\n", path: "pages/a.md"), [], "pages hold no template code")
        XCTAssertEqual(CodeProvenance(info: "objc guide:16.1.2"), .guide(section: "16.1.2"))
        XCTAssertNil(CodeProvenance(info: "objc guide:16..2"))
        XCTAssertNil(CodeProvenance(info: "sketch"), "the first word is the language")
    }

    func testCodeCaptionsSayWhereTheCodeComesFrom() {
        XCTAssertTrue(BodyRenderer.codeBlock(info: "swift sketch", literal: "x").contains(
            "<p class=\"code-caption\">Swift · iOS · <span class=\"code-sketch\">Sketch — not the templates' code</span></p>"
                + "<pre tabindex=\"0\" role=\"group\" aria-label=\"Swift, iOS, Sketch — not the templates' code\">"))
        XCTAssertTrue(BodyRenderer.codeBlock(info: "xml guide:7.3.2", literal: "x").contains(
            "<p class=\"code-caption\">XML · Android · <span class=\"code-source\">From the guide, section 7.3.2</span></p>"))
    }

    func testSentencesAboutTheTemplatesCiteTheGuideOrGiveAdvice() {
        XCTAssertEqual(lint("Music is quiet. The templates keep music off by default.\n"), ["7:16 template-claim"])
        XCTAssertEqual(lint("The Android template's banner stops (see [](sec:11.1.1)).\n"), [])
        XCTAssertEqual(lint("The templates should keep music off, e.g. until asked.\n"), [])
        XCTAssertEqual(lint("Both templates keep it ([the note](note:a)).\n"), [])
        XCTAssertEqual(lint("A template of your own keeps it.\n"), [], "not the guide's templates")
        XCTAssertEqual(lint("The templates keep music off.\n", path: "pages/a.md"), [])
        XCTAssertEqual(lint("The templates keep music off.\n", language: "zh-Hant"), [], "translations follow the English")
    }

    func testCriteriaWrittenByHandAreFlaggedAndLinksAreNot() {
        XCTAssertEqual(lint("It meets 1.4.3 Contrast (Minimum).\n", path: "pages/a.md"), ["5:10 wcag-name"])
        XCTAssertEqual(lint("It meets [](wcag:1.4.3) and [1.4.11](wcag:1.4.11), see 7.3.6.5.\n", path: "pages/a.md"), [])
        XCTAssertEqual(lint("Built with Android Studio 2.3.3 and Xcode 3.2.1.\n", path: "pages/a.md"), [], "versions are not criteria")
    }

    func testChineseLinksSitAgainstTheTextBesideThem() {
        XCTAssertEqual(lint("請參閱 [](sec:7.3) 的說明。\n", path: "pages/a.md", language: "zh-Hant"), ["5:5 link-spacing", "5:16 link-spacing"])
        XCTAssertEqual(lint("請參閱[](sec:7.3)的說明，或 see [](sec:7.4) now。\n", path: "pages/a.md", language: "zh-Hant"), [])
        XCTAssertEqual(lint("See [](sec:7.3) now.\n", path: "pages/a.md"), [])
    }

    func testLatinDashesBetweenChineseWordsInYAMLText() {
        let dashes = { (text: String) -> [Int] in HalfwidthPunctuationLinter.dashes(in: Array(text.unicodeScalars)) }
        XCTAssertEqual(dashes("取消按鈕 - Android"), [5])
        XCTAssertEqual(dashes("文字–文字"), [2])
        XCTAssertEqual(dashes("Wi-Fi 設定"), [])
        XCTAssertEqual(dashes("第 7.3-7.4 節"), [])
        XCTAssertEqual(lint("", path: "pages/a.md", language: "zh-Hant").filter { $0.contains("halfwidth") }, [])
    }
}
