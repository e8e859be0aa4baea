import Foundation
import XCTest

@testable import Markdown

/// The Swift tree keeps cmark's kinds and positions, so diagnostics can point at a node.
final class TreeTests: XCTestCase {
    private func dump(_ node: MarkdownNode, depth: Int = 0) -> String {
        var line = String(repeating: "  ", count: depth) + "\(node.kind) @\(node.start.line):\(node.start.column)\n"
        for child in node.children { line += dump(child, depth: depth + 1) }
        return line
    }

    func testAutolinksArePlacedOnTheirOwnLine() {
        // cmark-gfm would say 2:22 and 2:33 (offsets in the paragraph) and 4:1 inside the list item.
        let tree = MarkdownParser().parse("First line, then\n<https://a.example> <javascript:y>\n\n- <mailto:a@b.example>\n")
        var links: [String] = []
        tree.forEach { if case .link(let url, _) = $0.kind { links.append("\(url) @\($0.start.line):\($0.start.column)") } }
        XCTAssertEqual(links, [
            "https://a.example @2:1", "javascript:y @2:21", "mailto:a@b.example @4:3",
        ])
    }

    func testTreeDumpWithPositions() {
        let tree = MarkdownParser().parse("## Hi\n\nSee [](bp:2.10) ~~no~~\n\n- [x] done\n\n| a |\n|---|\n| b |\n")
        XCTAssertEqual(
            dump(tree),
            """
            document @1:1
              heading(level: 2) @1:1
                text("Hi") @1:4
              paragraph @3:1
                text("See ") @3:1
                link(url: "bp:2.10", title: "") @3:5
                text(" ") @3:16
                strikethrough @3:17
                  text("no") @3:19
              list(ordered: false, start: 0, tight: true) @5:1
                item(task: Optional(true)) @5:1
                  paragraph @5:7
                    text("done") @5:7
              table(alignments: [Markdown.MarkdownNode.Alignment.none]) @7:1
                tableRow(isHeader: true) @7:1
                  tableCell @7:2
                    text("a") @7:3
                tableRow(isHeader: false) @9:1
                  tableCell @9:2
                    text("b") @9:3

            """)
    }

    func testSafeRenderingDropsRawHTMLAndScriptURLs() {
        let html = HTMLRenderer().render(MarkdownParser().parse("<script>x</script>\n\n[a](javascript:alert(1)) <b>\n"))
        XCTAssertEqual(html, "<!-- raw HTML omitted -->\n<p><a href=\"\">a</a> <!-- raw HTML omitted --></p>\n")
    }

    func testSiteOptionsAddHeaderScopesAlignmentClassesAndAnchors() {
        var options = HTMLRenderer.Options()
        options.tableHeaderScope = true
        options.alignmentClasses = true
        var tree = MarkdownParser().parse("## T\n\n| a | b |\n|:-:|--|\n| 1 | 2 |\n")
        tree.children[0].anchor = "t"
        let html = HTMLRenderer(options: options).render(tree)
        XCTAssertTrue(html.hasPrefix("<h2 id=\"t\">T</h2>\n<table>\n<thead>\n<tr>\n<th scope=\"col\" class=\"align-center\">a</th>"), html)
    }
}

/// cmark-gfm changes global inline-parser state when a parser finishes; parsing from several threads
/// must still give every thread the same tree (autolinks were lost before finishing was serialised).
final class ConcurrentParsingTests: XCTestCase {
    func testParsingOnManyThreadsGivesTheSameTrees() {
        let text = "See (https://webaim.org/resources/) and www.example.com, ~~old~~.\n\n| a |\n|---|\n| b |\n"
        let expected = HTMLRenderer().render(MarkdownParser().parse(text))
        var results = [String](repeating: "", count: 400)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = buffer
            DispatchQueue.concurrentPerform(iterations: 400) { index in
                slots[index] = HTMLRenderer().render(MarkdownParser().parse(text))
            }
        }
        XCTAssertEqual(Set(results), [expected])
        XCTAssertTrue(expected.contains("<a href=\"https://webaim.org/resources/\">"))
    }
}

/// A large page is a tree of a million nodes; its size per node is what the build's memory is made of.
final class NodeLayoutTests: XCTestCase {
    func testANodeStaysSmall() {
        XCTAssertLessThanOrEqual(MemoryLayout<MarkdownNode>.stride, 56)
        XCTAssertEqual(MemoryLayout<SourcePosition>.size, 8)
    }

    func testChildrenAreStoredWithoutSpareCapacity() {
        let document = MarkdownParser().parse("| a | b | c |\n| --- | --- | --- |\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |\n\nx *y* z\n")
        let table = document.children[0]
        XCTAssertEqual(table.children.count, 3)
        XCTAssertEqual(table.children.capacity, 3)
        XCTAssertEqual(document.children[1].children.capacity, 3)
    }

    func testAnchorAndAttributesOfACopyAreItsOwn() {
        var node = MarkdownNode(kind: .link(url: "a", title: ""))
        node.attributes = [("class", "x")]
        var copy = node
        copy.anchor = "top"
        copy.attributes.append(("hreflang", "en"))
        XCTAssertNil(node.anchor)
        XCTAssertEqual(node.attributes.map(\.1), ["x"])
        XCTAssertEqual(copy.attributes.map(\.1), ["x", "en"])
        XCTAssertNotEqual(node, copy)
        copy.anchor = nil
        copy.attributes = [("class", "x")]
        XCTAssertEqual(node, copy)
    }

    /// A row's cells are held packed (`PackedNodes`); what a reader of the tree sees is unchanged.
    func testARowsCellsComeBackAsTheyWerePacked() {
        var link = MarkdownNode(
            kind: .link(url: "https://a.example/é", title: "t"), children: [MarkdownNode(kind: .text("x"))],
            start: SourcePosition(line: 7, column: 300), end: SourcePosition(line: 9, column: 2))
        link.attributes = [("class", "external"), ("hreflang", "en")]
        var cell = MarkdownNode(
            kind: .tableCell,
            children: [
                MarkdownNode(kind: .emphasis, children: [MarkdownNode(kind: .code("v1"))], start: SourcePosition(line: 7, column: 3)),
                link, MarkdownNode(kind: .languageSpan(lang: "en"), children: [MarkdownNode(kind: .text("三 words"))]),
                MarkdownNode(kind: .htmlInline("<br>")), MarkdownNode(kind: .image(url: "a.png", title: "")),
                MarkdownNode(kind: .text(""), start: SourcePosition(line: -1, column: -5)),
            ],
            start: SourcePosition(line: 7, column: 1), end: SourcePosition(line: 7, column: 40))
        cell.anchor = "c"
        let cells = [cell, MarkdownNode(kind: .tableCell)]
        let row = MarkdownNode(kind: .tableRow(isHeader: false), children: cells, start: SourcePosition(line: 7, column: 1))
        XCTAssertNotNil(PackedNodes.encode(cells))
        XCTAssertEqual(row.children, cells)
        XCTAssertEqual(row.children[0].anchor, "c")
        XCTAssertEqual(row.children[0].children[1].attributes.map(\.1), ["external", "en"])
        XCTAssertEqual(PackedNodes.decode(PackedNodes.encode(cells)!), cells)
    }

    func testAParsedTableRendersFromPackedRows() {
        let tree = MarkdownParser().parse("| a | *b* | [c](https://c.example) |\n| --- | :-: | --: |\n| 1 | `2` | ![x](y.png) |\n")
        XCTAssertEqual(
            HTMLRenderer().render(tree),
            """
            <table>
            <thead>
            <tr>
            <th>a</th>
            <th align="center"><em>b</em></th>
            <th align="right"><a href="https://c.example">c</a></th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td>1</td>
            <td align="center"><code>2</code></td>
            <td align="right"><img src="y.png" alt="x" /></td>
            </tr>
            </tbody>
            </table>

            """)
    }

    func testRowsOfBlocksOrOfManyCellsStayArrays() {
        let many = (0...PackedNodes.maximumCount).map { _ in MarkdownNode(kind: .tableCell) }
        XCTAssertNil(PackedNodes.encode(many))
        XCTAssertNil(PackedNodes.encode([MarkdownNode(kind: .tableCell, children: [MarkdownNode(kind: .paragraph)])]))
        let row = MarkdownNode(kind: .tableRow(isHeader: true), children: many)
        XCTAssertEqual(row.children, many)
    }

    func testChangingACellThroughTheRowKeepsTheChange() {
        var table = MarkdownParser().parse("| a | b |\n| --- | --- |\n| 1 | 2 |\n").children[0]
        table.transform { node in
            if case .text("2") = node.kind { node.kind = .text("two") }
        }
        XCTAssertEqual(table.children[1].children[1].children[0].kind, .text("two"))
    }
}
