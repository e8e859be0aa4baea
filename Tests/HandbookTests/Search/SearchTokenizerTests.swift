import Foundation
import XCTest

@testable import Handbook

/// The index's tokenizer against the vectors that the page's tokenizer is checked against too.
final class SearchTokenizerTests: XCTestCase {
    private struct Vectors: Decodable {
        struct Vector: Decodable {
            var language: String
            var input: String
            var tokens: [String]
        }
        var vectors: [Vector]
    }

    func testEverySharedVectorGivesItsTokens() throws {
        let data = try Data(contentsOf: SearchFixture.folder.appendingPathComponent("tokenizer-vectors.json"))
        let vectors = try JSONDecoder().decode(Vectors.self, from: data).vectors
        XCTAssertGreaterThan(vectors.count, 30)
        XCTAssertEqual(Set(vectors.map(\.language)), ["en", "zh-Hant", "zh-Hans", "ja", "ko"])
        let tokenizer = SearchTokenizer()
        for vector in vectors {
            XCTAssertEqual(tokenizer.tokens(vector.input), vector.tokens, "\(vector.language): \(vector.input)")
        }
    }

    func testIDsAndSectionNumbersStayWholeInsideText() {
        let tokens = SearchTokenizer().tokens("See 2.10, 7.3.6.5 and 16.2.2.")
        XCTAssertEqual(tokens, ["see", "2.10", "7.3.6.5", "and", "16.2.2"])
    }

    func testTraditionalAndSimplifiedTextGiveTheSameTerms() {
        let tokenizer = SearchTokenizer()
        XCTAssertEqual(tokenizer.tokens("提供足夠的顏色對比度"), tokenizer.tokens("提供足够的颜色对比度"))
        XCTAssertEqual(tokenizer.tokens("螢幕閱讀器"), tokenizer.tokens("萤幕阅读器"))
    }

    func testHanPairsFindAWordInsideALongerRun() {
        let tokens = SearchTokenizer().tokens("使用螢幕閱讀器時")
        for word in ["萤幕", "阅读", "读器"] {
            XCTAssertTrue(tokens.contains(word), "\(word) not in \(tokens)")
        }
    }
}
