import XCTest

@testable import Handbook

final class POExportTests: XCTestCase {
    /// A glossary hint names a term only where the block uses it as a word, as the glossary check counts it.
    func testGlossaryTermsMatchWholeWordsOnly() {
        let matches = { (text: String, term: String) in POExport.contains(Array(text.lowercased().utf8), Array(term.utf8)) }
        XCTAssertFalse(matches("Rotate to portrait mode.", "trait"))
        XCTAssertTrue(matches("Give it the button trait.", "trait"))
        XCTAssertTrue(matches("trait", "trait"))
        XCTAssertFalse(matches("a traitor", "trait"))
        XCTAssertTrue(matches("Both templates and their traits.", "template") && matches("their traits.", "trait"))
        XCTAssertTrue(matches("the classes", "class"))
        XCTAssertTrue(matches("Set `contentDescription`.", "contentdescription"))
        XCTAssertTrue(matches("使用螢幕閱讀器時", "螢幕閱讀器"), "Han terms match inside text, which has no spaces")
    }
}
