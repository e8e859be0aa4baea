import HandbookTestSupport
import XCTest

@testable import Handbook

/// A translation may not contradict its English: anchors, relations, cross-reference targets, code.
final class TranslationParityCheckerTests: XCTestCase {
    static let english = """
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
        -- content/en/sections/11.md --
        ---
        number: "11"
        title: Form Input
        ---
        -- content/en/sections/11.5.md --
        ---
        number: "11.5"
        title: Timer
        ---
        -- content/en/practices/2.10.md --
        ---
        id: "2.10"
        title: Provide adjustable time control
        principle: operable
        category: control
        sections: ["11.5"]
        ---
        ## Who it helps {#who-it-helps}

        See [](sec:11.5).

        ```swift sketch
        timer.invalidate() // stop the countdown
        ```

        ## On Android

        ## On iOS

        ## In the templates

        ## How to test

        """

    /// The required headings after the first, which every translation here keeps.
    static let otherHeadings = "\n\n## 在 Android 上 {#on-android}\n\n## 在 iOS 上 {#on-ios}\n\n## 在模板中 {#in-the-templates}\n\n## 测试方法 {#how-to-test}\n"

    private func check(translation: String) -> [Diagnostic] {
        let project = TemporaryProject(files: Self.english + "-- content/zh-Hans/practices/2.10.md --\n" + translation + Self.otherHeadings, withRepositoryTemplates: false)
        let engine = DiagnosticEngine()
        let content = ContentLoader(paths: ProjectPaths(root: project.root), diagnostics: engine).load()!
        let parsed = content.pages.compactMap(PageParser(diagnostics: engine, sourceLanguage: "en").parse)
        _ = SiteResolver(diagnostics: engine).resolve(parsed, content: content)
        return engine.diagnostics.filter { $0.location.path.hasPrefix("content/zh-Hans") }
    }

    func testAFaithfulTranslationWithTranslatedCodeCommentsPasses() {
        let diagnostics = check(translation: """
            ---
            id: "2.10"
            title: 提供可调整的时间控制
            principle: operable
            category: control
            ---
            ## 受益人群 {#who-it-helps}

            参见[](sec:11.5)。

            ```swift sketch
            timer.invalidate() // 停止倒计时
            ```
            """)
        XCTAssertEqual(diagnostics.map(\.code.rawValue), [])
    }

    func testADroppedAnchorIsAnError() {
        let diagnostics = check(translation: "---\nid: \"2.10\"\ntitle: 时间\nprinciple: operable\ncategory: control\n---\n## 受益人群\n\n参见[](sec:11.5)。\n\n```swift sketch\ntimer.invalidate()\n```\n")
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["missing-anchor"])
        XCTAssertEqual(diagnostics.first?.severity, .error)
        XCTAssertTrue(diagnostics.first?.message.contains("#who-it-helps") ?? false, "\(diagnostics)")
    }

    func testAContradictingRelationIsALocatedError() {
        let diagnostics = check(translation: "---\nid: \"2.10\"\ntitle: 时间\nprinciple: perceivable\ncategory: control\nsections: [\"11\"]\n---\n## 受益人群 {#who-it-helps}\n\n参见[](sec:11.5)。\n\n```swift sketch\ntimer.invalidate()\n```\n")
        let relations = diagnostics.filter { $0.code.rawValue == "translation-relation" }
        XCTAssertEqual(relations.map(\.location.line), [4, 6], "\(diagnostics)")
        XCTAssertTrue(relations[0].message.contains("\"principle\" is \"perceivable\" here but \"operable\" in the English"), relations[0].message)
    }

    func testOtherLinkTargetsAndOtherCodeAreWarnings() {
        let diagnostics = check(translation: "---\nid: \"2.10\"\ntitle: 时间\nprinciple: operable\ncategory: control\n---\n## 受益人群 {#who-it-helps}\n\n参见[](sec:11)。\n\n```swift sketch\ntimer.fire()\n```\n")
        XCTAssertEqual(diagnostics.map(\.code.rawValue).sorted(), ["translation-code", "translation-link", "translation-link"], "\(diagnostics)")
        XCTAssertTrue(diagnostics.allSatisfy { $0.severity == .warning })
        XCTAssertEqual(diagnostics.first { $0.code.rawValue == "translation-code" }?.location.line, 11)
    }
}
