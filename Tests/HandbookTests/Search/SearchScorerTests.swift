import XCTest

@testable import Handbook

/// BM25 weights as stored in the index: rarer terms, more occurrences and shorter pages weigh more,
/// titles more than bodies, and a page's own ID most of all.
final class SearchScorerTests: XCTestCase {
    private let scorer = SearchScorer()

    func testMoreOccurrencesRankHigherAtTheSameLength() {
        let index = scorer.index(
            SearchFixture.documents([
                (.section, "9.1", "Alpha", "timer one two three four five six seven"),
                (.section, "9.2", "Beta", "timer timer timer four five six seven eight"),
                (.section, "9.3", "Gamma", "nothing here at all four five six seven"),
            ]))
        XCTAssertEqual(index.ranking("timer"), [1, 0])
    }

    func testAShorterPageRanksHigherWithTheSameOccurrences() {
        let index = scorer.index(
            SearchFixture.documents([
                (.section, "9.1", "Alpha", "timer " + String(repeating: "filler words here ", count: 20)),
                (.section, "9.2", "Beta", "timer and little else"),
                (.section, "9.3", "Gamma", "other things"),
            ]))
        XCTAssertEqual(index.ranking("timer"), [1, 0])
    }

    func testARareTermWeighsMoreThanACommonOne() {
        let index = scorer.index(
            SearchFixture.documents([
                (.section, "9.1", "Alpha", "common rare"),
                (.section, "9.2", "Beta", "common words"),
                (.section, "9.3", "Gamma", "common words"),
                (.section, "9.4", "Delta", "common words"),
            ]))
        let rare = index.postings(of: "rare")!.first!.impact
        let common = index.postings(of: "common")!.first!.impact
        XCTAssertGreaterThan(rare, common)
    }

    func testATitleMatchOutranksBodyMatches() {
        let index = scorer.index(
            SearchFixture.documents([
                (.practice, "1.1", "Text alternatives", "Captions are mentioned here, and captions again, in a body of ordinary length."),
                (.practice, "1.10", "Provide captions", "Videos need text on screen for people who cannot hear, in a body of ordinary length."),
                (.practice, "1.11", "Audio description", "Nothing about the term in this body of ordinary length at all."),
            ]))
        XCTAssertEqual(index.ranking("captions"), [1, 0])
    }

    func testAnExactIDPutsItsOwnPageFirst() {
        let index = scorer.index(
            SearchFixture.documents([
                (.practice, "2.9", "Timing", "See 2.10, then 2.10 again, and 2.10 once more: 2.10."),
                (.practice, "2.10", "Provide adjustable time control", "Let users extend time limits."),
                (.section, "7.3.6.5", "Register", "The register form follows 2.10."),
            ]))
        XCTAssertEqual(index.ranking("2.10").first, 1)
        XCTAssertEqual(index.ranking("7.3.6.5"), [2])
        let own = index.postings(of: "2.10")!.first { $0.document == 1 }!.impact
        XCTAssertGreaterThanOrEqual(own, Int(SearchScorer.idBoost * SearchScorer.unitsPerPoint))
    }

    func testPageIDsGetNoBoost() {
        let index = scorer.index(
            SearchFixture.documents([
                (.page, "about", "About this handbook", "About the handbook."),
                (.page, "offline", "Offline use", "About reading offline, about files, about folders."),
            ]))
        let weights = index.postings(of: "about")!.map(\.impact)
        XCTAssertTrue(weights.allSatisfy { $0 < Int(SearchScorer.idBoost) }, "\(weights)")
    }

    func testTermsAreSortedAsJavaScriptComparesStringsAndWeightsArePositive() {
        let index = scorer.index(
            SearchFixture.documents([
                (.section, "9.1", "Zeta", "alpha Beta 對比度 𠀋字 2.10"),
                (.section, "9.2", "Eta", "alpha"),
            ]))
        XCTAssertEqual(index.terms, index.terms.sorted { Array($0.utf16).lexicographicallyPrecedes(Array($1.utf16)) })
        XCTAssertEqual(Set(index.terms).count, index.terms.count)
        XCTAssertTrue(index.postings.allSatisfy { list in list.allSatisfy { $0.impact >= 1 } })
        XCTAssertTrue(index.postings.allSatisfy { list in zip(list, list.dropFirst()).allSatisfy { $0.document < $1.document } })
    }
}
