import Foundation
import HandbookTestSupport
import XCTest

@testable import Handbook

final class TemplateAnchorsTests: XCTestCase {
    /// The templates that show a content page, whose literal ids a heading must not repeat.
    private let pageTemplates = [
        "layout", "page", "practice", "section", "index", "partials/header", "partials/footer", "partials/search",
        "partials/pager", "partials/page-list", "partials/source-notes",
    ]

    func testEveryLiteralIDOfThePageTemplatesIsReserved() throws {
        let folder = TemporaryProject.repositoryRoot.appendingPathComponent("templates")
        var found: Set<String> = []
        for name in pageTemplates {
            let text = try String(contentsOf: folder.appendingPathComponent("\(name).mustache"), encoding: .utf8)
            var rest = text[...]
            while let range = rest.range(of: " id=\"") {
                let value = rest[range.upperBound...].prefix { $0 != "\"" }
                if !value.contains("{{") { found.insert(String(value)) }
                rest = rest[range.upperBound...]
            }
        }
        XCTAssertTrue(found.contains("main"), "the layout's main landmark was not found")
        XCTAssertEqual(found.subtracting(TemplateAnchors.reserved), [], "ids of the templates that headings could take")
        XCTAssertTrue(TemplateAnchors.isReserved("search-group-practice"))
        XCTAssertTrue(TemplateAnchors.isReserved("note-title-2-10"))
        XCTAssertTrue(TemplateAnchors.isReserved("notes-titles"))
        XCTAssertFalse(TemplateAnchors.isReserved("mainly"))
    }
}
