import XCTest

@testable import Handbook

/// `content/synonyms.yaml`: what the reader keeps and refuses, what the index gets, and the
/// regional-word warnings it gives an edition's pages.
final class SynonymTableTests: XCTestCase {
    private static let table = """
        groups:
          - reason: Screen, by region.
            regional: true
            zh-Hant: [螢幕, 屏幕]
            zh-Hans: [屏幕, 萤幕]
          - reason: Units.
            en: [points, pt]
          - reason: A word in two groups.
            en: [pt, point size]

        """

    private func read(_ text: String = table) -> (SynonymTable?, [Diagnostic]) {
        let engine = DiagnosticEngine()
        let file = SourceFile(path: "content/synonyms.yaml", language: "", relativePath: "synonyms.yaml", text: text, hash: "s")
        return (SynonymTableReader(diagnostics: engine).read(file, languages: ["en", "zh-Hant", "zh-Hans"]), engine.diagnostics)
    }

    func testGroupsAreReadPerLanguageAndAWordInTwoGroupsIsRefusedAtItsPlace() throws {
        let (table, diagnostics) = read()
        let groups = try XCTUnwrap(table).groups
        XCTAssertEqual(groups.count, 3)
        XCTAssertEqual(table?.searchGroups(in: "zh-Hant"), [["螢幕", "屏幕"]])
        XCTAssertEqual(table?.searchGroups(in: "en"), [["points", "pt"]], "the second group keeps one word and changes nothing")
        XCTAssertEqual(diagnostics.sorted { $0.location.line < $1.location.line }.map { "\($0.location): \($0.severity) \($0.message)" }, [
            "content/synonyms.yaml:8:5: warning this group has fewer than two words in every language, so it changes nothing",
            "content/synonyms.yaml:9:10: error \"pt\" is in two groups of en",
        ])
    }

    func testAnotherRegionsWordIsWarnedAtTheWordInThatEditionOnly() throws {
        let (table, _) = read()
        let parser = PageParser(diagnostics: DiagnosticEngine())
        func page(_ language: LanguageCode, _ body: String) -> ParsedPage {
            parser.parse(SourceFile(
                path: "content/\(language)/pages/about.md", language: language, relativePath: "pages/about.md",
                text: "---\nid: about\ntitle: 關於\n---\n\(body)\n", hash: "h"))!
        }
        let engine = DiagnosticEngine()
        RegionalWordChecker(diagnostics: engine).check(
            [page("zh-Hant", "第一行。\n請放大屏幕上的文字，`屏幕` 是代碼。"), page("zh-Hans", "请放大屏幕上的文字。")], table: try XCTUnwrap(table))
        XCTAssertEqual(engine.diagnostics.map { "\($0.location): \($0.code) \($0.message)" }, [
            "content/zh-Hant/pages/about.md:6:4: regional-word \"屏幕\" is another region's word; this edition writes \"螢幕\"",
        ])
        XCTAssertEqual(engine.diagnostics.first?.notes.first?.location?.description, "content/synonyms.yaml:4:19")
    }

    func testTheIndexGetsTheGroupsAndEachCriterionsNumberWithoutDots() throws {
        let (table, _) = read()
        let english = Language(code: "en", name: "English")
        var site = ResolvedSite(
            config: SiteConfig(languages: [english], sourceLanguage: english), practices: [], sections: [], pageIDs: [], pages: [:], strings: [:])
        site.synonyms = try XCTUnwrap(table)
        XCTAssertEqual(SearchIndexBuilder.synonyms(site, language: "en"), [["points", "pt"]])
    }
}
