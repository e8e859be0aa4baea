import Foundation
import HandbookTestSupport
import Markdown
import XCTest

@testable import Handbook

/// The Notes on the source page against the repository's own content: it lists every note of
/// `content/source-notes.yaml` in every language, and every page that corrects or flags the guide
/// is named by at least one note.
final class SourceNotesTests: XCTestCase {
    private static let result = Build(paths: ProjectPaths(root: TemporaryProject.repositoryRoot)).run()

    func testTheContentBuildsWithItsNotes() throws {
        let errors = Self.result.diagnostics.filter { $0.severity == .error }
        XCTAssertTrue(errors.isEmpty, errors.map(\.message).joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(Self.result.site).sourceNotes.count, 40)
    }

    func testEveryNoteIsOnTheNotesPageInEveryLanguage() throws {
        let site = try XCTUnwrap(Self.result.site)
        for language in site.config.languages.map(\.code) {
            let path = OutputLayout.path(of: .page("source-notes"), in: language)
            let file = try XCTUnwrap(Self.result.files.first { $0.path == path }, "no \(path)")
            let html = String(decoding: file.contents, as: UTF8.self)
            // Titles may hold code spans: compare with the page's text, tags removed.
            let text = html.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            XCTAssertEqual(html.components(separatedBy: "class=\"source-note\"").count - 1, site.sourceNotes.count, path.rawValue)
            for note in site.sourceNotes {
                XCTAssertTrue(html.contains("id=\"note-\(note.id)\""), "\(path) lacks note \(note.id)")
                let title = HTMLEscaping.escape(try XCTUnwrap(note.title[language]).plainText)
                XCTAssertTrue(text.contains(title), "\(path): title of \(note.id) in \(language)")
            }
        }
    }

    /// A page that says the guide writes something else, or keeps the guide's spelling, corrects or
    /// repeats an inconsistency of the guide, so some note must name it.
    func testEveryPageThatCorrectsTheGuideIsNamedByANote() throws {
        let site = try XCTUnwrap(Self.result.site)
        let named = Set(site.sourceNotes.flatMap { $0.pages.map(\.value) })
        let markers = try NSRegularExpression(
            pattern: "the guide (writes|spells)|guide's spelling|although the guide|the guide (says|gives) .*(but|although)")
        var unnamed: [String] = []
        for page in site.pages(in: site.config.sourceLanguage.code) where page.key != .page("source-notes") {
            let text = page.source.file.text
            if markers.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil, !named.contains(page.key) {
                unnamed.append(page.source.file.path)
            }
        }
        XCTAssertEqual(unnamed, [], "pages that correct the guide but no note names")
    }
}
