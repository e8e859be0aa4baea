import Foundation
import HandbookTestSupport
import XCTest

/// The real executable, killed (SIGKILL, by its own fault-injection hook `HANDBOOK_FAULT_AFTER=N`)
/// at every step of a content edit: every file written to the journal, its commit, every file
/// replaced or removed, the journal's removal. After each kill the content is as before, or a
/// journal is there: then every other command refuses, `recover` makes it byte-identical to a
/// clean run and `recover --undo` to the content before.
final class InterruptedEditTests: XCTestCase {
    static let executable = TemporaryProject.executable
    private static let fixture = TemporaryProject.repositoryRoot.appendingPathComponent("Tests/GoldenTests/Fixtures/site/basic/content")

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build the executable first (swift build); bin/test does")
    }

    func testRenumberIsAllOrNothingAtEveryStep() throws {
        try checkEveryStep(of: ["renumber", "sec:16.1", "16.4"]) { _ in }
    }

    func testMarkCurrentOfSeveralFilesIsAllOrNothingAtEveryStep() throws {
        try checkEveryStep(of: ["i18n", "mark-current", "--force", "content/zh-Hant/practices/1.1.md", "content/zh-Hant/practices/2.10.md"]) { project in
            for page in ["practices/1.1.md", "practices/2.10.md"] {
                let url = project.root.appendingPathComponent("content/en/" + page)
                try? (String(contentsOf: url, encoding: .utf8) + "\nA new closing paragraph.\n").write(to: url, atomically: true, encoding: .utf8)
            }
        }
    }

    func testImportIsAllOrNothingAtEveryStep() throws {
        try checkEveryStep(of: ["i18n", "import", "po"]) { project in
            XCTAssertEqual(CommandRun.handbook(["i18n", "export", "--lang", "zh-Hant", "--out", "po"], in: project.root).exitCode, 0)
            for name in ["practices/1.1.po", "practices/2.10.po"] {
                let url = project.root.appendingPathComponent("po/" + name)
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                // The last translated paragraph gets a new ending.
                guard let range = text.range(of: "。\\n\"", options: .backwards) else { return XCTFail("no msgstr to change in \(name)") }
                try? text.replacingCharacters(in: range, with: "。另有補充。\\n\"").write(to: url, atomically: true, encoding: .utf8)
            }
        }
    }

    /// Runs `arguments` to its end once, then again killed after 0, 1, 2, … steps until a run is
    /// not killed, checking each cut as the class summary says.
    private func checkEveryStep(of arguments: [String], prepare: (TemporaryProject) throws -> Void) throws {
        let clean = try project(prepare)
        let before = clean.files(under: "content")
        let finished = run(arguments, in: clean.root)
        XCTAssertEqual(finished.status, 0, finished.stderr)
        let after = clean.files(under: "content")
        XCTAssertNotEqual(before, after, "the command changed nothing")
        XCTAssertEqual(CommandRun.handbook(["check"], in: clean.root).exitCode, 0, "the edited content does not check clean")
        var journals = 0
        for step in 0..<400 {
            let cut = try project(prepare)
            let killed = run(arguments, in: cut.root, fault: step)
            if killed.status == 0 {
                XCTAssertEqual(differing(cut.files(under: "content"), after), [], "a run not killed at step \(step) differs from a clean run")
                XCTAssertGreaterThan(journals, 0, "no kill left a journal")
                return
            }
            XCTAssertEqual(killed.status, -Int32(SIGKILL), "step \(step): \(killed.stderr)")
            let journal = cut.root.appendingPathComponent(".handbook-journal")
            guard FileManager.default.fileExists(atPath: journal.path) else {
                // Killed before the journal's commit (nothing changed) or after its removal began (all changed).
                let now = cut.files(under: "content")
                XCTAssertTrue(now == before || now == after, "killed at step \(step) without a journal: \(differing(now, before)) changed")
                continue
            }
            journals += 1
            let refused = CommandRun.handbook(["check"], in: cut.root)
            XCTAssertEqual(refused.exitCode, 1)
            XCTAssertTrue(refused.stderr.contains("was interrupted before it finished; run handbook recover"), refused.stderr)
            let undone = TemporaryProject()
            undone.copy(cut.root.appendingPathComponent("content"), to: "content")
            undone.copy(journal, to: ".handbook-journal")
            XCTAssertEqual(CommandRun.handbook(["recover"], in: cut.root).exitCode, 0)
            XCTAssertEqual(differing(cut.files(under: "content"), after), [], "recover after a kill at step \(step) differs from a clean run")
            XCTAssertEqual(CommandRun.handbook(["recover", "--undo"], in: undone.root).exitCode, 0)
            XCTAssertEqual(differing(undone.files(under: "content"), before), [], "recover --undo after a kill at step \(step) differs from the content before")
            for folder in [cut.root, undone.root] {
                XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".handbook-journal").path), "step \(step)")
            }
        }
        XCTFail("the command was still killed after 400 steps")
    }

    /// The paths whose bytes differ between two snapshots of a folder.
    private func differing(_ a: [String: [UInt8]], _ b: [String: [UInt8]]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    private func project(_ prepare: (TemporaryProject) throws -> Void) throws -> TemporaryProject {
        let project = TemporaryProject()
        project.copy(Self.fixture, to: "content")
        project.useRepositoryTemplates()
        try prepare(project)
        return project
    }

    /// Runs the executable; a status of `-SIGKILL` means it was killed.
    private func run(_ arguments: [String], in folder: URL, fault: Int? = nil) -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["HANDBOOK_FAULT_AFTER"] = fault.map(String.init)
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        guard let exit = try? process.start() else { return (-1, "cannot start \(Self.executable.path)") }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        exit.wait()
        return (process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus, text)
    }
}
