import Foundation
import XCTest

@testable import Handbook

/// `lines()`, which replaced Foundation's string search, gives what it gave, on text with every kind
/// of line end.
final class TextLinesTests: XCTestCase {
    private let samples = [
        "", "\n", "one", "one\n", "one\ntwo", "a\r\nb\nc\n\ne", "\r\n\r\n", "a\rb\n", "\n\nend\n\n",
        "中文\n行\u{2028}二\n", "e\u{301}\n\u{301}x", "tab\there\n  indented\n",
    ]

    func testLinesAreFoundationsComponents() {
        for text in samples {
            XCTAssertEqual(text.lines(), text.components(separatedBy: "\n"), text.debugDescription)
        }
    }
}
