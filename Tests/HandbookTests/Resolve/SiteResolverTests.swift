import Markdown
import HandbookTestSupport
import XCTest

@testable import Handbook

final class SiteResolverTests: XCTestCase {
    static let site = """
        -- content/site.yaml --
        source_language: en
        languages:
          - code: en
            name: English
          - code: zh-Hans
            name: 简体中文
        -- content/en/strings.yaml --
        practice_reference: "Best Practice {id} – {title}"
        section_reference: "Section {number} {title}"
        -- content/en/practices/2.10.md --
        ---
        id: "2.10"
        title: Provide adjustable time control
        principle: operable
        category: control
        sections: ["11.5"]
        ---
        See [](sec:11.5) and [the list](sec:11).

        ## Who it helps

        ## On Android

        ## On iOS

        ## In the templates

        ## How to test
        -- content/en/sections/11.md --
        ---
        number: "11"
        title: Form Input
        ---
        -- content/en/sections/11.5.md --
        ---
        number: "11.5"
        title: Input Form – Timer
        ---
        -- content/en/sections/11.1.md --
        ---
        number: "11.1"
        title: Rolling Banner
        practices: ["2.10"]
        ---
        Back to [](bp:2.10).
        """

    private func resolve(_ archive: String) -> (ResolvedSite?, [Diagnostic]) {
        let project = TemporaryProject(files: archive, withRepositoryTemplates: false)
        let engine = DiagnosticEngine()
        guard let content = ContentLoader(paths: ProjectPaths(root: project.root), diagnostics: engine).load() else {
            return (nil, engine.diagnostics)
        }
        let parser = PageParser(diagnostics: engine)
        let site = SiteResolver(diagnostics: engine).resolve(content.pages.compactMap(parser.parse), content: content)
        return (site, engine.diagnostics)
    }

    func testRelationsStatedOnEitherSideShowOnBoth() {
        let (site, diagnostics) = resolve(Self.site)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(site?.practices.first?.sections, ["11.1", "11.5"])
        XCTAssertEqual(site?.sections.first { $0.number == "11.5" }?.practices, ["2.10"])
        XCTAssertEqual(site?.sections.first { $0.number == "11.1" }?.practices, ["2.10"])
        XCTAssertEqual(site?.sections.first { $0.number == "11" }?.children, ["11.1", "11.5"])
    }

    func testEmptyLinkTextIsFilledAndLinksKeepTheirTargetsKeyUntilPlaced() throws {
        let (site, _) = resolve(Self.site)
        let page = try XCTUnwrap(site?.page(.practice("2.10"), in: "en"))
        let found = links(in: page.body)
        XCTAssertEqual(found.map(\.0), ["sec:11.5", "sec:11"])
        let html = BodyRenderer().template(page.body).html(.page(at: page.outputPath, language: "en"))
        XCTAssertTrue(html.contains("href=\"../sections/11.5.html\"") && html.contains("href=\"../sections/11.html\""), html)
        XCTAssertEqual(found.map(\.1), ["Section 11.5 Input Form – Timer", "the list"])
        XCTAssertEqual(site?.page(.practice("2.10"), in: "en")?.referencedBy, [.section("11.1")])
    }

    func testProgramDetailsLinksAreBoundInEachLanguageAndCountAsReferences() {
        let site = Self.site.replacingOccurrences(
            of: "number: \"11.5\"\ntitle: Input Form – Timer\n",
            with: "number: \"11.5\"\ntitle: Input Form – Timer\nprogram_details:\n  - description: Runs [the timer](sec:11.1).\n"
                + "    functions:\n      - Applies [](bp:2.10).\n")
        let (resolved, diagnostics) = resolve(site)
        XCTAssertEqual(diagnostics, [])
        for language: LanguageCode in ["en", "zh-Hans"] {
            guard case .section(let details)? = resolved?.page(.section("11.5"), in: language)?.source.details else {
                return XCTFail("no section 11.5 in \(language)")
            }
            let detail = details.programDetails[0]
            XCTAssertEqual(links(in: detail.description.node).map(\.0), ["sec:11.1"], language.rawValue)
            XCTAssertEqual(links(in: detail.functions[0].node).map(\.0), ["bp:2.10"], language.rawValue)
            XCTAssertEqual(links(in: detail.functions[0].node).map(\.1), ["Best Practice 2.10 – Provide adjustable time control"])
        }
        XCTAssertEqual(resolved?.page(.section("11.1"), in: "en")?.referencedBy, [.section("11.5")])
    }

    func testMissingTranslationFallsBackToTheSourceText() {
        let (site, _) = resolve(Self.site)
        let page = site?.page(.section("11.5"), in: "zh-Hans")
        XCTAssertEqual(page?.state, .missing)
        XCTAssertEqual(page?.contentLanguage, "en")
        XCTAssertEqual(page?.outputPath, "zh-Hans/sections/11.5.html")
    }

    func testUnknownTargetsAreReportedWithTheNearestID() {
        let broken = Self.site.replacingOccurrences(of: "[](sec:11.5)", with: "[](sec:11.6)")
            .replacingOccurrences(of: "practices: [\"2.10\"]", with: "practices: [\"2.1\"]")
        let (_, diagnostics) = resolve(broken)
        XCTAssertEqual(
            diagnostics.map { "\($0.location): \($0.message)" },
            [
                "content/en/practices/2.10.md:8:5: unknown section \"11.6\" (did you mean \"11.1\"?)",
                "content/en/sections/11.1.md:4:13: unknown practice \"2.1\" (did you mean \"2.10\"?)",
            ])
    }

    func testTranslationWithoutSourceIsAnError() {
        let (_, diagnostics) = resolve(Self.site + "\n-- content/zh-Hans/practices/4.1.md --\n---\nid: \"4.1\"\ntitle: 无\nprinciple: other\n---\n## 受益人群 {#who-it-helps}\n## 在 Android 上 {#on-android}\n## 在 iOS 上 {#on-ios}\n## 在模板中 {#in-the-templates}\n## 测试方法 {#how-to-test}\n")
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["orphan-translation"])
    }

    func testCriterionLinksTakeNumberAndNameFromTheCatalogueInThePagesLanguage() throws {
        let archive = Self.site
            .replacingOccurrences(of: "See [](sec:11.5) and [the list](sec:11).", with: "Meets [](wcag:1.4.3), [1.4.4](wcag:1.4.4), [Contrast](wcag:1.4.3) and [](wcag:1.4.33).")
            .replacingOccurrences(of: "-- content/en/sections/11.md --", with: """
                -- content/wcag.yaml --
                principles:
                  - {number: "1", en: Perceivable, zh-Hans: 可感知性}
                guidelines:
                  - {number: "1.4", en: Distinguishable, zh-Hans: 可辨别}
                criteria:
                  - {number: "1.4.3", level: AA, since: "2.0", en: Contrast (Minimum), zh-Hans: 对比度（最低）}
                  - {number: "1.4.4", level: AA, since: "2.0", en: Resize Text, zh-Hans: 调整文字大小}
                gaps: {}
                -- content/en/sections/11.md --
                """)
            .replacingOccurrences(of: "section_reference: \"Section {number} {title}\"", with: "section_reference: \"Section {number} {title}\"\ncriterion_reference: \"{number} {name}\"")
        let (site, diagnostics) = resolve(archive)
        let page = try XCTUnwrap(site?.page(.practice("2.10"), in: "en"))
        XCTAssertEqual(links(in: page.body).map(\.1), ["1.4.3 Contrast (Minimum)", "1.4.4", "Contrast", ""])
        let html = BodyRenderer().template(page.body).html(.page(at: page.outputPath, language: "en"))
        XCTAssertTrue(html.contains("<a href=\"../wcag.html#sc-1-4-3\">1.4.3 Contrast (Minimum)</a>"), html)
        let messages = diagnostics.filter { $0.code == .wcagName || $0.code == .brokenLink }.map { "\($0.code.rawValue): \($0.message)" }
        XCTAssertEqual(messages, [
            "wcag-name: the link to WCAG 1.4.3 names it \"Contrast\" by hand",
            "broken-link: \"1.4.33\" is not a WCAG 2.2 success criterion (did you mean \"1.4.3\"?)",
        ])
        // The zh-Hans edition, with no translation of the page, names the criterion in Chinese.
        let fallback = try XCTUnwrap(site?.page(.practice("2.10"), in: "zh-Hans"))
        XCTAssertEqual(links(in: fallback.body).first?.1, "1.4.3 对比度（最低）")
    }

    private func links(in node: Markdown.MarkdownNode) -> [(String, String)] {
        var out: [(String, String)] = []
        node.forEach { child in
            if case .link(let url, _) = child.kind { out.append((url, child.plainText)) }
        }
        return out
    }
}
