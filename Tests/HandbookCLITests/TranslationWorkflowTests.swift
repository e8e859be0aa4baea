import Foundation
import HandbookTestSupport
import XCTest

/// The translator's journey on a copy of the real content in a git repository: the English changes,
/// `i18n status` and `i18n diff` say exactly what changed, `mark-current` refuses an untouched page,
/// and renumbering, placeholders and anchors behave.
final class TranslationWorkflowTests: XCTestCase {
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")
    private var project: TemporaryProject!

    override func setUpWithError() throws {
        project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content"), to: "content")
        project.useRepositoryTemplates()
        try XCTSkipUnless(git(["init", "-q"]) == 0, "git is not installed")
        XCTAssertEqual(git(["add", "-A"]), 0)
        XCTAssertEqual(git(["commit", "-q", "-m", "content"]), 0)
    }

    override func tearDown() { project = nil }

    func testAChangedParagraphIsOneBlockWithItsOldAndNewEnglish() throws {
        try edit("content/en/practices/2.10.md") {
            $0.replacingOccurrences(of: "start a timer on your own watch, and wait.", with: "start a stopwatch, and wait without typing.")
        }
        let status = run(["i18n", "status"])
        XCTAssertTrue(status.stdout.contains("zh-Hant: 169/170 pages current"), status.stdout)
        XCTAssertTrue(status.stdout.contains("  outdated: bp:2.10 (1 changed block; see i18n diff bp:2.10 --lang zh-Hant)\n"), status.stdout)

        let diff = run(["i18n", "diff", "content/zh-Hant/practices/2.10.md"])
        XCTAssertEqual(diff.exitCode, 0, diff.stderr)
        Golden.assertText(normalized(diff.stdout), equal: Self.expected.appendingPathComponent("i18n-diff.txt"))
        let json = run(["i18n", "diff", "--json", "content/zh-Hant/practices/2.10.md", "content/zh-Hans/practices/1.1.md"])
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)))
        Golden.assertText(normalized(json.stdout), equal: Self.expected.appendingPathComponent("i18n-diff.json"))

        let untouched = run(["i18n", "mark-current", "content/zh-Hant/practices/2.10.md"])
        XCTAssertEqual(untouched.exitCode, 1)
        XCTAssertTrue(untouched.stderr.contains("has not changed since it was last marked current"), untouched.stderr)
        XCTAssertTrue(untouched.stderr.contains("“How to test”"), untouched.stderr)

        try edit("content/zh-Hant/practices/2.10.md") { $0.replacingOccurrences(of: "\n## 測試方法", with: "\n## 測試方法") + "\n" }
        let stillUntouched = run(["i18n", "mark-current", "content/zh-Hant/practices/2.10.md"])
        XCTAssertEqual(stillUntouched.exitCode, 1, "re-wrapping is no revision")
        let forced = run(["i18n", "mark-current", "--force", "content/zh-Hant/practices/2.10.md"])
        XCTAssertEqual(forced.exitCode, 0, forced.stderr)
        XCTAssertTrue(run(["i18n", "status"]).stdout.contains("zh-Hant: 170/170 pages current"))
    }

    func testMarkingOneBlockLeavesTheOthersStale() throws {
        try edit("content/en/practices/2.10.md") {
            $0.replacingOccurrences(of: "start a timer on your own watch, and wait.", with: "start a stopwatch, and wait.")
                + "\nOne more closing paragraph.\n"
        }
        XCTAssertTrue(run(["i18n", "status"]).stdout.contains("  outdated: bp:2.10 (2 changed blocks"))
        try edit("content/zh-Hans/practices/2.10.md") { $0 + "\n再加一段。\n" }
        let one = run(["i18n", "mark-current", "--block", "2", "content/zh-Hans/practices/2.10.md"])
        XCTAssertEqual(one.exitCode, 0, one.stderr)
        XCTAssertEqual(one.stdout, "content/zh-Hans/practices/2.10.md: marked 1 block(s) current; 1 still stale\n")
        XCTAssertTrue(run(["i18n", "status"]).stdout.contains("  outdated: bp:2.10 (1 changed block"))
        let wrong = run(["i18n", "mark-current", "--block", "7", "content/zh-Hans/practices/2.10.md"])
        XCTAssertEqual(wrong.exitCode, 1)
        XCTAssertTrue(wrong.stderr.contains("there is no changed block 7"), wrong.stderr)
    }

    func testMarkCurrentWorksFromAnyFolderAndWithContent() throws {
        try edit("content/en/practices/1.1.md") { $0 + "\nA new closing paragraph.\n" }
        try edit("content/zh-Hant/practices/1.1.md") { $0 + "\n新的結語。\n" }
        let inside = CommandRun.handbook(["i18n", "mark-current", "1.1.md"], in: project.root.appendingPathComponent("content/zh-Hant/practices"))
        XCTAssertEqual(inside.exitCode, 0, inside.stderr)
        try edit("content/zh-Hans/practices/1.1.md") { $0 + "\n新的结语。\n" }
        let elsewhere = CommandRun.handbook(
            ["i18n", "mark-current", "--content", project.root.appendingPathComponent("content").path,
             project.root.appendingPathComponent("content/zh-Hans/practices/1.1.md").path],
            in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(elsewhere.exitCode, 0, elsewhere.stderr)
        XCTAssertFalse(run(["i18n", "status"]).stdout.contains("  outdated"))
    }

    func testRenumberingASectionMakesNothingOutdated() throws {
        // Link targets are part of what a translation follows; `renumber` carries the records over.
        let renumbered = run(["renumber", "sec:16.2.2", "16.2.3"])
        XCTAssertEqual(renumbered.exitCode, 0, renumbered.stderr)
        let check = run(["check"])
        XCTAssertEqual(check.exitCode, 0, check.stderr)
        let status = run(["i18n", "status"]).stdout
        XCTAssertFalse(status.contains("  outdated"), status)
        XCTAssertTrue(status.contains("zh-Hans: 170/170 pages current"), status)
        // mark-current still knows that nobody revised them.
        try edit("content/en/sections/16.2.3.md") { $0.replacingOccurrences(of: "\n---\n", with: "\n---\nOne more sentence.\n\n") }
        let marked = run(["i18n", "mark-current", "sec:16.2.3", "--lang", "zh-Hant"])
        XCTAssertEqual(marked.exitCode, 1, marked.stdout)
        XCTAssertTrue(marked.stderr.contains("the translation has not changed since it was last marked current"), marked.stderr)
    }

    func testAReorderedRelinkedOrRecodedBlockIsOutdatedAndKeepsItsTranslation() throws {
        let english = "content/en/practices/2.10.md"
        let original = try String(contentsOf: project.root.appendingPathComponent(english), encoding: .utf8)
        func outdated(_ change: (String) -> String, _ label: String) throws -> String {
            try original.write(to: project.root.appendingPathComponent(english), atomically: true, encoding: .utf8)
            try edit(english, change)
            let status = run(["i18n", "status"]).stdout
            XCTAssertTrue(status.contains("outdated: bp:2.10"), "\(label): \(status)")
            return run(["i18n", "diff", "bp:2.10", "--lang", "zh-Hant"]).stdout
        }
        // A link's target alone.
        var diff = try outdated({ $0.replacingOccurrences(of: "[](bp:2.6)", with: "[](bp:2.7)") }, "link target")
        XCTAssertTrue(diff.contains("[](bp:2.7)"), diff)
        // A code block alone.
        diff = try outdated({ $0.replacingOccurrences(of: "withTimeInterval: 300", with: "withTimeInterval: 600") }, "code")
        XCTAssertTrue(diff.contains("changed code"), diff)
        // Two list items swapped: flagged, and each keeps its own translation in the PO export.
        let items = ["- Screen reader and switch users, who take longer to move through a form.", "- People with motor impairments, who type slowly."]
        _ = try outdated({ $0.replacingOccurrences(of: items[0] + "\n" + items[1], with: items[1] + "\n" + items[0]) }, "order")
        XCTAssertEqual(run(["i18n", "export", "--lang", "zh-Hant", "--out", "po"]).exitCode, 0)
        let catalog = try String(contentsOf: project.root.appendingPathComponent("po/practices/2.10.po"), encoding: .utf8)
        let entry = try XCTUnwrap(catalog.components(separatedBy: "\n\n").first { $0.contains("msgid \"People with motor impairments, who type slowly.\"") }, catalog)
        XCTAssertTrue(entry.contains("msgstr \"有肢體活動障礙、打字較慢的人士。\""), entry)
        XCTAssertTrue(entry.contains("#, fuzzy"), entry)
    }

    func testAMisspeltPlaceholderIsALocatedErrorWithTheIntendedName() throws {
        try edit("content/zh-Hant/strings.yaml") {
            $0.replacingOccurrences(of: "practice_count: \"{count} 項最佳作業模式\"", with: "practice_count: \"{cuont} 項最佳作業模式\"")
        }
        let line = try String(contentsOf: project.root.appendingPathComponent("content/zh-Hant/strings.yaml"), encoding: .utf8)
            .components(separatedBy: "\n").firstIndex { $0.hasPrefix("practice_count:") }! + 1
        let check = run(["check"])
        XCTAssertEqual(check.exitCode, 1)
        XCTAssertTrue(
            check.stderr.contains(
                "content/zh-Hant/strings.yaml:\(line):18: error: unknown placeholder {cuont} in \"practice_count\" (did you mean {count}?) [placeholder]"),
            check.stderr)
        XCTAssertTrue(check.stderr.contains("\"practice_count\" lacks the placeholder {count} that the English uses"), check.stderr)
    }

    func testAnEnglishStringChangeMakesTheTranslatedStringOutdated() throws {
        try edit("content/en/strings.yaml") { $0.replacingOccurrences(of: "skip_link: Skip to main content", with: "skip_link: Skip to the content") }
        let status = run(["i18n", "status"])
        XCTAssertTrue(status.stdout.contains(" strings current, 1 outdated\n"), status.stdout)
        XCTAssertTrue(status.stdout.contains("  outdated string: skip_link\n"), status.stdout)
        XCTAssertEqual(run(["i18n", "status", "--strict"]).exitCode, 1)
        let untouched = run(["i18n", "mark-current", "content/zh-Hant/strings.yaml"])
        XCTAssertEqual(untouched.exitCode, 1)
        XCTAssertTrue(untouched.stderr.contains("skip_link"), untouched.stderr)
        // i18n diff names the string, with the new English and the current translation.
        let diff = run(["i18n", "diff", "content/zh-Hant/strings.yaml"])
        XCTAssertEqual(diff.exitCode, 0, diff.stderr)
        XCTAssertTrue(diff.stdout.contains("1. changed string in skip_link"), diff.stdout)
        XCTAssertTrue(diff.stdout.contains("+ Skip to the content"), diff.stdout)
    }

    func testAnUnrevisedTranslationCannotBeMarkedCurrentAfterAnEnglishEdit() throws {
        // Every committed translation records the hash of its own blocks, so nothing needs repair.
        let upgrade = run(["i18n", "upgrade"])
        XCTAssertEqual(upgrade.exitCode, 0, upgrade.stderr)
        XCTAssertEqual(upgrade.stdout, "0 translation(s) upgraded or repaired\n")
        try edit("content/en/practices/1.1.md") { $0 + "\nA new closing paragraph.\n" }
        let mark = run(["i18n", "mark-current", "content/zh-Hant/practices/1.1.md"])
        XCTAssertEqual(mark.exitCode, 1, mark.stdout)
        XCTAssertTrue(mark.stderr.contains("the translation has not changed since it was last marked current"), mark.stderr)
    }

    func testADroppedAnchorFailsTheBuild() throws {
        try edit("content/zh-Hant/practices/2.10.md") { $0.replacingOccurrences(of: "## 受惠人士 {#who-it-helps}", with: "## 受惠人士") }
        let check = run(["check"])
        XCTAssertEqual(check.exitCode, 1)
        let line = try String(contentsOf: project.root.appendingPathComponent("content/zh-Hant/practices/2.10.md"), encoding: .utf8)
            .components(separatedBy: "\n").firstIndex { $0 == "## 受惠人士" }! + 1
        XCTAssertTrue(
            check.stderr.contains("content/zh-Hant/practices/2.10.md:\(line):1: error: the English heading \"Who it helps\" has the anchor #who-it-helps"),
            check.stderr)
    }

    // MARK: - Helpers

    private func run(_ arguments: [String]) -> CommandRun { CommandRun.handbook(arguments, in: project.root) }

    private func edit(_ path: String, _ change: (String) -> String) throws {
        let url = project.root.appendingPathComponent(path)
        try change(String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
    }

    /// The commit hash and date differ on every run.
    private func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #"[0-9a-f]{40}"#, with: "[COMMIT]", options: .regularExpression)
            .replacingOccurrences(of: #"since [0-9a-f]{10} \(\d{4}-\d\d-\d\d\)"#, with: "since [COMMIT] ([DATE])", options: .regularExpression)
            .replacingOccurrences(of: #""date": "\d{4}-\d\d-\d\d""#, with: #""date": "[DATE]""#, options: .regularExpression)
    }

    @discardableResult
    private func git(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = project.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard let exit = try? process.start() else { return -1 }
        exit.wait()
        return process.terminationStatus
    }
}
