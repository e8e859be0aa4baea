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
}
