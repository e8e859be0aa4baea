import Foundation
import HandbookTestSupport
import XCTest

@testable import Handbook

/// `content/wcag.yaml` against a list of WCAG 2.2's success criteria kept here on its own, so that
/// dropping a criterion, adding one that does not exist or changing a level fails a test.
final class WCAGCatalogTests: XCTestCase {
    /// WCAG 2.2: number and level of every success criterion, 4.1.1 (removed in 2.2) included.
    static let wcag22 = """
        1.1.1 A; 1.2.1 A; 1.2.2 A; 1.2.3 A; 1.2.4 AA; 1.2.5 AA; 1.2.6 AAA; 1.2.7 AAA; 1.2.8 AAA; 1.2.9 AAA;
        1.3.1 A; 1.3.2 A; 1.3.3 A; 1.3.4 AA; 1.3.5 AA; 1.3.6 AAA;
        1.4.1 A; 1.4.2 A; 1.4.3 AA; 1.4.4 AA; 1.4.5 AA; 1.4.6 AAA; 1.4.7 AAA; 1.4.8 AAA; 1.4.9 AAA;
        1.4.10 AA; 1.4.11 AA; 1.4.12 AA; 1.4.13 AA;
        2.1.1 A; 2.1.2 A; 2.1.3 AAA; 2.1.4 A;
        2.2.1 A; 2.2.2 A; 2.2.3 AAA; 2.2.4 AAA; 2.2.5 AAA; 2.2.6 AAA;
        2.3.1 A; 2.3.2 AAA; 2.3.3 AAA;
        2.4.1 A; 2.4.2 A; 2.4.3 A; 2.4.4 A; 2.4.5 AA; 2.4.6 AA; 2.4.7 AA; 2.4.8 AAA; 2.4.9 AAA; 2.4.10 AAA;
        2.4.11 AA; 2.4.12 AAA; 2.4.13 AAA;
        2.5.1 A; 2.5.2 A; 2.5.3 A; 2.5.4 A; 2.5.5 AAA; 2.5.6 AAA; 2.5.7 AA; 2.5.8 AA;
        3.1.1 A; 3.1.2 AA; 3.1.3 AAA; 3.1.4 AAA; 3.1.5 AAA; 3.1.6 AAA;
        3.2.1 A; 3.2.2 A; 3.2.3 AA; 3.2.4 AA; 3.2.5 AAA; 3.2.6 A;
        3.3.1 A; 3.3.2 A; 3.3.3 AA; 3.3.4 AA; 3.3.5 AAA; 3.3.6 AAA; 3.3.7 A; 3.3.8 AA; 3.3.9 AAA;
        4.1.1 A; 4.1.2 A; 4.1.3 AA
        """
    /// Criteria added by WCAG 2.1 and by WCAG 2.2.
    static let added21 = "1.3.4 1.3.5 1.3.6 1.4.10 1.4.11 1.4.12 1.4.13 2.1.4 2.2.6 2.3.3 2.5.1 2.5.2 2.5.3 2.5.4 2.5.5 2.5.6 4.1.3"
    static let added22 = "2.4.11 2.4.12 2.4.13 2.5.7 2.5.8 3.2.6 3.3.7 3.3.8 3.3.9"

    static var expected: [(number: String, level: String)] {
        wcag22.split(separator: ";").map {
            let parts = $0.split(separator: " ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            return (parts[0], parts[1])
        }
    }

    private func realCatalog(file: StaticString = #filePath, line: UInt = #line) throws -> (WCAGCatalog, [Diagnostic]) {
        let root = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("content/wcag.yaml"), encoding: .utf8)
        return read(text, file: file, line: line)
    }

    private func read(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (WCAGCatalog, [Diagnostic]) {
        let engine = DiagnosticEngine()
        let source = SourceFile(path: "content/wcag.yaml", language: "", relativePath: "wcag.yaml", text: text, hash: "w")
        guard let catalog = WCAGCatalogReader(diagnostics: engine).read(source, languages: ["en", "zh-Hant", "zh-Hans"]) else {
            XCTFail("wcag.yaml did not read", file: file, line: line)
            return (WCAGCatalog(principles: [], guidelines: [], criteria: [], gaps: [:]), engine.diagnostics)
        }
        return (catalog, engine.diagnostics)
    }

    func testTheIndependentListHasEightySevenCriteria() {
        XCTAssertEqual(Self.expected.count, 87)
        XCTAssertEqual(Set(Self.expected.map(\.number)).count, 87)
    }

    func testEveryCriterionOfWCAG22IsPresentOnceWithItsLevel() throws {
        let (catalog, diagnostics) = try realCatalog()
        XCTAssertEqual(diagnostics.map(\.message), [])
        XCTAssertEqual(catalog.criteria.map(\.number), Self.expected.map(\.number))
        for (number, level) in Self.expected {
            XCTAssertEqual(catalog.criterion(number)?.level.rawValue, level, "level of \(number)")
        }
    }

    func testLevelCountsAreThoseOfWCAG22() throws {
        let (catalog, _) = try realCatalog()
        let current = catalog.current
        XCTAssertEqual(current.count, 86)
        XCTAssertEqual(current.filter { $0.level == .a }.count, 31)
        XCTAssertEqual(current.filter { $0.level == .aa }.count, 24)
        XCTAssertEqual(current.filter { $0.level == .aaa }.count, 31)
    }

    func testParsingIsMarkedRemovedInWCAG22AndNothingElseIs() throws {
        let (catalog, _) = try realCatalog()
        XCTAssertEqual(catalog.criteria.filter { $0.removed != nil }.map(\.number), ["4.1.1"])
        XCTAssertEqual(catalog.criterion("4.1.1")?.removed, "2.2")
    }

    func testVersionsThatAddedEachCriterion() throws {
        let (catalog, _) = try realCatalog()
        let added21 = Set(Self.added21.split(separator: " ").map(String.init))
        let added22 = Set(Self.added22.split(separator: " ").map(String.init))
        for criterion in catalog.criteria {
            let expected = added22.contains(criterion.number) ? "2.2" : added21.contains(criterion.number) ? "2.1" : "2.0"
            XCTAssertEqual(criterion.since, expected, "version that added \(criterion.number)")
        }
    }

    func testNamesAndGuidelinesInEveryLanguage() throws {
        let (catalog, _) = try realCatalog()
        XCTAssertEqual(catalog.criterion("1.4.10")?.names["en"], "Reflow")
        XCTAssertEqual(catalog.criterion("1.4.4")?.names["en"], "Resize Text")
        XCTAssertEqual(catalog.principles.map(\.number), ["1", "2", "3", "4"])
        XCTAssertEqual(catalog.guidelines.count, 13)
        for criterion in catalog.criteria {
            XCTAssertEqual(Set(criterion.names.keys), ["en", "zh-Hant", "zh-Hans"], criterion.number)
            XCTAssertTrue(catalog.guidelines.contains { $0.number == criterion.guideline }, criterion.number)
        }
        // Criteria added after 2.0 have no name in the authorised translation of WCAG 2.0.
        for criterion in catalog.criteria where criterion.since != "2.0" {
            XCTAssertTrue(criterion.ownNames, "\(criterion.number) should be marked own: true")
        }
    }

    /// A language wcag.yaml has no names for reads the English ones, which are then marked `en`.
    func testEnglishStandingInForAMissingNameIsMarkedEnglish() throws {
        let (catalog, _) = try realCatalog()
        let reflow = try XCTUnwrap(catalog.criterion("1.4.10"))
        XCTAssertEqual(reflow.name(in: "ja"), "Reflow")
        XCTAssertEqual(reflow.nameFallbackLanguage(in: "ja"), "en")
        XCTAssertEqual(reflow.name(in: "zh-Hant"), "重排")
        XCTAssertNil(reflow.nameFallbackLanguage(in: "zh-Hant"))
        XCTAssertNil(reflow.nameFallbackLanguage(in: "en"))
        let guideline = try XCTUnwrap(catalog.guidelines.first)
        XCTAssertEqual(guideline.nameFallbackLanguage(in: "ja"), "en")
        XCTAssertNil(guideline.nameFallbackLanguage(in: "zh-Hans"))
    }

    func testDuplicatesBadNumbersAndUnknownGapsAreLocatedErrors() {
        let (catalog, diagnostics) = read("""
            principles:
              - {number: "1", en: Perceivable}
            guidelines:
              - {number: "1.1", en: Text Alternatives}
            criteria:
              - {number: "1.1.1", level: A, since: "2.0", en: Non-text Content, gap: not-covred}
              - {number: "1.1.1", level: AA, since: "2.0", en: Again}
              - {number: "1.2.1", level: AAAA, since: "2.3", en: Wrong}
              - {number: "5.1.1", level: A, since: "2.0", en: No such principle}
            gaps:
              not-covered: {en: Not covered.}
            """)
        let errors = diagnostics.filter { $0.severity == .error }.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        XCTAssertEqual(errors, [
            "6:74 no note \"not-covred\" in \"gaps\"",
            "7:14 \"1.1.1\" is listed twice",
            "8:14 criterion \"1.2.1\" belongs to guideline \"1.2\", which \"guidelines\" does not list",
            "8:30 \"AAAA\" is not a valid level",
            "8:43 \"2.3\" is not a valid since",
            "9:14 \"5.1.1\" is not a WCAG number of 3 parts under principles 1 to 4",
        ])
        XCTAssertEqual(catalog.criteria.map(\.number), ["1.1.1"])
    }
}
