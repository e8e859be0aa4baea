import Markdown
import XCTest

@testable import Handbook

final class PageParserTests: XCTestCase {
    /// Parses `text` as the file at `path` (by default the practice the text's `id` names). A practice
    /// without headings gets the required ones at its end, so tests of other rules see only theirs.
    private func parse(_ text: String, path: String? = nil) -> (ParsedPage?, [Diagnostic]) {
        let id = text.range(of: "id: \"").flatMap { start in
            text[start.upperBound...].firstIndex(of: "\"").map { String(text[start.upperBound..<$0]) }
        } ?? "1.1"
        let path = path ?? "practices/\(id).md"
        let needsHeadings = path.hasPrefix("practices/") && !text.contains("{#who-it-helps}") && !text.contains("## Who it helps")
        let text = needsHeadings ? text + "\n## Who it helps\n\n## On Android\n\n## On iOS\n\n## In the templates\n\n## How to test\n" : text
        let engine = DiagnosticEngine()
        let file = SourceFile(path: "content/en/\(path)", language: "en", relativePath: path, text: text, hash: "h")
        return (PageParser(diagnostics: engine).parse(file), engine.diagnostics)
    }

    func testPracticeFrontMatterIsTyped() {
        let (page, diagnostics) = parse(
            "---\nid: \"1.1\"\ntitle: Alt text\nprinciple: perceivable\ncategory: text\nsections: [\"16.1\"]\n---\nBody\n")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(page?.key, .practice("1.1"))
        guard case .practice(let details)? = page?.details else { return XCTFail("not a practice") }
        XCTAssertEqual(details.sections.map(\.value), ["16.1"])
        XCTAssertEqual(details.sections.first?.location.description, "content/en/practices/1.1.md:6:12")
    }

    func testReviewedIsADayOfTheCalendar() {
        let (page, diagnostics) = parse("---\nid: about\ntitle: About\nreviewed: 2024-02-29\n---\nBody\n", path: "pages/about.md")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(page?.reviewed, "2024-02-29")
        for bad in ["2026-02-29", "2026-13-01", "1 March 2026", "2026-3-1"] {
            let (page, diagnostics) = parse("---\nid: \"4.1\"\ntitle: T\nprinciple: other\nreviewed: \(bad)\n---\nBody\n")
            XCTAssertNil(page?.reviewed, bad)
            XCTAssertEqual(diagnostics.map { "\($0.location): \($0.code) \($0.message)" },
                           ["content/en/practices/4.1.md:5:11: invalid-date reviewed \"\(bad)\" is not a date"], bad)
        }
    }

    func testBodyPositionsAreShiftedPastTheFrontMatterAndCountCharacters() {
        let (page, _) = parse("---\nid: \"4.1\"\ntitle: T\nprinciple: other\n---\n\n## 螢幕閱讀器 heading\n")
        XCTAssertEqual(page?.headings.first?.location.description, "content/en/practices/4.1.md:7:1")
        XCTAssertEqual(page?.headings.first?.anchor, "螢幕閱讀器-heading")
        let map = LineMap(path: "x.md", body: "字幕 [a](sec:1)\n", firstBodyLine: 10)
        // "字幕 " is 7 UTF-8 bytes; cmark reports byte column 8, which is character column 4.
        XCTAssertEqual(map.location(SourcePosition(line: 1, column: 8)).description, "x.md:10:4")
    }

    func testRepeatedHeadingsGetNumberedAnchors() {
        let (page, _) = parse("---\nid: \"4.1\"\ntitle: T\nprinciple: other\n---\n## Code\n## Code\n## Code\n")
        XCTAssertEqual(page?.headings.prefix(3).map(\.anchor), ["code", "code-1", "code-2"])
    }

    func testExplicitAnchorsOverrideTheSlug() {
        let (page, _) = parse("---\nid: \"4.1\"\ntitle: T\nprinciple: other\n---\n## 在 Android 上 {#on-android}\n")
        XCTAssertEqual(page?.headings.first?.anchor, "on-android")
        XCTAssertEqual(page?.headings.first?.text, "在 Android 上")
    }

    func testBareAddressesStopAtChinesePunctuation() {
        let (page, _) = parse("---\nid: a\ntitle: A\n---\n見 https://webaim.org/resources/）。及 www.w3.org。\n", path: "pages/a.md")
        var links: [String] = []
        page?.body.forEach { if case .link(let url, _) = $0.kind { links.append(url + " " + $0.plainText) } }
        XCTAssertEqual(links, ["https://webaim.org/resources/ https://webaim.org/resources/", "http://www.w3.org www.w3.org"])
        XCTAssertEqual(page?.body.plainText, "見 https://webaim.org/resources/）。及 www.w3.org。")
    }

    func testRepeatedItemInARelationListIsALocatedWarningAndKeptOnce() {
        let (page, diagnostics) = parse(
            "---\nid: \"4.1\"\ntitle: T\nprinciple: other\nsections:\n  - \"16.1\"\n  - \"16.2\"\n  - \"16.1\"\n---\n")
        guard case .practice(let details)? = page?.details else { return XCTFail("not a practice") }
        XCTAssertEqual(details.sections.map(\.value), ["16.1", "16.2"])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(diagnostics.first?.code.rawValue, "duplicate-item")
        XCTAssertEqual(diagnostics.first?.location.description, "content/en/practices/4.1.md:8:5")
        XCTAssertEqual(diagnostics.first?.message, "\"16.1\" appears twice in \"sections\"")
        XCTAssertEqual(diagnostics.first?.notes.first?.location?.description, "content/en/practices/4.1.md:6:5")
    }

    func testAListOverTheItemLimitIsALocatedError() {
        let items = (0...FieldReader.maximumListItems).map { "\"9.\($0)\"" }.joined(separator: ", ")
        let (_, diagnostics) = parse("---\nid: \"4.1\"\ntitle: T\nprinciple: other\nsections: [\(items)]\n---\n")
        let errors = diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.code.rawValue), ["too-many-items"])
        XCTAssertEqual(errors.first?.location.description, "content/en/practices/4.1.md:5:11")
        XCTAssertEqual(errors.first?.message, "\"sections\" has 10001 items; the limit is 10000")
    }

    func testMissingFrontMatterIsAnError() {
        let (page, diagnostics) = parse("# Title\n")
        XCTAssertNil(page)
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["missing-front-matter"])
    }

    func testFileNameMustMatchTheID() {
        let (_, diagnostics) = parse("---\nid: \"4.2\"\ntitle: T\nprinciple: other\n---\n", path: "practices/4.1.md")
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["file-name"])
    }

    func testLinterReportsEachAccessibilityProblem() {
        let body = "## A\n#### B\n\n![](x.png) [](https://a.example) [more](page:a)\n\n| | b |\n|-|-|\n| 1 | 2 |\n"
        let (_, diagnostics) = parse("---\nid: a\ntitle: A\n---\n" + body, path: "pages/a.md")
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["heading-level", "image-alt", "empty-link", "link-text", "table-header", "table-caption"])
        XCTAssertEqual(diagnostics.map(\.severity), [.error, .error, .error, .warning, .error, .warning])
    }

    func testCrossReferencesWithoutTextAreNotEmptyLinks() {
        let (_, diagnostics) = parse("---\nid: a\ntitle: A\n---\nSee [](bp:1.1) and [](sec:7.3).\n", path: "pages/a.md")
        XCTAssertEqual(diagnostics, [])
    }

    // MARK: - Keys, anchors and front-matter text

    func testGeneratedPageIDsAreReserved() {
        // handbook-N: the parts of a single-page edition too large for one page.
        for id in SiteResolver.generatedPageIDs + ["handbook-1", "handbook-12"] {
            let (page, diagnostics) = parse("---\nid: \(id)\ntitle: T\n---\n", path: "pages/\(id).md")
            XCTAssertNil(page, id)
            XCTAssertEqual(diagnostics.map(\.code.rawValue), ["reserved-id"], id)
            XCTAssertEqual(diagnostics.first?.location.description, "content/en/pages/\(id).md:2:5")
        }
    }

    func testIDsThatOnlyLookLikePartsAreFree() {
        for id in ["handbook-", "handbook-a", "handbook-1a", "my-handbook-1"] {
            XCTAssertFalse(SinglePageEdition.isPartID(id), id)
        }
    }

    func testPracticeIDsStartWithAPrincipleNumber() {
        for id in ["1.1", "2.13", "4.2"] { XCTAssertTrue(ContentSchema.isPracticeID(id), id) }
        for id in ["9.9", "5.1", "0", "1e3", "-1", "1.01", "1.1.1", "１.１"] {
            let (page, diagnostics) = parse("---\nid: \"\(id)\"\ntitle: T\nprinciple: other\n---\n", path: "practices/\(id).md")
            XCTAssertNil(page, id)
            XCTAssertEqual(diagnostics.map(\.code.rawValue), ["invalid-id"], id)
        }
        let (_, fullWidth) = parse("---\nid: \"１.１\"\ntitle: T\nprinciple: other\n---\n", path: "practices/１.１.md")
        XCTAssertEqual(fullWidth.first?.notes.first?.message, "did you mean \"1.1\"? (written with ASCII digits)")
    }

    func testSectionNumbersAreDottedDecimalsOfChaptersSixToSixteen() {
        for number in ["6", "7.3.6.5", "16.2.2", "11.10"] { XCTAssertTrue(PageKeyRules.isSectionNumber(number), number) }
        for number in ["1", "5.1", "17", "7.", "7..1", "7.01", "７", "7.3e1", "-7", "7.a", ""] {
            XCTAssertFalse(PageKeyRules.isSectionNumber(number), number)
        }
    }

    func testDuplicateAndReservedExplicitAnchorsAreErrors() {
        let (page, diagnostics) = parse(
            "---\nid: \"4.1\"\ntitle: T\nprinciple: other\n---\n## A {#main}\n## B {#dup}\n## C {#dup}\n## Main\n## Code\n## X {#code-1}\n## Code\n")
        XCTAssertEqual(diagnostics.map { "\($0.location) \($0.code.rawValue)" }, [
            "content/en/practices/4.1.md:6:1 reserved-anchor", "content/en/practices/4.1.md:8:1 duplicate-anchor",
        ])
        XCTAssertEqual(diagnostics.last?.notes.first?.location?.description, "content/en/practices/4.1.md:7:1")
        // Generated anchors step around the layout's ids and around explicit anchors.
        XCTAssertEqual(page?.headings.prefix(7).map(\.anchor), ["main", "dup", "dup", "main-1", "code", "code-1", "code-2"])
    }

    func testControlCharactersInFrontMatterTextAreErrors() {
        let (_, diagnostics) = parse("---\nid: \"4.1\"\ntitle: \"T\\x01\\x0c\\x7f\\x00x\"\nsummary: \"a\\tb\\nc\"\nprinciple: other\n---\n")
        XCTAssertEqual(diagnostics.map { "\($0.location) \($0.code.rawValue)" }, ["content/en/practices/4.1.md:3:8 control-character"])
        XCTAssertEqual(diagnostics.first?.message, "the text holds the control character U+0001")
    }

    func testProgramDetailsAreLintedAtTheirPlaceInTheFrontMatter() {
        let (page, diagnostics) = parse(
            "---\nnumber: \"7\"\ntitle: T\nprogram_details:\n  - description: \"![](a.png) 字幕 <b>x</b>\"\n"
                + "    functions:\n      - 字幕 [here](javascript:alert(1))\n      - >-\n        folded\n        ![](b.png)\n---\n",
            path: "sections/7.md")
        XCTAssertEqual(diagnostics.map { "\($0.location) \($0.code.rawValue)" }, [
            "content/en/sections/7.md:5:19 image-alt", "content/en/sections/7.md:5:33 raw-html",
            "content/en/sections/7.md:5:37 raw-html", "content/en/sections/7.md:7:12 unsafe-url",
            "content/en/sections/7.md:7:12 link-text", "content/en/sections/7.md:8:9 image-alt",
        ])
        guard case .section(let details)? = page?.details else { return XCTFail("not a section") }
        XCTAssertEqual(details.programDetails.first?.functions.count, 2)
    }

    func testAnIDWhoseOutputNameIsTooLongIsRefusedAtTheID() {
        let id = String(repeating: "a", count: 251)
        let (page, diagnostics) = parse("---\nid: \(id)\ntitle: T\n---\n", path: "pages/\(id).md")
        XCTAssertNil(page)
        XCTAssertEqual(diagnostics.map { "\($0.location) \($0.code.rawValue)" }, ["content/en/pages/\(id).md:2:5 name-too-long"])
        XCTAssertNotNil(parse("---\nid: \(id.dropLast())\ntitle: T\n---\n", path: "pages/\(id.dropLast()).md").0)
    }
}
