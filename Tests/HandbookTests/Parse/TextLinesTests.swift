import Foundation
import XCTest

@testable import Handbook

/// The byte scanners that replaced Foundation's string search and character-by-character work give
/// what those gave, on text with every kind of line end and white space.
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

    func testCollapseJoinsEveryRunOfWhiteSpaceAsTheScalarVersionDid() {
        let spaces: [Unicode.Scalar] = [
            "\t", "\n", "\u{0B}", "\u{0C}", "\r", " ", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2005}", "\u{200A}",
            "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}",
        ]
        // Scalars beside white space ones in UTF-8 that are not white space.
        let others: [Unicode.Scalar] = ["a", "\u{84}", "\u{A1}", "\u{1681}", "\u{200B}", "\u{2027}", "\u{202E}", "\u{2060}", "\u{3001}", "字", "😀"]
        func scalarCollapse(_ text: String) -> String {
            var out = String.UnicodeScalarView()
            var pending = false
            for scalar in text.unicodeScalars {
                if TranslationUnits.isWhitespace(scalar) {
                    pending = !out.isEmpty
                    continue
                }
                if pending { out.append(" ") }
                pending = false
                out.append(scalar)
            }
            return String(out)
        }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<20, using: &random) {
                text.append(Bool.random(using: &random) ? spaces.randomElement(using: &random)! : others.randomElement(using: &random)!)
            }
            let string = String(text)
            XCTAssertEqual(TranslationUnits.collapse(string), scalarCollapse(string), string.debugDescription)
        }
        XCTAssertEqual(TranslationUnits.collapse("  two\u{3000}\u{3000}words \n"), "two words")
    }
}
