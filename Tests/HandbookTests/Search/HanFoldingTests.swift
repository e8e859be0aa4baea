import Foundation
import XCTest

@testable import Handbook

/// The folding table is well formed, and each index carries the part of it that its queries need.
final class HanFoldingTests: XCTestCase {
    func testEveryPairFoldsOneHanCharacterToAnotherInOneStep() {
        let scalars = Array(HanFolding.pairs.unicodeScalars)
        XCTAssertGreaterThan(scalars.count, 4000)
        XCTAssertEqual(scalars.count % 2, 0)
        for index in stride(from: 0, to: scalars.count, by: 2) {
            let from = scalars[index], to = scalars[index + 1]
            XCTAssertTrue(SearchTokenizer.isHan(from) && SearchTokenizer.isHan(to), "\(from) → \(to)")
            XCTAssertNotEqual(from, to)
            XCTAssertEqual(HanFolding.fold(to), to, "\(from) → \(to) is not final")
        }
    }

    func testCommonTraditionalAndVariantFormsFold() {
        for (traditional, simplified) in [("對", "对"), ("螢", "萤"), ("閱", "阅"), ("讀", "读"), ("節", "节"), ("臺", "台"), ("綫", "线"), ("裡", "里")] {
            XCTAssertEqual(HanFolding.fold(Unicode.Scalar(traditional)!), Unicode.Scalar(simplified)!, traditional)
        }
        XCTAssertEqual(HanFolding.fold("字"), "字")
    }

    func testAnIndexCarriesThePairsWhoseSimplifiedFormItHas() throws {
        let documents = SearchFixture.documents([(.practice, "1.7", "對比度", "字幕 and contrast")])
        let index = SearchScorer().index(documents)
        let pairs = Array(SearchIndexFiles(layout: SearchIndexLayout(language: "zh-Hant")).foldingPairs(index).unicodeScalars)
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for position in stride(from: 0, to: pairs.count, by: 2) { table[pairs[position]] = pairs[position + 1] }
        XCTAssertEqual(table["對"], "对")
        XCTAssertEqual(table["臺"], nil, "台 is not in this index")
        for (_, simplified) in table {
            XCTAssertNotNil(index.postings(of: String(simplified)), "\(simplified) is not a term")
        }
        XCTAssertEqual(SearchIndexFiles(layout: SearchIndexLayout(language: "en")).foldingPairs(SearchScorer().index(
            SearchFixture.documents([(.page, "about", "About", "No Chinese here")]))), "")
    }
}
