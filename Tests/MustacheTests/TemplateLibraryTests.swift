import Dispatch
import Foundation
import Mustache
import XCTest

/// Rendering behaviour the site relies on beyond what the spec files check.
final class TemplateLibraryTests: XCTestCase {
    func testInterpolationEscapesHTMLIncludingApostrophes() throws {
        let library = try TemplateLibrary(templates: ["t": "{{v}}|{{{v}}}|{{&v}}"])
        XCTAssertEqual(
            try library.render("t", ["v": "<a href='x'>Tom & \"Jerry\"</a>"]),
            "&lt;a href=&#39;x&#39;&gt;Tom &amp; &quot;Jerry&quot;&lt;/a&gt;"
                + "|<a href='x'>Tom & \"Jerry\"</a>|<a href='x'>Tom & \"Jerry\"</a>"
        )
    }

    func testEscapingKeepsNonASCIITextIntact() throws {
        let library = try TemplateLibrary(templates: ["t": "{{v}}"])
        XCTAssertEqual(try library.render("t", ["v": "無障礙 <設計> 👩‍💻"]), "無障礙 &lt;設計&gt; 👩‍💻")
    }

    func testEmptyStringIsFalseyAndZeroIsTruthy() throws {
        let library = try TemplateLibrary(templates: ["t": "{{#v}}yes{{/v}}{{^v}}no{{/v}}"])
        XCTAssertEqual(try library.render("t", ["v": ""]), "no")
        XCTAssertEqual(try library.render("t", ["v": 0]), "yes")
        XCTAssertEqual(try library.render("t", ["v": 0.0]), "yes")
        XCTAssertEqual(try library.render("t", ["v": [:]]), "yes")
        XCTAssertEqual(try library.render("t", ["v": []]), "no")
        XCTAssertEqual(try library.render("t", ["v": nil]), "no")
    }

    func testNumbersAndBooleansInterpolateAsWritten() throws {
        let library = try TemplateLibrary(templates: ["t": "{{a}} {{b}} {{c}} {{d}} [{{e}}]"])
        let context: MustacheValue = ["a": 85, "b": 85.0, "c": 1.21, "d": true, "e": ["x"]]
        XCTAssertEqual(try library.render("t", context), "85 85 1.21 true []")
    }

    func testPartialTagsNameTemplatesByTheirKeys() throws {
        let library = try TemplateLibrary(
            templates: ["page": "{{> partials/header}}!", "partials/header": "<h1>{{title}}</h1>"],
            strictPartials: true
        )
        XCTAssertEqual(try library.render("page", ["title": "Hi"]), "<h1>Hi</h1>!")
    }

    func testLayoutIndentsThePageContentAtAStandaloneBlock() throws {
        let layout = """
            <main>
              {{$content}}
              {{/content}}
            </main>

            """
        let page = """
            {{<layout}}
            {{$content}}
            <h1>{{title}}</h1>
            <p>Hi</p>
            {{/content}}
            {{/layout}}

            """
        let library = try TemplateLibrary(templates: ["layout": layout, "page": page])
        XCTAssertEqual(
            try library.render("page", ["title": "Welcome"]),
            """
            <main>
              <h1>Welcome</h1>
              <p>Hi</p>
            </main>

            """
        )
    }

    func testLayoutsNestWithTheirIndentationAddingUp() throws {
        let base = """
            <body>
              {{$body}}
              {{/body}}
            </body>
            """
        let section = """
            {{<base}}
            {{$body}}
            <nav>…</nav>
            <div>
              {{$main}}
              {{/main}}
            </div>
            {{/body}}
            {{/base}}
            """
        let page = """
            {{<section}}
            {{$main}}
            <p>one</p>
            {{/main}}
            {{/section}}
            """
        let library = try TemplateLibrary(templates: [
            "base": base, "section": section, "page": page,
        ])
        XCTAssertEqual(
            try library.render("page", [:]),
            """
            <body>
              <nav>…</nav>
              <div>
                <p>one</p>
              </div>
            </body>
            """
        )
    }

    func testInlineOverrideAtAStandaloneBlockIsIndentedFromItsFirstLine() throws {
        let layout = """
            <main>
              {{$content}}{{/content}}
            </main>
            """
        let page = "{{<layout}}{{$content}}<p>a</p>\n<p>b</p>{{/content}}{{/layout}}"
        let library = try TemplateLibrary(templates: ["layout": layout, "page": page])
        XCTAssertEqual(
            try library.render("page", [:]),
            """
            <main>
              <p>a</p>
              <p>b</p>
            </main>
            """
        )
    }

    func testStandalonePartialsInsideIndentedPartialsAddUpTheirIndentation() throws {
        let library = try TemplateLibrary(templates: [
            "page": "<body>\n  {{>nav}}\n</body>",
            "nav": "<nav>\n  {{>links}}\n\n</nav>\n",
            "links": "{{#links}}\n<a>{{.}}</a>\n{{/links}}\n",
        ])
        XCTAssertEqual(
            try library.render("page", ["links": ["1", "2"]]),
            "<body>\n  <nav>\n    <a>1</a>\n    <a>2</a>\n\n  </nav>\n</body>"
        )
    }

    func testDefaultBlockContentRendersWhenNotOverridden() throws {
        let library = try TemplateLibrary(templates: [
            "layout": "<title>{{$title}}Handbook{{/title}}</title>",
            "plain": "{{<layout}}{{/layout}}",
            "custom": "{{<layout}}{{$title}}{{name}} – Handbook{{/title}}{{/layout}}",
        ])
        XCTAssertEqual(try library.render("plain", [:]), "<title>Handbook</title>")
        XCTAssertEqual(
            try library.render("custom", ["name": "About"]), "<title>About – Handbook</title>")
    }

    func testConcurrentRendersFromSeveralThreadsAgreeWithSerialRenders() throws {
        let library = try TemplateLibrary(templates: [
            "layout": "<ul>\n  {{$items}}\n  {{/items}}\n</ul>\n",
            "page":
                "{{<layout}}\n{{$items}}\n{{#items}}\n{{>item}}\n{{/items}}\n{{/items}}\n{{/layout}}",
            "item": "<li>{{name}} #{{n}}</li>\n",
        ])
        @Sendable func context(_ index: Int) -> MustacheValue {
            .object([
                "items": .array(
                    (0..<20).map { .object(["name": .string("item <\(index)>"), "n": .int($0)]) })
            ])
        }
        let expected = try (0..<32).map { try library.render("page", context($0)) }
        XCTAssertTrue(expected[3].hasPrefix("<ul>\n  <li>item &lt;3&gt; #0</li>\n"))

        let results = RenderLog(count: expected.count)
        DispatchQueue.concurrentPerform(iterations: 256) { iteration in
            let index = iteration % expected.count
            results.record(try? library.render("page", context(index)), at: index)
        }
        XCTAssertEqual(results.outputs, expected)
    }
}

/// Collects renders from several threads; a slot that saw two different outputs says so.
private final class RenderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [String?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    var outputs: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }

    func record(_ output: String?, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] =
            slots[index] == nil || slots[index] == output ? output : "disagreeing renders"
    }
}
