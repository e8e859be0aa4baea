import Foundation
import HandbookTestSupport
import XCTest

@testable import Handbook

/// The EPUB edition of the golden `site/basic` fixture: the package and navigation documents against
/// golden files, and the container's order, compression and determinism.
final class EPUBEditionTests: XCTestCase {
    private static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected/epub")

    private func edition() throws -> EPUBEdition {
        let project = TemporaryProject()
        let fixture = TemporaryProject.repositoryRoot.appendingPathComponent("Tests/GoldenTests/Fixtures/site/basic/content")
        project.copy(fixture, to: "content")
        project.useRepositoryTemplates()
        let site = try XCTUnwrap(Build(paths: ProjectPaths(root: project.root)).run().site)
        let language = site.config.sourceLanguage
        let strings = try XCTUnwrap(site.edition(language.code)?.strings)
        let bodies = RenderedBodies(site.pages(in: language.code).map { (language.code, $0) }, site: site)
        return EPUBEdition(site: site, language: language, strings: strings, bodies: bodies)
    }

    private func text(_ entries: [ZipArchive.Entry], _ name: String) throws -> String {
        String(decoding: try XCTUnwrap(entries.first { $0.name == name }).contents, as: UTF8.self)
    }

    func testPackageAndNavigationDocumentsMatchTheirGoldenFiles() throws {
        let entries = try edition().entries()
        Golden.assertText(try text(entries, "EPUB/package.opf"), equal: Self.expected.appendingPathComponent("package.opf"))
        Golden.assertText(try text(entries, "EPUB/nav.xhtml"), equal: Self.expected.appendingPathComponent("nav.xhtml"))
        Golden.assertText(try text(entries, "EPUB/text/bp-2.10.xhtml"), equal: Self.expected.appendingPathComponent("bp-2.10.xhtml"))
    }

    func testTheContainerStartsWithTheStoredMimetypeAndIsTheSameEveryTime() throws {
        let edition = try edition()
        let entries = edition.entries()
        XCTAssertEqual(entries.first?.name, "mimetype")
        XCTAssertEqual(entries.filter(\.stored).map(\.name), ["mimetype"])
        let first = try ZipArchive.bytes(of: entries), second = try ZipArchive.bytes(of: edition.entries())
        XCTAssertEqual(first, second)
        // The first local header names `mimetype`, stored (method 0), with no extra field, then the type.
        XCTAssertEqual(Array(first[0..<4]), [0x50, 0x4B, 0x03, 0x04])
        XCTAssertEqual(first[8], 0)
        XCTAssertEqual(first[28], 0)
        XCTAssertEqual(String(decoding: first[30..<58], as: UTF8.self), "mimetypeapplication/epub+zip")
    }

    func testSizesAreShownInDecimalUnits() {
        XCTAssertEqual(ContextBuilder.size(290_535), "291 KB")
        XCTAssertEqual(ContextBuilder.size(999_499), "999 KB")
        XCTAssertEqual(ContextBuilder.size(999_500), "1.0 MB")
        XCTAssertEqual(ContextBuilder.size(1_250_000), "1.3 MB")
        XCTAssertEqual(ContextBuilder.size(12), "1 KB")
    }
}
