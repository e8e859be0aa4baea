import Foundation
import HandbookTestSupport
import XCTest

/// `handbook i18n status` and `mark-current` on the golden fixture with one current, one outdated
/// and several missing translations (and a language with no strings at all).
final class I18nCommandTests: XCTestCase {
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("GoldenTests/Fixtures/site/basic/content")

    private func project() -> TemporaryProject {
        let project = TemporaryProject()
        project.copy(Self.fixture, to: "content")
        project.useRepositoryTemplates()
        return project
    }

    func testStatusListsTranslatedOutdatedAndMissingPagesAndStrings() {
        let project = project()
        let text = CommandRun.handbook(["i18n", "status"], in: project.root)
        XCTAssertEqual(text.exitCode, 0, text.stderr)
        Golden.assertText(text.stdout, equal: Self.expected.appendingPathComponent("i18n-status.txt"))
        let json = CommandRun.handbook(["i18n", "status", "--json"], in: project.root)
        Golden.assertText(json.stdout, equal: Self.expected.appendingPathComponent("i18n-status.json"))
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)))
        XCTAssertEqual(CommandRun.handbook(["i18n", "status", "--strict"], in: project.root).exitCode, 1)
    }

    func testMarkCurrentTurnsAnOutdatedTranslationCurrent() {
        let project = project()
        let before = CommandRun.handbook(["i18n", "status"], in: project.root).stdout
        XCTAssertTrue(before.contains("  outdated: bp:2.10 ("), before)
        let mark = CommandRun.handbook(["i18n", "mark-current", "content/zh-Hant/practices/2.10.md"], in: project.root)
        XCTAssertEqual(mark.exitCode, 0, mark.stderr)
        let after = CommandRun.handbook(["i18n", "status"], in: project.root).stdout
        XCTAssertFalse(after.contains("outdated: bp:2.10"), after)
        let missing = CommandRun.handbook(["i18n", "mark-current", "content/zh-Hant/practices/9.9.md"], in: project.root)
        XCTAssertEqual(missing.exitCode, 1)
        XCTAssertEqual(missing.stderr, "content/zh-Hant/practices/9.9.md: error: no English source at content/en/practices/9.9.md\n")
    }
    /// The page IDs `i18n status` prints are what `diff` and `mark-current` take, and `diff --outdated`
    /// shows every outdated translation.
    func testPageIDsAndOutdatedNameTheTranslations() {
        let project = project()
        let byID = CommandRun.handbook(["i18n", "diff", "bp:2.10"], in: project.root)
        let byPath = CommandRun.handbook(["i18n", "diff", "content/zh-Hant/practices/2.10.md"], in: project.root)
        XCTAssertEqual(byID.exitCode, byPath.exitCode)
        XCTAssertEqual(byID.stdout, byPath.stdout)
        XCTAssertTrue(byID.stdout.hasPrefix("content/zh-Hant/practices/2.10.md: "), byID.stdout)
        let outdated = CommandRun.handbook(["i18n", "diff", "--outdated"], in: project.root)
        XCTAssertEqual(outdated.stdout, byPath.stdout, "bp:2.10 is the one outdated translation")
        let none = CommandRun.handbook(["i18n", "diff", "bp:1.1", "--lang", "zh-Hans"], in: project.root)
        XCTAssertEqual(none.exitCode, 1)
        XCTAssertEqual(none.stderr, "bp:1.1: error: no translation in zh-Hans of bp:1.1 (content/<language>/practices/1.1.md)\n")
        let unmarked = CommandRun.handbook(["i18n", "mark-current", "bp:2.10"], in: project.root)
        XCTAssertEqual(unmarked.exitCode, 2)
        XCTAssertTrue(unmarked.stderr.hasPrefix("handbook: error: mark-current with a page ID needs --lang"), unmarked.stderr)
        let mark = CommandRun.handbook(["i18n", "mark-current", "bp:2.10", "--lang", "zh-Hant"], in: project.root)
        XCTAssertEqual(mark.exitCode, 0, mark.stderr)
        XCTAssertEqual(CommandRun.handbook(["i18n", "diff", "--outdated"], in: project.root).stdout, "no translation is outdated\n")
    }
    /// A cross-reference with no words of its own is what changed: the diff shows it as written.
    func testADiffShowsALinkWithoutWordsAsWritten() throws {
        let project = project()
        XCTAssertEqual(CommandRun.handbook(["i18n", "mark-current", "--force", "content/zh-Hant/practices/2.10.md"], in: project.root).exitCode, 0)
        let english = project.root.appendingPathComponent("content/en/practices/2.10.md")
        try (String(contentsOf: english, encoding: .utf8) + "\nThe timer is in [](sec:11.5).\n").write(to: english, atomically: true, encoding: .utf8)
        let diff = CommandRun.handbook(["i18n", "diff", "bp:2.10"], in: project.root)
        XCTAssertTrue(diff.stdout.contains("+ The timer is in [](sec:11.5)."), diff.stdout)
    }
    /// A translation made by hand, which records no English, is untracked, not changed, and the
    /// status names the command that records it.
    func testATranslationWithoutARecordIsUntrackedWithTheCommandThatRecordsIt() throws {
        let project = project()
        let english = try String(contentsOf: project.root.appendingPathComponent("content/en/sections/16.md"), encoding: .utf8)
        project.write("content/zh-Hant/sections/16.md", english.replacingOccurrences(of: "title: Miscellaneous", with: "title: 雜項"))
        let status = CommandRun.handbook(["i18n", "status"], in: project.root)
        XCTAssertTrue(status.stdout.contains(
            "  untracked: sec:16 (records no English it follows; after review: i18n mark-current sec:16 --lang zh-Hant)\n"), status.stdout)
        XCTAssertFalse(status.stdout.contains("outdated: sec:16"), status.stdout)
        XCTAssertTrue(CommandRun.handbook(["i18n", "status", "--json"], in: project.root).stdout.contains("\"untracked\": [\"sec:16\"]"))
        XCTAssertEqual(CommandRun.handbook(["i18n", "mark-current", "sec:16", "--lang", "zh-Hant"], in: project.root).exitCode, 0)
        XCTAssertFalse(CommandRun.handbook(["i18n", "status"], in: project.root).stdout.contains("sec:16 ("))
    }
}
