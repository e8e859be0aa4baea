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

    /// The title bit: a term of the title or a heading, not one of the text or of the criteria.
    func testTermsOfTitlesAndHeadingsAreMarked() {
        let documents = [
            SearchDocument(kind: .practice, id: "1.3", title: "Resize text", path: "en/1.3.html", contentLanguage: nil,
                           fields: ["1.3 Resize text", "Zoom 字幕", "", "body words 字幕", "1.4.10 Reflow"], text: "body words"),
        ]
        let index = scorer.index(documents)
        for term in ["resiz", "zoom", "字幕"] { XCTAssertEqual(index.postings(of: term)?.first?.titled, true, term) }
        for term in ["bodi", "reflow"] { XCTAssertEqual(index.postings(of: term)?.first?.titled, false, term) }
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

    func testAPracticeOutranksShortSectionsThatMentionItsWordAsOften() {
        let body = "The phone rings and shows a message; vibration helps those who cannot hear it."
        let index = scorer.index(
            SearchFixture.documents([
                (.practice, "1.8", "Provide alternative means for notification",
                 body + " Vibration, sound and a message together reach everyone who uses the app at all."),
                (.section, "7.3.8.5", "Push Notification", "Ringtone and vibration can be turned on or off."),
                (.section, "7.4.8.5", "Push Notification", "Ringtone and vibration can be turned on or off."),
                (.section, "9.1", "Alpha", "Nothing of the kind here."),
            ]))
        XCTAssertEqual(index.ranking("vibration").first, 0, "\(index.ranking("vibration"))")
        let practice = index.postings(of: "vibrat")!.first { $0.document == 0 }!.impact
        let section = index.postings(of: "vibrat")!.first { $0.document == 1 }!.impact
        XCTAssertGreaterThan(practice, section)
    }

    func testTwoChineseWordsTypedTogetherNeedTheirOwnPairsOnly() {
        let index = scorer.index(
            SearchFixture.documents([
                (.section, "9.1", "Alpha", "字幕颜色"),
                (.practice, "1.10", "为视频提供字幕", "字幕的颜色要与画面分明。"),
                (.section, "9.2", "Beta", "只有字幕。"),
                (.section, "9.3", "Gamma", "风景音乐"),
            ]))
        XCTAssertEqual(Set(index.ranking("字幕颜色")), [0, 1], "both words, with or without the spanning pair 幕颜")
        XCTAssertEqual(index.ranking("背景音乐"), [], "景音 and 音乐 alone leave 背 uncovered")
    }
}
