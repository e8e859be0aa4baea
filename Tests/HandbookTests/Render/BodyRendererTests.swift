import Markdown
import XCTest

@testable import Handbook

final class BodyRendererTests: XCTestCase {
    func testLineBreaksBetweenChineseCharactersAddNoSpace() {
        let tree = MarkdownParser().parse("螢幕閱讀器會讀出\n按鈕的標籤。\nVoiceOver\nreads it.\n")
        XCTAssertEqual(BodyRenderer().render(tree), "<p>螢幕閱讀器會讀出按鈕的標籤。\nVoiceOver\nreads it.</p>\n")
    }

    func testTableCaptionAndScrollableRegionAndLabelledCode() {
        let html = BodyRenderer().render(MarkdownParser().parse("Table: Attributes\n\n| a |\n| - |\n| 1 |\n\n```swift\nlet x = 1\n```\n"))
        XCTAssertTrue(html.contains("<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Attributes\">\n<table>\n<caption>Attributes</caption>"), html)
        XCTAssertTrue(html.contains("<figure class=\"code\"><figcaption>Swift · iOS</figcaption><pre tabindex=\"0\"><code class=\"language-swift\">let x = 1\n</code></pre></figure>"), html)
    }
}
