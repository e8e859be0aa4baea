import Foundation
import HandbookTestSupport
import XCTest

/// The tasks of docs/MAINTAINING.md, each followed step by step with the commands the guide gives,
/// on a copy of the small golden site. (The guide's "Preview" is `serve`, which PreviewTests run.)
final class MaintainerGuideTests: XCTestCase {
    private var project: TemporaryProject!

    override func setUp() {
        project = TemporaryProject()
        project.copy(I18nCommandTests.fixture, to: "content")
        project.useRepositoryTemplates()
        // As in the handbook, chapter 16 lists its sections by hand.
        project.write("content/en/sections/16.md", "---\nnumber: \"16\"\ntitle: Miscellaneous\nsummary: Alternative text.\n---\nChapter 16.\n\n## In this section\n\n- [](sec:16.1)\n")
        XCTAssertEqual(handbook("build").exitCode, 0)
    }

    @discardableResult
    private func handbook(_ arguments: String...) -> CommandRun {
        CommandRun.handbook(arguments, in: project.root)
    }

    private func append(_ text: String, to path: String) throws {
        let url = project.root.appendingPathComponent(path)
        try (String(contentsOf: url, encoding: .utf8) + text).write(to: url, atomically: true, encoding: .utf8)
    }

    /// Publish: build, verify, and a change without its build is caught.
    private func assertPublished(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(handbook("build").exitCode, 0, file: file, line: line)
        let verify = handbook("build", "--verify")
        XCTAssertEqual(verify.exitCode, 0, verify.stderr, file: file, line: line)
    }

    func testAddASection() throws {
        // 1. The section's file.
        project.write("content/en/sections/16.2.md", "---\nnumber: \"16.2\"\ntitle: Reading Order\nsummary: The order a screen reader reads.\n---\nText of [](sec:16).\n")
        // 2. Check names the list that lacks it; add the line.
        let before = handbook("check")
        XCTAssertTrue(before.stderr.contains("add the line \"- [](sec:16.2)\" to the list"), before.stderr)
        try append("- [](sec:16.2)\n", to: "content/en/sections/16.md")
        // 3. Check is clean.
        let check = handbook("check")
        XCTAssertEqual(check.exitCode, 0, check.stderr)
        XCTAssertFalse(check.stderr.contains("warning"), check.stderr)
        // 4. Build; the section is on the site, in every language.
        assertPublished()
        for language in ["en", "zh-Hant", "zh-Hans"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: project.root.appendingPathComponent("public/\(language)/sections/16.2.html").path))
        }
    }

    func testChangeAPracticeLeavesItsTranslationOutdatedForTheTranslators() throws {
        try append("\nA new paragraph about [](sec:11.5).\n", to: "content/en/practices/2.10.md")
        XCTAssertEqual(handbook("check").exitCode, 0)
        let stale = handbook("build", "--verify")
        XCTAssertEqual(stale.exitCode, 1, "public/ is not current until it is built")
        assertPublished()
        XCTAssertTrue(handbook("i18n", "status").stdout.contains("bp:2.10"))
    }

    func testRenumberASection() throws {
        let run = handbook("renumber", "sec:16.1", "16.3")
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        assertPublished()
        let redirect = try String(contentsOf: project.root.appendingPathComponent("public/en/sections/16.1.html"), encoding: .utf8)
        XCTAssertTrue(redirect.contains("16.3.html"), "the old address leads to the new one")
    }

    func testInsertASectionBeforeOthers() throws {
        // 1. Make room at 16.1.
        let run = handbook("renumber", "--insert", "sec:16.1")
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        // 2. The new section at the freed number, listed where check asks.
        project.write("content/en/sections/16.1.md", "---\nnumber: \"16.1\"\ntitle: Reading Order\nsummary: The order a screen reader reads.\n---\nText.\n")
        let check = handbook("check")
        XCTAssertTrue(check.stderr.contains("- [](sec:16.1)"), check.stderr)
        try append("- [](sec:16.1)\n", to: "content/en/sections/16.md")
        XCTAssertEqual(handbook("check").stderr, "")
        assertPublished()
    }

    func testTranslate() throws {
        try append("\nOne more sentence.\n", to: "content/en/practices/2.10.md")
        XCTAssertTrue(handbook("i18n", "status").stdout.contains("bp:2.10"))
        let diff = handbook("i18n", "diff", "content/zh-Hant/practices/2.10.md")
        XCTAssertTrue(diff.stdout.contains("One more sentence."), diff.stdout + diff.stderr)
        try append("\n再加一句。\n", to: "content/zh-Hant/practices/2.10.md")
        let marked = handbook("i18n", "mark-current", "content/zh-Hant/practices/2.10.md")
        XCTAssertEqual(marked.exitCode, 0, marked.stderr)
        XCTAssertEqual(handbook("check").exitCode, 0)
        assertPublished()
    }

    func testPublishRefusesNothingAndVerifiesTheFolder() {
        project.write("static/CNAME", "handbook.example.org\n")
        assertPublished()
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.root.appendingPathComponent("public/CNAME").path))
    }
}
