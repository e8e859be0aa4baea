import Foundation
import HandbookTestSupport
import XCTest

@testable import Handbook

/// The shared files of the search tests in `Tests/Search/`: the tokenizer vectors, the small
/// fixture site and the index files it builds, which the JavaScript tests read too.
enum SearchFixture {
    /// `Tests/Search/`.
    static let folder = TemporaryProject.repositoryRoot.appendingPathComponent("Tests/Search")

    /// The resolved fixture site of `Tests/Search/fixture/content`, and what resolving it reported.
    static func site(file: StaticString = #filePath, line: UInt = #line) -> ResolvedSite? {
        let project = TemporaryProject()
        project.copy(folder.appendingPathComponent("fixture/content"), to: "content")
        let engine = DiagnosticEngine()
        guard let content = ContentLoader(paths: ProjectPaths(root: project.root), diagnostics: engine).load() else {
            XCTFail("the search fixture did not load: \(engine.diagnostics)", file: file, line: line)
            return nil
        }
        let parser = PageParser(diagnostics: engine)
        let site = SiteResolver(diagnostics: engine).resolve(content.pages.compactMap(parser.parse), content: content)
        let errors = engine.diagnostics.filter { $0.severity == .error }
        XCTAssertTrue(errors.isEmpty, "the search fixture has errors: \(errors)", file: file, line: line)
        return site
    }

    /// A site of English pages made from `(key, title, body)`, for ranking tests.
    static func documents(_ pages: [(SearchDocument.Kind, String, String, String)]) -> [SearchDocument] {
        pages.map { kind, id, title, body in
            SearchDocument(
                kind: kind, id: id, title: title, path: "en/\(id).html", contentLanguage: nil,
                fields: [kind == .page ? title : "\(id) \(title)", "", "", body], text: body)
        }
    }
}
