import Foundation
import XCTest

@testable import Handbook

/// String literals in the index files.
final class JavaScriptLiteralTests: XCTestCase {
    func testOnlyWhatMustBeEscapedIsEscaped() {
        XCTAssertEqual(JavaScriptLiteral.string("對比度 “quoted” – ok"), "\"對比度 “quoted” – ok\"")
        XCTAssertEqual(JavaScriptLiteral.string("a\"b\\c\nd\te\u{1}"), "\"a\\\"b\\\\c\\nd\\te\\u0001\"")
        XCTAssertEqual(JavaScriptLiteral.string("line\u{2028}para\u{2029}end"), "\"line\\u2028para\\u2029end\"")
    }

    func testLiteralsParseAsJSON() throws {
        let text = "Tab\there, \"quotes\", back\\slash, \u{2028}, 字幕, 𠀋, \u{1F}"
        let json = try JSONSerialization.jsonObject(with: Data(("[" + JavaScriptLiteral.string(text) + "]").utf8)) as? [String]
        XCTAssertEqual(json, [text])
    }
}
