import Dispatch
import Mustache
import XCTest

/// Where and how template problems are reported.
final class TemplateErrorTests: XCTestCase {
    func testUnclosedSectionIsReportedWhereItOpens() {
        let templates = ["page": "<ul>\n  {{#items}}\n    <li>{{name}}</li>\n</ul>\n"]
        XCTAssertEqual(
            errors(templates),
            [
                TemplateError(
                    templateName: "page", line: 2, column: 3,
                    message: "unclosed section 'items' (opened here)")
            ]
        )
    }

    func testMismatchedClosingTagNamesTheExpectedTag() {
        let templates = ["page": "{{#a}}\n{{#b}}x{{/a}}"]
        XCTAssertEqual(
            errors(templates),
            [
                TemplateError(
                    templateName: "page", line: 2, column: 8,
                    message: "unexpected closing tag 'a'; expected 'b'")
            ]
        )
    }

    func testStrayClosingTagIsReported() {
        XCTAssertEqual(
            errors(["page": "text {{/a}}"]).map(\.description),
            ["page:1:6: error: unexpected closing tag 'a'; no section is open"]
        )
    }

    func testUnclosedTagIsReportedAtItsOpeningDelimiter() {
        XCTAssertEqual(
            errors(["page": "<p>\nHello {{name</p>\n"]),
            [
                TemplateError(
                    templateName: "page", line: 2, column: 7, message: "unclosed tag: missing '}}'")
            ]
        )
    }

    func testUnclosedTagBeforeAnotherTagIsReportedAndScanningGoesOn() {
        XCTAssertEqual(
            errors(["page": "{{name {{#open}}"]).map(\.description),
            [
                "page:1:1: error: unclosed tag: missing '}}'",
                "page:1:8: error: unclosed section 'open' (opened here)",
            ]
        )
    }

    func testColumnsCountCharactersNotBytes() {
        XCTAssertEqual(errors(["zh": "標題：{{#items}}"]).first?.column, 4)
        XCTAssertEqual(errors(["emoji": "👩‍👩‍👧 {{name"]).first?.column, 3)
    }

    func testInvalidNamesAndDelimitersAreReported() {
        XCTAssertEqual(
            errors(["page": "{{a b}}\n{{a..b}}\n{{#}}{{/}}\n{{=<% =}}"]).map(\.description),
            [
                "page:1:1: error: invalid name 'a b': names hold no whitespace and no empty dotted parts",
                "page:2:1: error: invalid name 'a..b': names hold no whitespace and no empty dotted parts",
                "page:3:1: error: tag '{{#}}' has no name",
                "page:4:1: error: invalid set-delimiter tag '{{=<% =}}': expected two delimiters without spaces or '='",
            ]
        )
    }

    func testMissingPartialIsAnErrorAtTheTagInStrictMode() throws {
        let templates = [
            "page": "<body>\n  {{> partials/footer}}\n</body>", "layout": "{{<base}}{{/base}}",
        ]
        XCTAssertEqual(
            errors(templates, strictPartials: true).map(\.description),
            [
                "layout:1:1: error: missing parent template 'base'",
                "page:2:3: error: missing partial 'partials/footer'",
            ]
        )
        let lenient = try TemplateLibrary(templates: templates)
        XCTAssertEqual(try lenient.render("page", [:]), "<body>\n</body>")
    }

    func testInitThrowsTheFirstErrorInNameLineColumnOrder() {
        let templates = ["b": "{{#x}}", "a": "ok\n{{/y}}\n{{z"]
        XCTAssertThrowsError(try TemplateLibrary(templates: templates)) { error in
            XCTAssertEqual(
                (error as? TemplateError)?.description,
                "a:2:1: error: unexpected closing tag 'y'; no section is open"
            )
        }
    }

    func testDiagnoseReportsEveryErrorSortedByNameLineAndColumn() {
        let templates = ["b": "{{#x}}", "a": "ok\n{{/y}}\n{{z", "fine": "{{z}}"]
        XCTAssertEqual(
            errors(templates).map(\.description),
            [
                "a:2:1: error: unexpected closing tag 'y'; no section is open",
                "a:3:1: error: unclosed tag: missing '}}'",
                "b:1:1: error: unclosed section 'x' (opened here)",
            ]
        )
    }

    func testRecursivePartialStopsAtTheDepthLimitWithTheChain() throws {
        let library = try TemplateLibrary(templates: ["a": "{{>b}}", "b": "x\n {{>a}}"])
        XCTAssertThrowsError(try library.render("a", [:])) { error in
            guard let error = error as? TemplateError else {
                return XCTFail("not a TemplateError: \(error)")
            }
            XCTAssertEqual(error.templateName, "a")
            XCTAssertEqual(error.line, 1)
            XCTAssertEqual(error.column, 1)
            XCTAssertEqual(
                error.message,
                "partials nest too deeply (recursion?) through 'a' > 'b' > 'a' > ...: "
                    + "more than 100 partials, or 300 levels of partials and sections"
            )
        }
    }

    func testRecursionThroughManySectionsStopsBeforeTheStackRunsOut() throws {
        let names = (0..<99).map { "s\($0)" }
        let opens = names.map { "{{#\($0)}}" }.joined()
        let closes = names.reversed().map { "{{/\($0)}}" }.joined()
        let library = try TemplateLibrary(templates: ["p": opens + "{{>p}}" + closes])
        let context = MustacheValue.object(
            Dictionary(uniqueKeysWithValues: names.map { ($0, true) }))
        // Rendered on a worker thread, whose stack may be smaller than the main thread's.
        let done = expectation(description: "rendered on a worker thread")
        DispatchQueue.global().async {
            do {
                _ = try library.render("p", context)
                XCTFail("rendered without error")
            } catch {
                XCTAssertEqual(
                    String(describing: error),
                    "p:1:\(opens.count + 1): error: partials nest too deeply (recursion?) through "
                        + "'p' > 'p' > ...: more than 100 partials, or 300 levels of partials and sections"
                )
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
    }

    func testSectionsNestingBeyondTheLimitIsAnError() {
        let opens = (0...100).map { "{{#s\($0)}}" }.joined()
        let closes = (0...100).reversed().map { "{{/s\($0)}}" }.joined()
        let column = (0..<100).map { "{{#s\($0)}}" }.joined().count + 1
        XCTAssertEqual(
            errors(["deep": opens + closes]).map(\.description),
            ["deep:1:\(column): error: sections nest more than 100 levels deep"]
        )
    }

    func testRecursionThatTheDataEndsRendersFine() throws {
        let library = try TemplateLibrary(templates: [
            "tree": "{{name}}({{#children}}{{>tree}}{{/children}})"
        ])
        let leaf: MustacheValue = ["name": "leaf", "children": []]
        XCTAssertEqual(
            try library.render("tree", ["name": "root", "children": [leaf, leaf]]),
            "root(leaf()leaf())")
    }

    func testDynamicPartialNamingNoTemplateThrowsAtRenderInStrictMode() throws {
        let library = try TemplateLibrary(
            templates: ["page": "a\n{{>*kind}}"], strictPartials: true)
        XCTAssertThrowsError(try library.render("page", ["kind": "video"])) { error in
            XCTAssertEqual(
                (error as? TemplateError)?.description, "page:2:1: error: missing partial 'video'")
        }
        XCTAssertEqual(try library.render("page", [:]), "a\n")
    }

    func testRenderingAnUnknownTemplateThrows() throws {
        let library = try TemplateLibrary(templates: [:])
        XCTAssertThrowsError(try library.render("nope", [:])) { error in
            XCTAssertEqual(
                (error as? TemplateError)?.description, "nope:1:1: error: no template named 'nope'")
        }
    }

    private func errors(_ templates: [String: String], strictPartials: Bool = false)
        -> [TemplateError]
    {
        TemplateLibrary.diagnose(templates: templates, strictPartials: strictPartials)
    }
}
