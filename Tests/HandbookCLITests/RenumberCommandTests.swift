import Foundation
import HandbookTestSupport
import XCTest

/// `handbook renumber` on a copy of the basic golden site: files renamed in every language, links
/// and front-matter numbers rewritten, the alias added, a clean build with a redirect at the old
/// address; and every refusal leaves each file as it was.
final class RenumberCommandTests: XCTestCase {
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")
    private var project: TemporaryProject!

    override func setUp() {
        project = TemporaryProject()
        let fixtures = TemporaryProject.repositoryRoot.appendingPathComponent("Tests/GoldenTests/Fixtures/site/basic/content")
        project.copy(fixtures, to: "content")
        project.useRepositoryTemplates()
        project.write("content/en/pages/about.md", (read("content/en/pages/about.md") ?? "") + "\nSection 11.5 describes the timer.\n")
    }

    override func tearDown() { project = nil }

    private func read(_ path: String) -> String? {
        try? String(contentsOf: project.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testRenumberedSectionBuildsCleanlyWithARedirectAtItsOldAddress() {
        let run = CommandRun.handbook(["renumber", "sec:11.5", "11.6"], in: project.root)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        Golden.assertText(run.stdout, equal: Self.expected.appendingPathComponent("renumber.txt"))
        XCTAssertNil(read("content/en/sections/11.5.md"))
        let moved = read("content/en/sections/11.6.md") ?? ""
        XCTAssertTrue(moved.hasPrefix("---\nnumber: \"11.6\"\nprevious_numbers: [\"11.5\"]\n"), moved)
        XCTAssertTrue(read("content/en/practices/2.10.md")?.contains("(sec:11.6)") == true)
        XCTAssertTrue(read("content/zh-Hant/practices/2.10.md")?.contains("(sec:11.6)") == true)
        XCTAssertTrue(read("content/en/sections/16.1.md")?.contains("related: [\"11.6\"]") == true)
        // Prose is reported, not changed.
        XCTAssertTrue(read("content/en/pages/about.md")?.contains("Section 11.5 describes") == true)

        let build = CommandRun.handbook(["build"], in: project.root)
        XCTAssertEqual(build.exitCode, 0, build.stderr)
        XCTAssertFalse(build.stderr.contains("error"), build.stderr)
        for language in ["en", "zh-Hant", "zh-Hans"] {
            let redirect = read("public/\(language)/sections/11.5.html") ?? ""
            XCTAssertTrue(redirect.contains("<meta http-equiv=\"refresh\" content=\"0; url=11.6.html\">"), language)
            XCTAssertTrue(redirect.contains("<a href=\"11.6.html\">"), language)
        }
        // Listed nowhere: not in the section tree, the search index or the data export.
        for path in ["public/en/sections/index.html", "public/data/handbook.json", "public/en/a-z.html"] {
            XCTAssertFalse(read(path)?.contains("11.5.html") ?? true, path)
        }
        let search = (try? FileManager.default.contentsOfDirectory(atPath: project.root.appendingPathComponent("public").path)) ?? []
        XCTAssertFalse(search.contains("sitemap.xml"), "no sitemap without base_url")
    }

    /// `--insert` shifts the section and its following siblings up to the first gap, all links at
    /// once (a link to 11.5 becomes 11.6, not 11.7), with no redirects, and the new section builds.
    func testInsertMakesRoomByShiftingTheFollowingSiblings() {
        project.write("content/en/sections/11.6.md", "---\nnumber: \"11.6\"\ntitle: Input Form – Review\nrelated: [\"11.5\"]\n---\nSee [](sec:11.5) and section 11.6.\n")
        project.write("content/en/sections/11.8.md", "---\nnumber: \"11.8\"\ntitle: Input Form – Done\n---\nAfter [](sec:11.6).\n")
        project.write("content/en/sections/11.md", (read("content/en/sections/11.md") ?? "") + "- [](sec:11.6)\n- [](sec:11.8)\n")
        let before = CommandRun.handbook(["check"], in: project.root)
        XCTAssertEqual(before.exitCode, 0, before.stderr)
        let run = CommandRun.handbook(["renumber", "--insert", "sec:11.5"], in: project.root)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertEqual(run.stdout, """
            renamed content/en/sections/11.5.md → content/en/sections/11.6.md
            renamed content/en/sections/11.6.md → content/en/sections/11.7.md
            section 11.5 is free for a new section (11.5 → 11.6, 11.6 → 11.7): 2 files renamed, 10 links and numbers rewritten in 7 files; \
            no previous_numbers were added, as the old addresses now belong to the moved sections and the new one
            next: write content/en/sections/11.5.md
            2 mentions in the text were not changed; check them:
            content/en/pages/about.md:9:9: "11.5"
            content/en/sections/11.7.md:6:30: "11.6"

            """)
        XCTAssertNil(read("content/en/sections/11.5.md"))
        XCTAssertEqual(read("content/en/sections/11.7.md"), "---\nnumber: \"11.7\"\ntitle: Input Form – Review\nrelated: [\"11.6\"]\n---\nSee [](sec:11.6) and section 11.6.\n")
        XCTAssertTrue(read("content/en/sections/11.6.md")?.hasPrefix("---\nnumber: \"11.6\"\ntitle: Input Form – Timer\n") == true)
        XCTAssertEqual(read("content/en/sections/11.8.md"), "---\nnumber: \"11.8\"\ntitle: Input Form – Done\n---\nAfter [](sec:11.7).\n")
        XCTAssertTrue(read("content/zh-Hant/practices/2.10.md")?.contains("(sec:11.6)") == true)
        XCTAssertTrue(read("content/en/sections/16.1.md")?.contains("related: [\"11.6\"]") == true)
        // The new section takes the free number and the site builds without a redirect in its way.
        project.write("content/en/sections/11.5.md", "---\nnumber: \"11.5\"\ntitle: Input Form – Consent\n---\nAsk first.\n")
        project.write("content/en/sections/11.md", (read("content/en/sections/11.md") ?? "") + "- [](sec:11.5)\n")
        let build = CommandRun.handbook(["build"], in: project.root)
        XCTAssertEqual(build.exitCode, 0, build.stderr)
        XCTAssertTrue(read("public/en/sections/11.6.html")?.contains("Input Form – Timer") == true)
        XCTAssertTrue(read("public/en/sections/11.5.html")?.contains("Input Form – Consent") == true)
        // Nothing to move: the number is free already.
        let free = CommandRun.handbook(["renumber", "--insert", "sec:11.9"], in: project.root)
        XCTAssertEqual(free.exitCode, 1)
        XCTAssertTrue(free.stderr.contains("error: section 11.9 is free already: add content/en/sections/11.9.md; nothing needs to move [renumber]"), free.stderr)
    }

    /// In a git work tree the moves are stated with the one command that stages them as renames.
    func testInAGitWorkTreeTheCommandThatStagesTheMovesIsPrinted() throws {
        func git(_ arguments: String...) -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["-C", project.root.path, "-c", "user.name=t", "-c", "user.email=t@example.org"] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            (try? process.start())?.wait()
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        _ = git("init", "-q")
        _ = git("add", "-A")
        _ = git("commit", "-q", "-m", "content")
        let run = CommandRun.handbook(["renumber", "sec:11.5", "11.6"], in: project.root)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        let lines = run.stdout.components(separatedBy: "\n")
        let advice = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("git sees the moves as deleted and new files") })
        let command = lines[advice + 1].trimmingCharacters(in: .whitespaces)
        XCTAssertTrue(command.hasPrefix("git add -A -- content/en/sections/11.5.md content/en/sections/11.6.md"), command)
        _ = git(contentsOf: command)
        XCTAssertTrue(git("status", "--short").contains("R  content/en/sections/11.5.md -> content/en/sections/11.6.md"), git("status", "--short"))
        // Outside a work tree nothing is said about git.
        let plain = TemporaryProject()
        plain.copy(project.root.appendingPathComponent("content"), to: "content")
        XCTAssertFalse(CommandRun.handbook(["renumber", "sec:11.6", "11.7"], in: plain.root).stdout.contains("git"))

        func git(contentsOf command: String) -> String {
            git(contentsOf: command.split(separator: " ").dropFirst().map(String.init))
        }
        func git(contentsOf arguments: [String]) -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["-C", project.root.path] + arguments
            (try? process.start())?.wait()
            return ""
        }
    }

    func testATakenNumberIsRefusedAndNothingChanges() {
        let before = project.files(under: "content")
        let run = CommandRun.handbook(["renumber", "sec:11.5", "16.1"], in: project.root)
        XCTAssertEqual(run.exitCode, 1)
        Golden.assertText(run.stderr, equal: Self.expected.appendingPathComponent("renumber-taken.txt"))
        XCTAssertEqual(project.files(under: "content"), before)
    }

    func testAnUnknownSectionIsRefusedWithTheNearestNumber() {
        let before = project.files(under: "content")
        let run = CommandRun.handbook(["renumber", "sec:11.6", "12"], in: project.root)
        XCTAssertEqual(run.exitCode, 1)
        Golden.assertText(run.stderr, equal: Self.expected.appendingPathComponent("renumber-unknown.txt"))
        XCTAssertEqual(project.files(under: "content"), before)
    }

    func testMalformedArgumentsAreUsageErrors() {
        let cases: [([String], String)] = [
            (["renumber", "11.5", "11.6"], "handbook: error: write the section to renumber as sec:NUMBER, such as sec:11.5\nhandbook: note: did you mean 'sec:11.5'?\n"),
            (["renumber", "sec:11.5"], "handbook: error: name the section and its new number, such as: handbook renumber sec:11.5 11.6\n"),
            (["renumber", "sec:11.5", "5.1"], "handbook: error: \"5.1\" is not a section number (dotted decimals of chapters 6 to 16, like 11.5)\n"),
            (["renumber", "sec:11.5", "11.5.1"], "handbook: error: section 11.5 cannot be renumbered to 11.5.1, which is itself or below it\n"),
        ]
        for (arguments, message) in cases {
            let run = CommandRun.handbook(arguments, in: project.root)
            XCTAssertEqual(run.exitCode, 2, arguments.joined(separator: " "))
            XCTAssertEqual(run.stderr, message + "Run 'handbook --help' for usage.\n")
        }
    }
}
