import Foundation
import HandbookTestSupport
import XCTest

/// `i18n init` on a copy of the real content: a fourth edition in one command that checks and builds.
final class LanguageInitTests: XCTestCase {
    func testInitAddsAJapaneseEditionThatChecksWithOneWarningAndBuilds() throws {
        let project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content"), to: "content")
        project.useRepositoryTemplates()
        let glossaryBefore = try String(contentsOf: project.root.appendingPathComponent("content/glossary.yaml"), encoding: .utf8)

        let added = CommandRun.handbook(["i18n", "init", "ja", "--name", "日本語", "--tag", "ja"], in: project.root)
        XCTAssertEqual(added.exitCode, 0, added.stderr)
        XCTAssertTrue(added.stdout.hasPrefix("content/site.yaml: written\ncontent/ja/strings.yaml: written\ncontent/glossary.yaml: written\n"), added.stdout)
        XCTAssertTrue(added.stdout.contains("Next steps:"), added.stdout)

        let site = try String(contentsOf: project.root.appendingPathComponent("content/site.yaml"), encoding: .utf8)
        XCTAssertTrue(site.hasPrefix("# Languages the handbook is published in."), "comments kept")
        XCTAssertTrue(site.hasSuffix("  - code: zh-Hans\n    name: 简体中文\n  - code: ja\n    name: \"日本語\"\n    tag: ja\n"), site)
        let strings = try String(contentsOf: project.root.appendingPathComponent("content/ja/strings.yaml"), encoding: .utf8)
        XCTAssertTrue(strings.contains("\nskip_link: Skip to main content\n"), strings)
        XCTAssertTrue(strings.contains("\npractice_count:\n  other: \"{count} practices\"\n"), "Japanese has the form other only")
        XCTAssertFalse(strings.contains("_sources:"))
        let glossary = try String(contentsOf: project.root.appendingPathComponent("content/glossary.yaml"), encoding: .utf8)
        XCTAssertEqual(glossary.components(separatedBy: "\n    ja: \"\"\n").count - 1, glossaryBefore.components(separatedBy: "\n  - en: ").count - 1)

        let check = CommandRun.handbook(["check"], in: project.root)
        XCTAssertEqual(check.exitCode, 0, check.stderr)
        XCTAssertEqual(check.stderr.components(separatedBy: "[untranslated-strings]").count - 1, 1, check.stderr)
        // Every string of the new edition is still the English: "N of N strings".
        XCTAssertNotNil(
            check.stderr.range(of: #"content/ja/strings\.yaml:1:1: warning: ([0-9]+) of \1 strings are still the English"#, options: .regularExpression),
            check.stderr)

        let again = CommandRun.handbook(["i18n", "init", "ja", "--name", "日本語"], in: project.root)
        XCTAssertEqual(again.exitCode, 1)
        XCTAssertTrue(again.stderr.hasSuffix("/content/ja: error: the folder exists already; this language has been added\n"), again.stderr)
        XCTAssertEqual(CommandRun.handbook(["i18n", "init", "ko"], in: project.root).exitCode, 2, "--name is required")

        let build = CommandRun.handbook(["build"], in: project.root)
        XCTAssertEqual(build.exitCode, 0, build.stderr)
        let page = try String(contentsOf: project.root.appendingPathComponent("public/ja/practices/2.10.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<html lang=\"ja\""), String(page.prefix(300)))
    }

    /// Arabic, from its tag alone: written right to left, and counted strings in all six of its forms.
    func testInitAddsARightToLeftEditionWithEveryPluralForm() throws {
        let project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("Tests/GoldenTests/Fixtures/site/basic/content"), to: "content")
        project.useRepositoryTemplates()
        let added = CommandRun.handbook(["i18n", "init", "ar", "--name", "العربية"], in: project.root)
        XCTAssertEqual(added.exitCode, 0, added.stderr)
        let site = try String(contentsOf: project.root.appendingPathComponent("content/site.yaml"), encoding: .utf8)
        XCTAssertTrue(site.hasSuffix("  - code: ar\n    name: \"العربية\"\n    dir: rtl\n"), site)
        let strings = try String(contentsOf: project.root.appendingPathComponent("content/ar/strings.yaml"), encoding: .utf8)
        let forms = ["zero", "one", "two", "few", "many"].map { "  \($0): \"{count} changed block\($0 == "one" ? "" : "s")\"\n" }.joined()
        XCTAssertTrue(strings.contains("\nstatus_changed_blocks:\n" + forms + "  other: \"{count} changed blocks\"\n"), strings)

        let check = CommandRun.handbook(["check"], in: project.root)
        XCTAssertEqual(check.exitCode, 0, check.stderr)
        XCTAssertFalse(check.stderr.contains("missing-plural-form"), "strings still English are one warning, not one per form")
        let build = CommandRun.handbook(["build"], in: project.root)
        XCTAssertEqual(build.exitCode, 0, build.stderr)
        let page = try String(contentsOf: project.root.appendingPathComponent("public/ar/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<html lang=\"ar\" dir=\"rtl\">"), String(page.prefix(300)))
        let english = try String(contentsOf: project.root.appendingPathComponent("public/en/index.html"), encoding: .utf8)
        XCTAssertTrue(english.contains("<html lang=\"en\" dir=\"ltr\">"))
    }
}
