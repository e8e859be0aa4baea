import Foundation
import Handbook
import HandbookTestSupport
import XCTest

/// The real executable against every output folder it must not replace, on temporary projects: each
/// refusal exits 2 before any work and leaves every file of the project as it was.
final class OutputFolderProcessTests: XCTestCase {
    static let executable = TemporaryProject.executable
    static let fixture = TemporaryProject.repositoryRoot.appendingPathComponent("Tests/GoldenTests/Fixtures/site/basic/content")

    private var project: TemporaryProject!

    override func setUpWithError() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: Self.executable.path),
            "build the executable first (swift build); bin/test does")
        project = TemporaryProject()
        project.copy(Self.fixture, to: "work/content")
        project.useRepositoryTemplates(in: "work")
        project.write("work/notes.txt", "my notes\n")
        project.write("work/.git/HEAD", "ref: refs/heads/main\n")
    }

    override func tearDown() {
        // A failed mount test must not leave the mount behind.
        _ = try? run("/bin/umount", ["-l", project?.root.appendingPathComponent("work/public").path ?? "/nonexistent"])
        project = nil
    }

    // MARK: - Refusals

    func testSourceAndProjectFoldersAreRefusedAndKept() throws {
        for (out, why) in [
            ("content", "it is the content folder"), ("templates", "it is the templates folder"),
            (".", "it is the working folder"), ("..", "it contains the working folder"),
            ("content/en", "it is inside the content folder"), ("templates/partials-new", "it is inside the templates folder"),
            ("/", "it is the root folder"),
        ] {
            try assertRefused(["build", "--out", out], saying: why)
        }
    }

    func testAnEmptyOutputNameIsAUsageError() throws {
        try assertRefused(["build", "--out", ""], saying: "option '--out' was given an empty folder name")
        try assertRefused(["build", "--out="], saying: "option '--out' was given an empty folder name")
        try assertRefused(["watch", "--out", ""], saying: "option '--out' was given an empty folder name")
    }

    func testTheHomeFolderIsRefused() throws {
        let home = project.root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try assertRefused(["build", "--out", home.path], saying: "it is the home folder", environment: ["HOME": home.path])
    }

    func testAFolderOfOtherFilesIsRefusedAndKept() throws {
        project.write("work/mydocs/thesis.docx", "chapter one\n")
        try assertRefused(["build", "--out", "mydocs"], saying: "it is not empty ('thesis.docx') and no handbook build made it")
        // A worktree of the site's own repository is not a build either.
        project.write("work/site/.git", "gitdir: ../.git/worktrees/site\n")
        try assertRefused(["build", "--out", "site"], saying: "it is not empty ('.git')")
        try assertRefused(["watch", "--out", "site"], saying: "it is not empty ('.git')")
    }

    func testAFileAsOutputIsRefusedAndKept() throws {
        try assertRefused(["build", "--out", "notes.txt"], saying: "the output 'notes.txt' is a file, not a folder")
    }

    func testABuildFolderWithAFileOfTheUsersIsRefusedAndKept() throws {
        XCTAssertEqual(try build().status, 0)
        project.write("work/public/en/mine.html", "mine\n")
        project.write("work/public/drafts/a.txt", "draft\n")
        try assertRefused(["build"], saying: "it holds files that no handbook build wrote: 'drafts', 'en/mine.html'")
    }

    // MARK: - What a build may replace

    func testABuildReplacesOnlyItsOwnFolderAndLeavesLookalikeNamesAlone() throws {
        project.write("work/.public.old-backup-2024/index.html", "my backup\n")
        project.write("work/.public.staging-manual/index.html", "my staging\n")
        project.write("work/.public.handbook-staging-1-abc/mine.txt", "named like ours, but not ours\n")
        let before = snapshot(excluding: "public")
        XCTAssertEqual(try build().status, 0)
        XCTAssertEqual(try build().status, 0)
        // Beside the output, only the build cache is the tool's own.
        XCTAssertEqual(snapshot(excluding: "public").filter { !$0.key.hasPrefix(".handbook-cache/") }, before)
        let marker = try String(contentsOfFile: path("public/.handbook-output"), encoding: .utf8)
        XCTAssertTrue(marker.hasPrefix("handbook output folder"), marker)
        XCTAssertTrue(marker.contains("\nen/index.html\n"), marker)
    }

    func testLeftoversOfAKilledBuildAreRemoved() throws {
        XCTAssertEqual(try build().status, 0)
        // What a build killed after writing its marker, and one killed right after creating its folder, leave.
        try FileManager.default.copyItem(atPath: path("public"), toPath: path(".public.handbook-staging-99-dead"))
        try FileManager.default.createDirectory(atPath: path(".public.handbook-retired-99-dead"), withIntermediateDirectories: false)
        XCTAssertEqual(try build().status, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: path("")).filter { $0.hasPrefix(".public") }
        XCTAssertEqual(names, [])
    }

    func testASymlinkedOutputIsFollowedAndKept() throws {
        try FileManager.default.createDirectory(atPath: path("elsewhere"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: path("public"), withDestinationPath: "elsewhere/site")
        XCTAssertEqual(try build().status, 0)
        XCTAssertEqual(try build().status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("public")), "elsewhere/site")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("elsewhere/site/en/index.html")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("elsewhere")), ["site"])
    }

    func testAMountPointIsFilledInPlace() throws {
        try FileManager.default.createDirectory(atPath: path("public"), withIntermediateDirectories: false)
        let mounted = try run("/bin/mount", ["-t", "tmpfs", "handbook-test", path("public")])
        try XCTSkipUnless(mounted.status == 0, "cannot mount a tmpfs here: \(mounted.stderr)")
        let device = { (at: String) -> UInt64 in
            var status = stat()
            return stat(at, &status) == 0 ? UInt64(status.st_dev) : 0
        }
        XCTAssertNotEqual(device(path("public")), device(path("")))
        let first = try build()
        XCTAssertEqual(first.status, 0, first.stderr)
        let about = try String(contentsOfFile: path("content/en/pages/about.md"), encoding: .utf8)
        project.write("work/content/en/pages/about.md", about + "\nNew text.\n")
        let second = try build()
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertNotEqual(device(path("public")), device(path("")), "the mount point is still mounted")
        XCTAssertTrue(try String(contentsOfFile: path("public/en/about.html"), encoding: .utf8).contains("New text."))
        let top = try FileManager.default.contentsOfDirectory(atPath: path("public")).filter { $0.contains("handbook-staging") || $0.contains("handbook-retired") }
        XCTAssertEqual(top, [], "no staging or retired folder is left inside the mount")
    }

    func testConcurrentBuildsTakeTurnsAndBothSucceed() throws {
        XCTAssertEqual(try build().status, 0)
        let expected = TemporaryProject.files(in: URL(fileURLWithPath: path("public")))
        for _ in 0..<3 {
            let processes = try (0..<2).map { _ in try start(["build"]) }
            for (process, exit) in processes {
                exit.wait()
                XCTAssertEqual(process.terminationStatus, 0)
            }
            XCTAssertEqual(TemporaryProject.files(in: URL(fileURLWithPath: path("public"))), expected)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("")).filter { $0.hasPrefix(".public") }, [])
        }
    }
}

// MARK: - Helpers

private extension OutputFolderProcessTests {
    struct Outcome {
        var status: Int32
        var stderr: String
    }

    func path(_ relative: String) -> String {
        project.root.appendingPathComponent("work").appendingPathComponent(relative).standardizedFileURL.path
    }

    /// Runs `arguments` and checks the exit code 2, the message, and that no file anywhere in the
    /// project (sources, notes, `.git`, the folder named) changed.
    func assertRefused(
        _ arguments: [String], saying message: String, environment: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = TemporaryProject.files(in: project.root)
        let outcome = try run(Self.executable.path, arguments, environment: environment)
        XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stderr)", file: file, line: line)
        XCTAssertTrue(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)", file: file, line: line)
        XCTAssertEqual(TemporaryProject.files(in: project.root), before, "\(arguments) changed files", file: file, line: line)
    }

    func build() throws -> Outcome { try run(Self.executable.path, ["build"]) }

    func snapshot(excluding folder: String) -> [String: [UInt8]] {
        TemporaryProject.files(in: URL(fileURLWithPath: path(""))).filter { !$0.key.hasPrefix(folder + "/") }
    }

    func start(_ arguments: [String], executable: String? = nil, environment: [String: String] = [:]) throws -> (Process, ProcessExit) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? Self.executable.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: path(""))
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return (process, try process.start())
    }

    /// Runs a program under `timeout`, so a command that wrongly starts watching cannot hang the tests.
    func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["120", executable] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: path(""))
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let exit = try process.start()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        exit.wait()
        return Outcome(status: process.terminationStatus, stderr: String(decoding: data, as: UTF8.self))
    }
}
