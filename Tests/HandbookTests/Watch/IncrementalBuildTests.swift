import Foundation
import HandbookTestSupport
import XCTest

@testable import Handbook

/// After every kind of edit, an incremental rebuild leaves `public/` byte-identical to a fresh full
/// build of the same content, while rendering and writing only a part of the site.
final class IncrementalBuildTests: XCTestCase {
    private var project: TemporaryProject!
    private var builder: IncrementalBuild!

    override func setUp() {
        project = TemporaryProject()
        project.copy(GoldenTests.fixture, to: "content")
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("templates"), to: "templates")
        builder = IncrementalBuild(paths: ProjectPaths(root: project.root), epub: true)
    }

    private func edit(_ path: String, _ change: (String) -> String) -> IncrementalBuild.Report {
        let url = project.root.appendingPathComponent(path)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        project.write(path, change(text))
        return rebuild([url.path])
    }

    /// A rebuild as `watch` runs it: the pages that show the edit, then what they left out (the
    /// pages that gather every page, search, data and the EPUB editions; their writes are added to
    /// the pages' report).
    private func rebuild(_ changed: [String]) -> IncrementalBuild.Report {
        var report = builder.rebuild(changed: changed)
        if builder.isIncomplete {
            let gathering = ["/handbook.html", "/a-z.html", "/checklist.html", "/practices.html", ".epub", "handbook.json"]
            XCTAssertFalse(
                report.written.contains { path in gathering.contains { path.hasSuffix($0) } || path.hasPrefix("assets/search/") },
                "the pages that show the edit come out first: \(report.written)")
            let rest = builder.completeRebuild()
            XCTAssertTrue(rest.succeeded, "\(rest.diagnostics)")
            XCTAssertFalse(builder.isIncomplete)
            report.written += rest.written
        }
        return report
    }

    private func assertSameAsFullBuild(file: StaticString = #filePath, line: UInt = #line) {
        let fresh = CommandRun.handbook(["build", "--out", "fresh"], in: project.root)
        XCTAssertEqual(fresh.exitCode, 0, fresh.stderr, file: file, line: line)
        let incremental = project.files(under: "public"), full = project.files(under: "fresh")
        XCTAssertEqual(incremental.keys.sorted(), full.keys.sorted(), file: file, line: line)
        for path in full.keys.sorted() where incremental[path] != full[path] {
            XCTFail("\(path) differs from a full build", file: file, line: line)
        }
        try? FileManager.default.removeItem(at: project.root.appendingPathComponent("fresh"))
    }

    func testEditsRebuildOnlyWhatChangedAndMatchAFullBuild() {
        let first = builder.rebuild(changed: [])
        XCTAssertTrue(first.succeeded && first.full, "\(first.diagnostics)")

        let body = edit("content/en/sections/16.1.md") { $0 + "\nOne more sentence.\n" }
        XCTAssertFalse(body.full)
        XCTAssertTrue(body.written.contains("en/sections/16.1.html"), "\(body.written)")
        XCTAssertFalse(body.written.contains("en/practices/2.10.html"))
        // The page, the single-page edition, search, and the English EPUB with the three pages that give its size.
        XCTAssertLessThan(body.written.count, 20)
        XCTAssertTrue(body.written.contains("en/handbook.epub"), "\(body.written)")
        assertSameAsFullBuild()

        let title = edit("content/en/practices/2.10.md") { $0.replacingOccurrences(of: "title: Provide adjustable time control", with: "title: Provide adjustable timing") }
        XCTAssertTrue(title.written.contains("en/practices/1.1.html"), "1.1 links to 2.10 with its title: \(title.written)")
        XCTAssertTrue(title.written.contains("en/sections/11.5.html"), "11.5 lists 2.10 among its practices")
        assertSameAsFullBuild()

        let added = edit("content/zh-Hant/sections/11.5.md") { _ in "---\nnumber: \"11.5\"\ntitle: 輸入表格 – 計時器\n---\n計時器。\n" }
        XCTAssertTrue(added.written.contains("zh-Hant/sections/11.5.html"))
        XCTAssertTrue(added.written.contains("en/sections/11.5.html"), "the switcher no longer marks it untranslated")
        assertSameAsFullBuild()

        try? FileManager.default.removeItem(at: project.root.appendingPathComponent("content/zh-Hant/sections/11.5.md"))
        _ = rebuild([project.root.appendingPathComponent("content/zh-Hant/sections/11.5.md").path])
        assertSameAsFullBuild()

        let before = project.files(under: "public")
        let broken = edit("content/en/sections/16.1.md") { $0 + "\nSee [](sec:16.9).\n" }
        XCTAssertFalse(broken.succeeded)
        XCTAssertEqual(broken.diagnostics.filter { $0.severity == .error }.map(\.code), ["broken-link"])
        XCTAssertTrue(project.files(under: "public") == before, "a content error must leave public/ as it was")

        let fixed = edit("content/en/sections/16.1.md") { $0.replacingOccurrences(of: "sec:16.9", with: "sec:16") }
        XCTAssertTrue(fixed.succeeded)
        assertSameAsFullBuild()

        // A new page is a new output path: the output marker must list it, as a full build's does.
        let newPage = edit("content/en/sections/16.2.md") { _ in "---\nnumber: \"16.2\"\ntitle: Headings\nsummary: Headings in order.\n---\n\nHeadings.\n" }
        XCTAssertTrue(newPage.succeeded, "\(newPage.diagnostics)")
        XCTAssertTrue(newPage.written.contains(".handbook-output"), "\(newPage.written)")
        assertSameAsFullBuild()
        try? FileManager.default.removeItem(at: project.root.appendingPathComponent("content/en/sections/16.2.md"))
        let removed = rebuild([project.root.appendingPathComponent("content/en/sections/16.2.md").path])
        XCTAssertTrue(removed.removed.contains("en/sections/16.2.html"), "\(removed.removed)")
        assertSameAsFullBuild()

        // A language's strings show on its own pages: the English footer label is rendered again on
        // the English pages (and wherever a translation falls back to it), a Chinese title on the
        // Chinese pages only.
        let english = edit("content/en/strings.yaml") { $0.replacingOccurrences(of: "footer_label: Site information", with: "footer_label: About this site") }
        XCTAssertTrue(english.succeeded, "\(english.diagnostics)")
        XCTAssertFalse(english.full)
        XCTAssertTrue(english.written.contains("en/practices/2.10.html"), "\(english.written)")
        assertSameAsFullBuild()
        let chinese = edit("content/zh-Hant/strings.yaml") { $0.replacingOccurrences(of: "site_title: 流動應用程式無障礙手冊", with: "site_title: 流動應用程式無障礙設計手冊") }
        XCTAssertTrue(chinese.succeeded, "\(chinese.diagnostics)")
        XCTAssertTrue(chinese.written.contains("zh-Hant/index.html"), "\(chinese.written)")
        XCTAssertFalse(chinese.written.contains("en/practices/2.10.html"), "\(chinese.written)")
        assertSameAsFullBuild()

        let template = edit("templates/partials/footer.mustache") { $0.replacingOccurrences(of: "<footer class=\"site-footer\">", with: "<footer class=\"site-footer\" data-edited=\"yes\">") }
        XCTAssertTrue(template.full)
        assertSameAsFullBuild()
    }

    /// A `parent:` cycle used to hang the rebuild in the breadcrumbs walk; now it is a located error,
    /// `public/` stays as it was, and the next rebuild after the edit is reverted succeeds.
    func testParentCycleIsReportedAndRevertingTheEditRecovers() {
        XCTAssertTrue(builder.rebuild(changed: []).succeeded)
        let before = project.files(under: "public")
        let original = try? String(contentsOf: project.root.appendingPathComponent("content/en/sections/16.1.md"), encoding: .utf8)
        let looped = edit("content/en/sections/16.1.md") { $0.replacingOccurrences(of: "title:", with: "parent: \"16.1\"\ntitle:") }
        XCTAssertEqual(looped.diagnostics.filter { $0.severity == .error }.map(\.code), ["parent-cycle"])
        XCTAssertEqual(looped.diagnostics.first?.location.description, "content/en/sections/16.1.md:3:9")
        XCTAssertEqual(looped.diagnostics.first?.message, "section \"16.1\" is its own ancestor: 16.1 → 16.1")
        XCTAssertTrue(project.files(under: "public") == before, "a content error must leave public/ as it was")

        let reverted = edit("content/en/sections/16.1.md") { _ in original ?? "" }
        XCTAssertTrue(reverted.succeeded, "\(reverted.diagnostics)")
        assertSameAsFullBuild()

        // 16.1's parent is 16 by its number; 16 naming 16.1 closes a two-section cycle.
        let twoStep = edit("content/en/sections/16.md") { $0.replacingOccurrences(of: "title:", with: "parent: \"16.1\"\ntitle:") }
        XCTAssertEqual(twoStep.diagnostics.filter { $0.severity == .error }.map(\.message), ["section \"16\" is its own ancestor: 16 → 16.1 → 16"])
        let revertedAgain = edit("content/en/sections/16.md") { $0.replacingOccurrences(of: "parent: \"16.1\"\n", with: "") }
        XCTAssertTrue(revertedAgain.succeeded, "\(revertedAgain.diagnostics)")
        assertSameAsFullBuild()
    }

    /// Glossary warnings kept from the last build are reported again while nothing they depend on
    /// changed, and dropped once the translation follows the glossary.
    func testGlossaryWarningsFollowEditsOfTheTranslation() {
        project.write("content/glossary.yaml", "terms:\n  - en: screen reader\n    zh-Hant: 螢幕閱讀器\n")
        _ = edit("content/en/practices/1.1.md") { $0 + "\nA screen reader reads it.\n" }
        // A warning stands at the English word and names the translation that lacks the term.
        let warned = { (report: IncrementalBuild.Report) in
            report.diagnostics.filter { $0.code == "glossary" }.map { "\($0.location.path) \($0.message.contains("content/zh-Hant/practices/1.1.md never uses"))" }
        }
        XCTAssertEqual(warned(builder.rebuild(changed: [])), [])
        _ = edit("content/zh-Hant/practices/1.1.md") { $0.replacingOccurrences(of: "螢幕閱讀器", with: "讀屏軟件") }
        let unrelated = edit("content/en/sections/16.1.md") { $0 + "\nOne more sentence.\n" }
        XCTAssertEqual(warned(unrelated), ["content/en/practices/1.1.md true"])
        let fixed = edit("content/zh-Hant/practices/1.1.md") { $0.replacingOccurrences(of: "讀屏軟件", with: "螢幕閱讀器") }
        XCTAssertEqual(warned(fixed), [])
        assertSameAsFullBuild()
    }
}

extension GoldenTests {
    /// The fixture site with one current, one outdated and several missing translations.
    static let fixture = TemporaryProject.repositoryRoot.appendingPathComponent("Tests/GoldenTests/Fixtures/site/basic/content")
}

/// A namespace for the golden fixtures' location, shared with the golden tests' target.
enum GoldenTests {}
