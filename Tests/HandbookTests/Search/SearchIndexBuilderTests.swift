import Foundation
import HandbookTestSupport
import XCTest

@testable import Handbook

/// The index files of the fixture site: golden files (which `Tests/Search/query.test.js` searches),
/// the same bytes on every run, and the documents each language lists.
final class SearchIndexBuilderTests: XCTestCase {
    func testIndexFilesMatchTheGoldenFiles() throws {
        let site = try XCTUnwrap(SearchFixture.site())
        let files = SearchIndexBuilder().build(site)
        XCTAssertTrue(files.allSatisfy { $0.path.rawValue.hasPrefix("assets/search/") && $0.path.rawValue.hasSuffix(".js") })
        let produced = Dictionary(uniqueKeysWithValues: files.map { (String($0.path.rawValue.dropFirst("assets/search/".count)), $0.contents) })
        Golden.assertFiles(produced, equal: SearchFixture.folder.appendingPathComponent("fixture/expected"))
    }

    func testTwoBuildsGiveTheSameBytes() throws {
        let first = SearchIndexBuilder().build(try XCTUnwrap(SearchFixture.site()))
        let second = SearchIndexBuilder().build(try XCTUnwrap(SearchFixture.site()))
        XCTAssertEqual(first, second)
    }

    func testEachLanguageHasAMainFileAndRegistersEveryFileByItsName() throws {
        let files = SearchIndexBuilder().build(try XCTUnwrap(SearchFixture.site()))
        for language in ["en", "zh-Hant", "zh-Hans"] {
            XCTAssertTrue(files.contains { $0.path == "assets/search/\(language).js" }, language)
        }
        for file in files {
            let name = String(file.path.rawValue.dropFirst("assets/search/".count).dropLast(".js".count))
            let text = String(decoding: file.contents, as: UTF8.self)
            XCTAssertTrue(text.hasPrefix("HandbookSearch.register(\"\(name)\", {"), file.path.rawValue)
            XCTAssertTrue(text.hasSuffix("});\n"), file.path.rawValue)
        }
    }

    func testDocumentsAreContentPagesInKeyOrderThenGeneratedPages() throws {
        let site = try XCTUnwrap(SearchFixture.site())
        let documents = SearchDocumentCollector(site: site).documents(in: "zh-Hant")
        XCTAssertEqual(
            documents.map(\.id),
            ["1.7", "1.8", "1.10", "2.10", "7", "7.3", "7.3.6", "7.3.6.5", "about"] + site.generatedPageIDs)
        // The fixture has no content/wcag.yaml, so it has no WCAG 2.2 map to find.
        XCTAssertFalse(site.generatedPageIDs.contains("wcag"))
        let practice = try XCTUnwrap(documents.first { $0.id == "1.10" })
        XCTAssertEqual(practice.kind, .practice)
        XCTAssertEqual(practice.title, "為視像提供字幕")
        XCTAssertEqual(practice.text(of: .title), "1.10 為視像提供字幕")
        XCTAssertEqual(practice.path, "zh-Hant/practices/1.10.html")
        XCTAssertNil(practice.contentLanguage)
        let untranslated = try XCTUnwrap(documents.first { $0.id == "2.10" })
        XCTAssertEqual(untranslated.contentLanguage, "en")
        XCTAssertEqual(documents.first { $0.id == "a-z" }?.title, "A–Z 索引")
    }

    func testTextKeepsBlocksApartAndIncludesProgramDetails() throws {
        let site = try XCTUnwrap(SearchFixture.site())
        let documents = SearchDocumentCollector(site: site).documents(in: "en")
        let register = try XCTUnwrap(documents.first { $0.id == "7.3.6.5" })
        XCTAssertTrue(register.text.hasPrefix("The register screen shows a form with a timer."), register.text)
        for part in ["fragment_register.xml", "RegisterFragment.java", "Checks that the first name is not empty"] {
            XCTAssertTrue(register.text.contains(part), part)
        }
        let captions = try XCTUnwrap(documents.first { $0.id == "1.10" })
        XCTAssertTrue(captions.text.contains("deaf users. Who it helps Deaf"), captions.text)
        XCTAssertEqual(captions.text(of: .headings), "Who it helps On Android On iOS In the templates How to test")
        XCTAssertFalse(captions.text.contains("  "))
    }
}
