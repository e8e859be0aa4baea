import XCTest

@testable import Handbook

/// The stemmer on the cases the tokenizer relies on; the shared vectors cover the rest.
final class PorterStemmerTests: XCTestCase {
    private let stemmer = PorterStemmer()

    func testInflectionsOfAWordShareOneStem() {
        for word in ["caption", "captions", "captioned", "captioning"] {
            XCTAssertEqual(stemmer.stem(word), "caption", word)
        }
        for word in ["label", "labels", "labelled", "labeled", "labelling"] {
            XCTAssertEqual(stemmer.stem(word), "label", word)
        }
    }

    func testShortWordsAndWordsWithOtherCharactersAreLeftAlone() {
        XCTAssertEqual(stemmer.stem("is"), "is")
        XCTAssertEqual(stemmer.stem("as"), "as")
        XCTAssertEqual(stemmer.stem("2.10"), "2.10")
        XCTAssertEqual(stemmer.stem("résumés"), "résumés")
        XCTAssertEqual(stemmer.stem("v1s"), "v1s")
    }

    func testReferenceImplementationDeparturesFromThePaper() {
        // The reference C code turns -bli into -ble and -logi into -log in step 2.
        XCTAssertEqual(stemmer.stem("possibly"), "possibl")
        XCTAssertEqual(stemmer.stem("analogies"), "analog")
    }
}
