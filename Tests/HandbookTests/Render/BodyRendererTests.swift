import Markdown
import XCTest

@testable import Handbook

final class BodyRendererTests: XCTestCase {
    func testLineBreaksBetweenChineseCharactersAddNoSpace() {
        let tree = MarkdownParser().parse("螢幕閱讀器會讀出\n按鈕的標籤。\nVoiceOver\nreads it.\n")
        XCTAssertEqual(BodyRenderer().template(tree).html(.page(at: "en/practices/1.1.html", language: "en")), "<p>螢幕閱讀器會讀出按鈕的標籤。\nVoiceOver\nreads it.</p>\n")
    }

    func testTableCaptionAndScrollableRegionAndLabelledCode() {
        let html = BodyRenderer().template(MarkdownParser().parse("Table: Attributes\n\n| a |\n| - |\n| 1 |\n\n```swift\nlet x = 1\n```\n")).html(.page(at: "en/practices/1.1.html", language: "en"))
        XCTAssertTrue(html.contains("<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Attributes\">\n<table>\n<caption>Attributes</caption>"), html)
        XCTAssertTrue(html.contains("<div class=\"code\"><p class=\"code-caption\">Swift · iOS</p><pre tabindex=\"0\" role=\"group\" aria-label=\"Swift, iOS\"><code class=\"language-swift\">let x = 1\n</code></pre></div>"), html)
    }

    /// One bound body placed in three outputs: its page, an entry of a single-page edition and a
    /// book without the linked page.
    func testOneRenderPlacedInEachOutput() {
        var tree = MarkdownParser().parse("""
            ## Steps

            See [the timer](bp:2.10#reset), [above](#steps) and [Hugo](https://gohugo.io).

            ![Map](images/map-1a2b.png)

            | Field | Rule |
            | - | - |
            | Name | Required |
            """)
        tree.children[0].anchor = "steps"
        let body = BodyRenderer().template(tree)

        let page = body.html(.page(at: "en/sections/7.3.html", language: "en"))
        XCTAssertTrue(page.contains("<h2 id=\"steps\">Steps</h2>"), page)
        XCTAssertTrue(page.contains("<a href=\"../practices/2.10.html#reset\">the timer</a>"), page)
        XCTAssertTrue(page.contains("<a href=\"#steps\">above</a>"), page)
        XCTAssertTrue(page.contains("<a href=\"https://gohugo.io\">Hugo</a>"), page)
        XCTAssertTrue(page.contains("<img src=\"../../images/map-1a2b.png\" alt=\"Map\" />"), page)
        XCTAssertTrue(page.contains("aria-label=\"Table: Field, Rule\">\n<table>"), page)
        XCTAssertTrue(page.hasSuffix("</table>\n</div>\n"), page)

        let entry = body.html(BodyPlacement(
            href: { key, fragment in "#\(key.id)--\(fragment ?? "")" }, image: { "../" + $0 },
            headingShift: 1, anchorPrefix: "sec-7.3", regionPrefix: "7.3"))
        XCTAssertTrue(entry.contains("<h3 id=\"sec-7.3--steps\">Steps</h3>"), entry)
        XCTAssertTrue(entry.contains("<a href=\"#2.10--reset\">the timer</a>"), entry)
        XCTAssertTrue(entry.contains("<a href=\"#sec-7.3--steps\">above</a>"), entry)
        XCTAssertTrue(entry.contains("aria-label=\"7.3 – Table: Field, Rule\""), entry)

        let book = body.html(BodyPlacement(href: { _, _ in nil }, image: { "../" + $0 }, unlinkedTag: "en"))
        XCTAssertTrue(book.contains("See <span lang=\"en\">the timer</span>, <a href=\"#steps\">above</a>"), book)
        XCTAssertTrue(book.contains("<img src=\"../images/map-1a2b.png\""), book)
    }

    func testLinkTargetsKeepTheirKeyInTheBoundTree() {
        XCTAssertEqual(LinkTarget(url: "sec:7.3.6.5#anchor"), .page(.section("7.3.6.5"), fragment: "anchor"))
        XCTAssertEqual(LinkTarget(url: "page:about"), .page(.page("about"), fragment: nil))
        XCTAssertEqual(LinkTarget(url: "#steps"), .anchor("steps"))
        XCTAssertEqual(LinkTarget(url: "mailto:a@b.c"), .address("mailto:a@b.c"))
        XCTAssertEqual(LinkTarget.page(.practice("2.10"), fragment: "x").url, "bp:2.10#x")
    }
}
