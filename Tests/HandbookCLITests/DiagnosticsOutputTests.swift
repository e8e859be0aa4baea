import Foundation
import Handbook
import HandbookTestSupport
import XCTest

@testable import HandbookCLI

/// What the command line prints about problems: help for every command, `--quiet`, the summary by
/// code, errors before warnings, and the hint when run from the wrong folder.
final class DiagnosticsOutputTests: XCTestCase {
    /// `help codes` and the README's table both list every code with its explanation, and nothing else.
    /// A child missing from a parent's hand-written "In this section" list is named, with the line to add.
    func testAChildMissingFromInThisSectionIsAWarningWithTheLineToAdd() {
        let project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("Tests/GoldenTests/Fixtures/site/basic/content"), to: "content")
        project.useRepositoryTemplates()
        project.write("content/en/sections/16.md", "---\nnumber: \"16\"\ntitle: Miscellaneous\n---\nChapter 16.\n\n## In this section\n\n- [](sec:16)\n")
        let run = CommandRun.handbook(["check"], in: project.root)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("""
            content/en/sections/16.md:9:1: warning: the "In this section" list does not link section 16.1, a child of 16 [missing-child]
                note: add the line "- [](sec:16.1)" to the list

            """), run.stderr)
        project.write("content/en/sections/16.md", "---\nnumber: \"16\"\ntitle: Miscellaneous\n---\nChapter 16.\n\n## In this section\n\n- [](sec:16.1)\n")
        XCTAssertFalse(CommandRun.handbook(["check"], in: project.root).stderr.contains("missing-child"))
    }

    func testHelpCodesAndTheReadmeListEveryDiagnosticCode() throws {
        let run = CommandRun.handbook(["help", "codes"], in: TemporaryProject().root)
        XCTAssertEqual(run.exitCode, 0)
        let readme = try String(contentsOf: TemporaryProject.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.components(separatedBy: "\n").filter { $0.hasPrefix("| `") && $0.hasSuffix(" |") && !$0.contains("` | `") }
        let listed = rows.compactMap { row -> String? in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return cells.count == 2 && cells[0].hasPrefix("`") ? "\(cells[0].dropFirst().dropLast()) \(cells[1])" : nil
        }
        XCTAssertEqual(listed.filter { name in DiagnosticCode(rawValue: String(name.prefix { $0 != " " })) != nil },
                       DiagnosticCode.allCases.map { "\($0.rawValue) \($0.explanation)" }, "README's table of codes")
        for code in DiagnosticCode.allCases {
            XCTAssertTrue(run.stdout.contains("  \(code.rawValue) ") && run.stdout.contains(code.explanation), code.rawValue)
        }
    }

    func testHelpAfterEveryCommandPrintsItsHelpAndExitsZero() {
        let project = TemporaryProject()
        for topic in Help.commands.map(\.topic) {
            for flag in ["--help", "-h"] {
                let run = CommandRun.handbook(topic.split(separator: " ").map(String.init) + ["--content", "x", flag], in: project.root)
                XCTAssertEqual(run.exitCode, 0, "\(topic) \(flag): \(run.stderr)")
                XCTAssertEqual(run.stderr, "", topic)
                XCTAssertTrue(run.stdout.contains("  handbook \(topic) ["), "\(topic): \(run.stdout)")
                XCTAssertFalse(run.stdout.contains("handbook watch") && topic != "watch", "\(topic) printed other commands")
            }
        }
        let build = CommandRun.handbook(["build", "--help"], in: project.root)
        XCTAssertEqual(
            build.stdout,
            """
            Usage:
              handbook build [--content content] [--templates templates] [--out public] [--timings] [--quiet]
                             [--no-epub] [--no-cache] [--verify]
                  Check everything, then write the site to the output folder (swapped in only when clean).
                  The output must be new, empty, or made by an earlier build (it holds .handbook-output).
                  A build whose inputs, tool and output are those of the last good build (its trace in
                  .handbook-cache/) does nothing and prints that build's warnings again.
                  --timings prints how long each stage took; --quiet prints errors only (and the summary);
                  --no-epub skips the EPUB edition of each language (<lang>/handbook.epub);
                  --no-cache builds from scratch, neither reading nor writing the cache;
                  --verify builds in memory and writes nothing: exit 0 when the output folder is exactly
                  that build, else 1 with the files that differ (the pre-commit hook in .githooks/).

            Exit codes: 0 success, 1 content errors (printed as path:line:column: error: message [code];
            handbook help codes lists the codes), 2 usage errors (among them an output folder that handbook must not replace).

            """)
        let i18n = CommandRun.handbook(["help", "i18n"], in: project.root)
        XCTAssertEqual(i18n.exitCode, 0)
        XCTAssertTrue(i18n.stdout.contains("handbook i18n status") && i18n.stdout.contains("handbook i18n upgrade") && !i18n.stdout.contains("handbook build"))
    }

    /// A project with one link error and two warnings, the warnings on earlier lines than the error.
    private func projectWithErrorAndWarnings() -> TemporaryProject {
        let project = TemporaryProject()
        project.write("content/site.yaml", "source_language: en\nlanguages:\n  - code: en\n    name: English\n")
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content/en/strings.yaml"), to: "content/en/strings.yaml")
        project.useRepositoryTemplates()
        project.write(
            "content/en/pages/index.md",
            "---\nid: index\ntitle: Home\n---\n[here](page:about) and [more](page:about).\n\nSee [](bp:9.9) and [](sec:99).\n")
        project.write("content/en/pages/about.md", "---\nid: about\ntitle: About\n---\nAbout.\n")
        return project
    }

    func testErrorsComeBeforeWarningsAndTheSummaryCountsByCode() {
        let project = projectWithErrorAndWarnings()
        let run = CommandRun.handbook(["check"], in: project.root)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(
            run.stderr,
            """
            content/en/pages/index.md:7:5: error: unknown practice "9.9" [broken-link]
            content/en/pages/index.md:7:20: error: unknown section "99" [broken-link]
            content/en/pages/index.md:5:1: warning: link text "here" does not say where the link leads [link-text]
                note: name the destination, for example the page's title
            content/en/pages/index.md:5:24: warning: link text "more" does not say where the link leads [link-text]
                note: name the destination, for example the page's title
            2 errors (2 broken-link), 2 warnings (2 link-text)
            check failed

            """)
    }

    func testQuietPrintsErrorsOnlyAndSaysWarningsWereLeftOut() {
        let project = projectWithErrorAndWarnings()
        project.write("public/index.html", "previous site\n")
        let marker = OutputMarker.file(listing: ["index.html"])
        project.write("public/" + marker.path.rawValue, bytes: marker.contents)
        let before = project.files(under: "public")
        let run = CommandRun.handbook(["build", "--quiet"], in: project.root)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(
            run.stderr,
            """
            content/en/pages/index.md:7:5: error: unknown practice "9.9" [broken-link]
            content/en/pages/index.md:7:20: error: unknown section "99" [broken-link]
            2 errors (2 broken-link), 2 warnings (not shown: --quiet)
            build failed; public/ was left as it was

            """)
        XCTAssertTrue(project.files(under: "public") == before)
    }

    func testRunOutsideTheRepositoryRootSaysWhereItRanAndWhatToPass() {
        let project = TemporaryProject()
        let run = CommandRun.handbook(["build"], in: project.root)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(
            run.stderr.replacingOccurrences(of: project.root.standardizedFileURL.path, with: "[ROOT]"),
            """
            content/site.yaml: error: file not found [unreadable-file]
                note: the working folder is [ROOT]
                note: run handbook in the handbook's folder (the one holding content/ and templates/) or a folder below it, or pass --content DIR and --templates DIR
            1 error (1 unreadable-file), 0 warnings
            build failed; public/ was left as it was

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.root.appendingPathComponent("public").path))
    }

    /// An English-only project with the real strings and templates, its page template replaced by `page`.
    private func projectWithPageTemplate(_ page: String) -> TemporaryProject {
        let project = TemporaryProject()
        project.write("content/site.yaml", "source_language: en\nlanguages:\n  - code: en\n    name: English\n")
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content/en/strings.yaml"), to: "content/en/strings.yaml")
        project.useRepositoryTemplates()
        project.write("templates/page.mustache", page)
        project.write("content/en/pages/index.md", "---\nid: index\ntitle: Home\n---\nHome.\n")
        return project
    }

    func testAMissingStringSuggestsTheNearestKey() {
        let project = projectWithPageTemplate("<p>{{strings.skip_lnik}}</p>{{strings.no_such_string_at_all}}\n")
        let run = CommandRun.handbook(["check", "--templates", "templates"], in: project.root)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(
            run.stderr,
            """
            templates/page.mustache:1:6: error: the template uses strings.skip_lnik, which strings.yaml does not define (did you mean strings.skip_link?) [missing-string]
            templates/page.mustache:1:31: error: the template uses strings.no_such_string_at_all, which strings.yaml does not define [missing-string]
            2 errors (2 missing-string), 0 warnings
            check failed

            """)
    }

    func testATemplateKeyThatNoViewProvidesIsAnErrorAtItsTag() {
        let project = projectWithPageTemplate("<h1>{{titel}}</h1>{{#practice.pagr}}x{{/practice.pagr}}{{#nav}}{{label}}{{/nav}}\n")
        let run = CommandRun.handbook(["check", "--templates", "templates"], in: project.root)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(
            run.stderr,
            """
            templates/page.mustache:1:5: error: the template reads "titel", but no page's context provides "titel" (did you mean "title"?) [unknown-template-key]
            templates/page.mustache:1:19: error: the template reads "practice.pagr", but no page's context provides "pagr" (did you mean "pager"?) [unknown-template-key]
            2 errors (2 unknown-template-key), 0 warnings
            check failed

            """)
    }

    func testFolderNamesInMessagesFollowTheOptions() {
        let project = projectWithErrorAndWarnings()
        try? FileManager.default.moveItem(at: project.root.appendingPathComponent("content"), to: project.root.appendingPathComponent("words"))
        try? FileManager.default.moveItem(at: project.root.appendingPathComponent("templates"), to: project.root.appendingPathComponent("layout"))
        project.write("layout/page.mustache", "{{#nosuch}}\n")
        let run = CommandRun.handbook(["check", "--content", "words", "--templates", "layout"], in: project.root)
        XCTAssertTrue(run.stderr.contains("words/en/pages/index.md:7:5: error"), run.stderr)
        XCTAssertTrue(run.stderr.contains("layout/page.mustache:"), run.stderr)
        XCTAssertFalse(run.stderr.contains("templates/") || run.stderr.contains("content/"), run.stderr)
    }
}
