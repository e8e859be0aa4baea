import XCTest

@testable import Handbook

final class NearMissTests: XCTestCase {
    func testUnknownSectionSuggestsNearestNumber() {
        let numbers = ["7.4.6.6", "7.4.6.7", "7.4.6.8", "7.4.7.1", "7.4.7.2"]
        XCTAssertEqual(NearMiss.suggestion(for: "7.4.7.8", among: numbers), "7.4.6.8")
    }

    func testFarNamesGetNoSuggestion() {
        XCTAssertNil(NearMiss.suggestion(for: "glossary", among: ["about", "index"]))
    }

    func testEditDistanceCountsCharactersNotBytes() {
        XCTAssertEqual(NearMiss.editDistance("螢幕", "屏幕"), 1)
        XCTAssertEqual(NearMiss.editDistance("", "abc"), 3)
        XCTAssertEqual(NearMiss.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(NearMiss.editDistance("biuld", "build"), 1)
    }

    func testFormatterPrintsLocationSeverityMessageCodeAndNotes() {
        let diagnostic = Diagnostic.error(
            .duplicateId, "practice \"1.1\" is defined twice",
            at: SourceLocation(path: "content/en/practices/1.2.md", line: 2, column: 5),
            notes: [.init("first defined here", at: SourceLocation(path: "content/en/practices/1.1.md", line: 2, column: 5))])
        var out = ""
        DiagnosticFormatter().write([diagnostic], to: &out)
        XCTAssertEqual(
            out,
            """
            content/en/practices/1.2.md:2:5: error: practice "1.1" is defined twice [duplicate-id]
                content/en/practices/1.1.md:2:5: note: first defined here
            1 error (1 duplicate-id), 0 warnings

            """)
    }

    func testEngineSortsByPathLineAndColumnAndDropsRepeats() {
        let engine = DiagnosticEngine()
        engine.error(.brokenLink, "second", at: SourceLocation(path: "b.md", line: 1, column: 1))
        engine.error(.baseUrl, "first", at: SourceLocation(path: "a.md", line: 10, column: 2))
        engine.error(.baseUrl, "first", at: SourceLocation(path: "a.md", line: 10, column: 2))
        engine.warning(.caseCollision, "earlier", at: SourceLocation(path: "a.md", line: 9, column: 30))
        XCTAssertEqual(engine.diagnostics.map(\.message), ["earlier", "first", "second"])
        XCTAssertTrue(engine.hasErrors)
    }
}
