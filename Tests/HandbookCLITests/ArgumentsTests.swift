import Handbook
import HandbookTestSupport
import XCTest

@testable import HandbookCLI

final class ArgumentsTests: XCTestCase {
    func testBuildTakesFolderOptionsInBothSpellings() throws {
        var expected = FolderOptions()
        expected.content = "c"
        expected.contentGiven = true
        expected.output = "out"
        XCTAssertEqual(try Arguments.parse(["build", "--content", "c", "--out=out"]), .build(expected))
        XCTAssertEqual(try Arguments.parse(["i18n", "status", "--json"]), .i18nStatus(FolderOptions(), json: true, strict: false))
        XCTAssertEqual(try Arguments.parse(["check", "--timings"]), .check(FolderOptions(), timings: true))
    }

    func testServeTakesPortHostOpenAndTheFolders() throws {
        var folders = FolderOptions()
        folders.output = "site"
        var serve = ServeOptions()
        serve.port = 8123
        serve.host = "0.0.0.0"
        serve.open = true
        XCTAssertEqual(try Arguments.parse(["serve", "--port", "8123", "--out=site", "--host=0.0.0.0", "--open"]), .serve(folders, serve))
        XCTAssertEqual(try Arguments.parse(["serve"]), .serve(FolderOptions(), ServeOptions()))
        XCTAssertEqual(try Arguments.parse(["serve", "--open", "--help"]), .help("serve"))
        XCTAssertThrowsError(try Arguments.parse(["serve", "--port", "70000"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "option '--port' needs a port number from 0 to 65535, not '70000'")
        }
        XCTAssertThrowsError(try Arguments.parse(["serve", "--prot", "80"])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "unknown option '--prot'", suggestion: "--port"))
        }
        let help = CommandRun.handbook(["serve", "--help"], in: TemporaryProject().root)
        XCTAssertEqual(help.exitCode, 0)
        XCTAssertTrue(help.stdout.hasPrefix("handbook serve — preview the site while editing\n"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--port N"))
        XCTAssertTrue(CommandRun.handbook(["--help"], in: TemporaryProject().root).stdout.contains("handbook serve [--content content]"))
    }

    func testUnknownOptionIsAUsageErrorWithASuggestion() {
        XCTAssertThrowsError(try Arguments.parse(["build", "--contnet", "x"])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "unknown option '--contnet'", suggestion: "--content"))
        }
        XCTAssertThrowsError(try Arguments.parse(["biuld"])) { error in
            XCTAssertEqual((error as? UsageError)?.suggestion, "build")
        }
    }

    func testOtherToolsSpellingsGetTheirHandbookForm() {
        let run = CommandRun.handbook(["version"], in: TemporaryProject().root)
        XCTAssertEqual(run.exitCode, 2)
        XCTAssertEqual(run.stderr, "handbook: error: unknown command 'version'\nhandbook: note: did you mean '--version'?\nRun 'handbook --help' for usage.\n")
        XCTAssertEqual(CommandRun.handbook(["build", "-o", "site"], in: TemporaryProject().root).stderr,
                       "handbook: error: unknown option '-o'\nhandbook: note: did you mean '--out'?\nRun 'handbook --help' for usage.\n")
        XCTAssertEqual(CommandRun.handbook(["check", "--out", "site"], in: TemporaryProject().root).stderr,
                       "handbook: error: unknown option '--out'\nhandbook: note: this command writes no site; 'handbook build --out DIR' writes it to DIR\nRun 'handbook --help' for usage.\n")
        // A short option the command does not take is not offered.
        XCTAssertThrowsError(try Arguments.parse(["check", "-o", "site"])) { error in
            XCTAssertEqual((error as? UsageError)?.suggestion, nil)
        }
    }

    func testTimingsNameEveryStageOfTheBuild() {
        let project = TemporaryProject()
        project.copy(I18nCommandTests.fixture, to: "content")
        project.useRepositoryTemplates()
        let run = CommandRun.handbook(["build", "--timings"], in: project.root)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        let stages = run.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ":")[0].trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(
            Set(stages),
            [
                "load", "parse", "resolve", "translations", "wcag", "wcag mapping", "strings", "glossary terms", "glossary", "glossary of notes and strings", "parity",
                "publish", "source notes", "links", "templates", "render", "static files", "write", "cache", "child lists",
                "bodies (en)", "epub (en)", "search index (en)", "bodies (zh-Hant)", "epub (zh-Hant)", "search index (zh-Hant)",
                "bodies (zh-Hans)", "epub (zh-Hans)", "search index (zh-Hans)",
            ],
            run.stdout)
        XCTAssertFalse(CommandRun.handbook(["build"], in: project.root).stdout.contains("render:"))
    }

    func testACommandInASubfolderWorksOnTheProjectAboveAndSaysSo() throws {
        let project = TemporaryProject()
        project.copy(I18nCommandTests.fixture, to: "content")
        project.useRepositoryTemplates()
        let below = project.root.appendingPathComponent("content/en/practices")
        let check = CommandRun.handbook(["check"], in: below)
        XCTAssertEqual(check.exitCode, 0, check.stderr)
        XCTAssertTrue(check.stderr.hasPrefix("handbook: note: using the project at \(project.root.standardizedFileURL.path), found above the working folder\n"), check.stderr)
        let build = CommandRun.handbook(["build"], in: below)
        XCTAssertEqual(build.exitCode, 0, build.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.root.appendingPathComponent("public/index.html").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: below.appendingPathComponent("public").path))
        // In the project's own folder nothing is said; a folder given on the command line is the working folder's.
        XCTAssertFalse(CommandRun.handbook(["check"], in: project.root).stderr.contains("using the project"))
        let given = CommandRun.handbook(["check", "--content", "content"], in: below)
        XCTAssertEqual(given.exitCode, 1)
        XCTAssertFalse(given.stderr.contains("using the project"), given.stderr)
    }

    func testVerifyWritesNothingAndNamesWhatDiffers() throws {
        let project = TemporaryProject()
        project.copy(I18nCommandTests.fixture, to: "content")
        project.useRepositoryTemplates()
        XCTAssertEqual(CommandRun.handbook(["build"], in: project.root).exitCode, 0)
        let current = CommandRun.handbook(["build", "--verify"], in: project.root)
        XCTAssertEqual(current.exitCode, 0, current.stderr)
        XCTAssertTrue(current.stdout.hasPrefix("public/ is what the sources build ("), current.stdout)
        // A content change without its rebuilt pages, and a file the build does not make.
        let page = project.root.appendingPathComponent("content/en/pages/about.md")
        try (String(contentsOf: page, encoding: .utf8) + "\nOne more line.\n").write(to: page, atomically: true, encoding: .utf8)
        project.write("public/notes.txt", "mine\n")
        let before = project.files(under: "public")
        let stale = CommandRun.handbook(["build", "--verify"], in: project.root)
        XCTAssertEqual(stale.exitCode, 1)
        XCTAssertTrue(stale.stderr.contains("  changed  en/about.html\n"), stale.stderr)
        XCTAssertTrue(stale.stderr.contains("  extra    notes.txt\n"), stale.stderr)
        XCTAssertTrue(stale.stderr.hasSuffix("handbook: note: run 'handbook build' and commit public/ with the change\n"), stale.stderr)
        XCTAssertTrue(project.files(under: "public") == before, "verify wrote to public/")
    }

    func testABuildOfNothingChangedIsUpToDateUnlessToldNotToUseTheCache() {
        let project = TemporaryProject()
        project.copy(I18nCommandTests.fixture, to: "content")
        project.useRepositoryTemplates()
        XCTAssertEqual(CommandRun.handbook(["build"], in: project.root).exitCode, 0)
        let again = CommandRun.handbook(["build"], in: project.root)
        XCTAssertTrue(again.stdout.contains("(up to date: nothing changed since the last build)"), again.stdout)
        let cold = CommandRun.handbook(["build", "--no-cache"], in: project.root)
        XCTAssertEqual(cold.exitCode, 0, cold.stderr)
        XCTAssertFalse(cold.stdout.contains("up to date"), cold.stdout)
    }

    func testExitCodes() {
        let project = TemporaryProject()
        let usage = CommandRun.handbook(["build", "--outt", "x"], in: project.root)
        XCTAssertEqual(usage.exitCode, 2)
        XCTAssertEqual(
            usage.stderr,
            "handbook: error: unknown option '--outt'\nhandbook: note: did you mean '--out'?\nRun 'handbook --help' for usage.\n")
        XCTAssertEqual(CommandRun.handbook(["--version"], in: project.root).stdout, "handbook \(CLI.version)\n")
        let help = CommandRun.handbook(["--help"], in: project.root)
        XCTAssertEqual(help.exitCode, 0)
        XCTAssertTrue(help.stdout.contains("handbook build [--content content] [--templates templates] [--out public]"))
        let missing = CommandRun.handbook(["check"], in: project.root)
        XCTAssertEqual(missing.exitCode, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("content/site.yaml: error: cannot read the file") || missing.stderr.contains("file not found"), missing.stderr)
    }

    func testAnOutputFolderThatCannotBeWrittenIsAnErrorAndChangesNothing() {
        let project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content"), to: "content")
        project.useRepositoryTemplates()
        // Not even root can create folders in /proc, so this holds whoever runs the tests.
        let run = CommandRun.handbook(["build", "--out", "/proc/handbook-test/public"], in: project.root)
        XCTAssertEqual(run.exitCode, 1)
        // The error may be the first line (a clean tree prints no warnings before it).
        XCTAssertTrue(("\n" + run.stderr).contains("\n/proc/handbook-test/public: error: cannot write /proc/handbook-test: "), run.stderr)
        XCTAssertTrue(run.stderr.contains("[write-failed]"), run.stderr)
    }

    func testCheckWritesNothing() {
        let project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content"), to: "content")
        project.useRepositoryTemplates()
        let run = CommandRun.handbook(["check"], in: project.root)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("checked "))
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.root.appendingPathComponent("public").path))
    }
}

final class JobsSettingTests: XCTestCase {
    func testUnusableJobCountIsAUsageErrorBeforeAnyWork() {
        // An empty folder: any work would report a missing site.yaml (exit 1), not a usage error.
        let project = TemporaryProject()
        for value in ["abc", "-1", "0", "", "2x", "+3"] {
            let run = CommandRun.handbook(["check"], in: project.root, environment: ["HANDBOOK_JOBS": value])
            XCTAssertEqual(run.exitCode, 2, value)
            XCTAssertEqual(
                run.stderr,
                "handbook: error: HANDBOOK_JOBS must be a whole number of threads from 1 up, not \"\(value)\"\n"
                    + "handbook: note: unset it to use one thread per core\n", value)
        }
    }

    func testWholeJobCountsAndHelpPass() {
        XCTAssertNil(Parallel.jobsProblem(nil))
        XCTAssertNil(Parallel.jobsProblem("1"))
        XCTAssertNil(Parallel.jobsProblem("16"))
        let project = TemporaryProject()
        XCTAssertEqual(CommandRun.handbook(["--help"], in: project.root, environment: ["HANDBOOK_JOBS": "abc"]).exitCode, 0)
        XCTAssertEqual(CommandRun.handbook(["check"], in: project.root, environment: ["HANDBOOK_JOBS": "2"]).exitCode, 1)
    }
}

final class TerminalSafetyTests: XCTestCase {
    func testControlCharactersInArgumentsAndFileNamesNeverReachTheTerminal() {
        let project = TemporaryProject()
        let option = CommandRun.handbook(["build", "--x\u{1B}]0;owned\u{7}"], in: project.root)
        XCTAssertEqual(option.exitCode, 2)
        XCTAssertTrue(option.stderr.contains("'--x\\u{1B}]0;owned\\u{7}'"), option.stderr)
        let file = CommandRun.handbook(["i18n", "mark-current", "content/zh-Hant/a\tb\u{1B}.md"], in: project.root)
        XCTAssertEqual(file.exitCode, 1)
        XCTAssertTrue(file.stderr.hasPrefix("content/zh-Hant/a\\tb\\u{1B}.md: error: "), file.stderr)
        XCTAssertFalse((option.stderr + file.stderr).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x09 })
    }
}
