import HandbookTestSupport
import XCTest

@testable import Handbook

final class WCAGMappingCheckerTests: XCTestCase {
    private let catalogText = """
        principles:
          - {number: "1", en: Perceivable}
        guidelines:
          - {number: "1.4", en: Distinguishable}
        criteria:
          - {number: "1.4.3", level: AA, since: "2.0", en: Contrast (Minimum)}
          - {number: "1.4.4", level: AA, since: "2.0", en: Resize Text}
          - {number: "1.4.10", level: AA, since: "2.1", en: Reflow}
          - {number: "1.4.12", level: AA, since: "2.1", en: Text Spacing, gap: web}
          - {number: "1.4.13", level: AA, since: "2.1", en: Content on Hover or Focus}
        gaps:
          web: {en: Written for web pages.}
        """

    private func check(_ practice: String) -> (mapping: [String: [String]], diagnostics: [String]) {
        let engine = DiagnosticEngine()
        let catalog = WCAGCatalogReader(diagnostics: engine).read(
            SourceFile(path: "content/wcag.yaml", language: "", relativePath: "wcag.yaml", text: catalogText, hash: "w"),
            languages: ["en"])
        // The minimal practice is not a valid page of the schema; only the mapping's diagnostics count.
        let page = PageParser(diagnostics: DiagnosticEngine()).parse(SourceFile(
            path: "content/en/practices/1.3.md", language: "en", relativePath: "practices/1.3.md", text: practice, hash: "p"))!
        let mapping = WCAGMappingChecker(diagnostics: engine).check([page], catalog: catalog)
        return (mapping, engine.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.severity) \($0.code.rawValue): \($0.message)\($0.notes.map { " / " + $0.message }.joined())" })
    }

    func testListedAndCitedCriteriaAgreeQuietly() {
        let result = check("---\nid: \"1.3\"\ntitle: T\nprinciple: other\nwcag: [\"1.4.10\", \"1.4.4\"]\n---\nWCAG 2.2 success criterion 1.4.4 Resize Text and 1.4.10 Reflow, see section 7.3.6.5.\n")
        XCTAssertEqual(result.mapping, ["1.3": ["1.4.4", "1.4.10"]])
        XCTAssertEqual(result.diagnostics, [
            "6:14 warning wcag-gap: no practice serves 1.4.3 (level AA) and it has no \"gap\" note to say why",
            "10:14 warning wcag-gap: no practice serves 1.4.13 (level AA) and it has no \"gap\" note to say why",
        ])
    }

    func testUnknownNumberIsAnErrorWithTheNearestCriterion() {
        let result = check("---\nid: \"1.3\"\ntitle: T\nprinciple: other\nwcag: [\"1.4.41\", \"1.4.3\", \"1.4.13\"]\n---\nCriteria 1.4.3 and 1.4.13 apply.\n")
        XCTAssertEqual(result.diagnostics.first, "5:8 error unknown-criterion: \"1.4.41\" is not a WCAG 2.2 success criterion / did you mean \"1.4.4\"?")
        XCTAssertEqual(result.mapping["1.3"], ["1.4.3", "1.4.13"])
    }

    func testCitationMissingFromTheListAndListItemNeverCitedAreLocatedWarnings() {
        let result = check("---\nid: \"1.3\"\ntitle: T\nprinciple: other\nwcag: [\"1.4.3\", \"1.4.13\", \"1.4.10\"]\n---\nCriteria 1.4.3 and 1.4.13.\n\nThe text also cites **1.4.4** and 1.4.99, but not `1.4.10` in code.\n")
        XCTAssertEqual(result.diagnostics, [
            "5:27 warning wcag-uncited: \"wcag\" lists 1.4.10, which the text of the practice never cites / say in the text how the practice serves 1.4.10, or remove it from \"wcag\"",
            "9:23 warning wcag-unlisted: the text cites WCAG criterion 1.4.4, which \"wcag\" does not list / add \"1.4.4\" to \"wcag\" in the front matter",
            "9:35 warning unknown-criterion: the text cites 1.4.99, which is not a WCAG 2.2 success criterion / did you mean \"1.4.10\"?",
            "7:14 warning wcag-gap: no practice serves 1.4.4 (level AA) and it has no \"gap\" note to say why",
        ])
    }

    func testCriterionNumbersAreNotTakenFromLongerNumbers() {
        XCTAssertEqual(WCAGMappingChecker.criterionNumbers(in: "7.3.6.5, 1.4.4, 11.4.4, v2.1.1.0 and 1.4.10.").map(\.0), ["1.4.4", "1.4.10"])
    }
}
