import XCTest

@testable import Handbook

/// The compact number and term encodings decode to what was encoded.
final class SearchIndexEncoderTests: XCTestCase {
    private func decodeNumbers(_ text: String) -> [Int] {
        let values = Dictionary(uniqueKeysWithValues: SearchIndexEncoder.digits.enumerated().map { ($1, $0) })
        var out: [Int] = []
        var value = 0, scale = 1
        for byte in text.utf8 {
            let digit = values[byte]!
            if digit < SearchIndexEncoder.base {
                out.append(value + digit * scale)
                value = 0
                scale = 1
            } else {
                value += (digit - SearchIndexEncoder.base) * scale
                scale *= SearchIndexEncoder.base
            }
        }
        return out
    }

    func testDigitsAreNinetyTwoCharactersThatNeedNoEscaping() {
        XCTAssertEqual(SearchIndexEncoder.digits.count, 92)
        XCTAssertEqual(Set(SearchIndexEncoder.digits).count, 92)
        XCTAssertFalse(SearchIndexEncoder.digits.contains(UInt8(ascii: "\"")))
        XCTAssertFalse(SearchIndexEncoder.digits.contains(UInt8(ascii: "\\")))
        XCTAssertFalse(SearchIndexEncoder.digits.contains(UInt8(ascii: " ")))
    }

    func testNumbersRoundTripAndSmallOnesTakeOneCharacter() {
        let values = [0, 1, 45, 46, 47, 2115, 2116, 97_335, 1_000_000]
        var bytes: [UInt8] = []
        for value in values { SearchIndexEncoder.append(value, to: &bytes) }
        XCTAssertEqual(decodeNumbers(String(decoding: bytes, as: UTF8.self)), values)
        var small: [UInt8] = []
        SearchIndexEncoder.append(45, to: &small)
        XCTAssertEqual(small.count, 1)
    }

    /// Each weight is stored doubled, plus one where the term is in the title or a heading.
    func testPostingsAreCountThenGapsAndWeightsWithTheTitleBit() {
        let postings = [InvertedIndex.Posting(document: 0, impact: 5), .init(document: 3, impact: 900, titled: true), .init(document: 4, impact: 1)]
        XCTAssertEqual(decodeNumbers(SearchIndexEncoder.postings(postings)), [3, 0, 10, 2, 1801, 0, 2])
    }

    func testTermsAreFrontCodedInUTF16Units() {
        let encoded = SearchIndexEncoder.terms(["caption", "captur", "字", "字幕", "𠀋", "𠀋字"])
        XCTAssertEqual(encoded, "0caption 4ur 0字 1幕 0𠀋 2字")
    }

    func testSharedPrefixesStopAtNineUnits() {
        XCTAssertEqual(SearchIndexEncoder.terms(["accessibility", "accessibilityx"]), "0accessibility 9lityx")
    }
}
