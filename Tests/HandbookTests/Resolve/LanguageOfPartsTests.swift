import Markdown
import XCTest

@testable import Handbook

/// English quoted in a Chinese page is marked as English, so screen readers switch voice.
final class LanguageOfPartsTests: XCTestCase {
    private func marked(_ text: String) -> [String] {
        LanguageOfParts.runs(in: text).map { String(text.unicodeScalars[$0]) }
    }

    func testRunsOfThreeOrMoreSpacedWordsAreFound() {
        XCTAssertEqual(marked("按下“Register This Seminar Now”按鈕。"), ["Register This Seminar Now"])
        XCTAssertEqual(marked("錯誤訊息：“Please input your first name.”“Please input your last name.”"), [
            "Please input your first name.", "Please input your last name.",
        ])
        XCTAssertEqual(marked("成功準則 2.5.8“Target Size (Minimum)”"), ["Target Size (Minimum)"])
        XCTAssertEqual(marked("描述为“is less than 8.0 and greater than 11.0”（小于 8.0）"), ["is less than 8.0 and greater than 11.0"])
    }

    func testNamesAddressesAndShortRunsAreLeftAlone() {
        XCTAssertEqual(marked("使用 VoiceOver 和 TalkBack 測試。"), [])
        XCTAssertEqual(marked("在 Android Studio 中"), [])
        XCTAssertEqual(marked("見 https://webaim.org/resources/contrastchecker 。"), [])
        XCTAssertEqual(marked("全中文的句子。"), [])
    }

    func testMarkedTextRendersAsAnEnglishSpanAndCodeIsNotTouched() {
        var body = MarkdownParser().parse("按下 **Skip and Start** 或 `Skip and Start now` 按鈕，或“Go to the Map now”。\n")
        LanguageOfParts.mark(&body, as: "en")
        let html = BodyRenderer().template(body).html(.page(at: "zh-Hant/practices/1.1.html", language: "zh-Hant"))
        XCTAssertTrue(html.contains("<strong><span lang=\"en\">Skip and Start</span></strong>"), html)
        XCTAssertTrue(html.contains("<code>Skip and Start now</code>"), html)
        XCTAssertTrue(html.contains("“<span lang=\"en\">Go to the Map now</span>”"), html)
    }

    func testOnlyPagesInOtherScriptsAreMarked() {
        XCTAssertTrue(LanguageOfParts.needsMarking("zh-Hant"))
        XCTAssertTrue(LanguageOfParts.needsMarking("ja"))
        XCTAssertFalse(LanguageOfParts.needsMarking("en"))
        XCTAssertFalse(LanguageOfParts.needsMarking("fr"))
    }
}
