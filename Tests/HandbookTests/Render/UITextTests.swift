import Mustache
import XCTest

@testable import Handbook

/// Interface text as templates get it: marked `lang` when it is English fallback, and split around
/// a `{language}` placeholder so the language's name keeps its own tag inside English text.
final class UITextTests: XCTestCase {
    func testAStringNamingTheLanguageIsSplitAroundTheName() {
        let japanese = Language(code: "ja", name: "日本語")
        var strings = UIStrings(values: ["root_enter": "Read in {language}", "notice": "Not in {language} yet, so in English."])
        strings.fallbackKeys = ["root_enter"]
        let enter = UIText(strings, "root_enter", naming: japanese)
        XCTAssertEqual([enter.before, enter.language?.name, enter.after, enter.lang], ["Read in ", "日本語", "", "en"])
        XCTAssertEqual(enter.plain, "Read in 日本語")
        XCTAssertEqual(enter.value["language_lang"], .string("ja"), "the name inside English text is marked with its own language")
        let notice = UIText(strings, "notice", naming: japanese)
        XCTAssertEqual(notice.value["lang"], .bool(false))
        XCTAssertEqual(notice.value["language_lang"], .bool(false), "in the edition's own language the name needs no mark")
        XCTAssertEqual(notice.plain, "Not in 日本語 yet, so in English.")
    }
}
