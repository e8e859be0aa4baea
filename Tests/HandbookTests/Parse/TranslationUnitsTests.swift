import XCTest

@testable import Handbook

final class TranslationUnitsTests: XCTestCase {
    /// `collapse` works on scalars for speed; it must give what splitting on `Character.isWhitespace`
    /// gives, or every recorded block fingerprint would change.
    func testCollapseEqualsSplittingOnCharacterWhitespace() {
        let samples = [
            "", "   ", "one", "  two  words ", "line\nbreak\r\nand\ttab", "全形\u{3000}空格", "no\u{00A0}break\u{202F}narrow",
            "螢幕閱讀器 會讀出\n替代文字。", "a\u{2028}b\u{2029}c\u{85}d\u{1680}e\u{2003}f\u{205F}g", "\u{000B}\u{000C}x",
        ]
        for sample in samples {
            XCTAssertEqual(TranslationUnits.collapse(sample), sample.split(whereSeparator: \.isWhitespace).joined(separator: " "), sample.debugDescription)
        }
        // Every scalar of the Basic Multilingual Plane, as UTF-8, is white space to both or to neither.
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let bytes = Array(String(scalar).utf8)
            let isWhitespace = bytes.withUnsafeBufferPointer { TranslationUnits.isWhitespace(utf8: $0.baseAddress!, length: $0.count) }
            XCTAssertEqual(isWhitespace, Character(scalar).isWhitespace, String(value, radix: 16))
        }
    }
}
