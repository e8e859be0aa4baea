import Foundation
import Handbook
import HandbookTestSupport
import XCTest

/// The real executable, killed (SIGKILL) at many moments of a build: afterwards `public/` is always
/// the whole previous site or the whole new one, never a mix, and the next build cleans up.
final class InterruptedBuildTests: XCTestCase {
    static let executable = TemporaryProject.executable

    func testKilledBuildsLeaveEitherTheOldOrTheNewSite() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: Self.executable.path),
            "build the executable first (swift build); bin/test does")
        let project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content"), to: "content")
        project.useRepositoryTemplates()
        XCTAssertEqual(try run([]).terminationStatus, 0)
        let old = project.files(under: "public")
        let page = project.root.appendingPathComponent("content/en/pages/about.md")
        try (String(contentsOf: page, encoding: .utf8) + "\nA new closing line.\n").write(to: page, atomically: true, encoding: .utf8)

        // Each kill waits for a point of the build's own progress, not for a time (a build's length
        // varies threefold on a loaded machine): the staging folder holding 0, 1/8, 2/8, … of the
        // site's files (sixteenths in the long run, bin/test --long), and last the new site in place,
        // so every kill lands in the write whatever the machine's speed.
        var outcomes: [String: Int] = [:]
        let steps = ProcessInfo.processInfo.environment["HANDBOOK_LONG"] == "1" ? 16 : 8
        for step in 0...steps {
            let (process, exit) = try start(in: project.root)
            let wanted = step * old.count / steps
            let reached = wait(upTo: 300) {
                !process.isRunning || (step < steps ? (stagedFiles(in: project.root) ?? -1) >= wanted : project.files(under: "public")["en/about.html"] != old["en/about.html"])
            }
            XCTAssertTrue(reached, "step \(step): the build neither got there nor ended in 300 s")
            kill(process.processIdentifier, SIGKILL)
            exit.wait()
            let now = project.files(under: "public")
            let outcome = now == old ? "old" : (now.count == old.count && now["en/about.html"] != old["en/about.html"] ? "new" : "mixed")
            outcomes[outcome, default: 0] += 1
            XCTAssertNotEqual(outcome, "mixed", "after a kill at step \(step), public/ is neither the old nor the new site")
            if outcome == "new" { break }
        }
        XCTAssertNotNil(outcomes["new"], "no build put the new site in place")
        print("killed builds left: \(outcomes)")
        XCTAssertEqual(try run([], in: project.root).terminationStatus, 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path).filter { $0.hasPrefix(".public") }
        XCTAssertEqual(leftovers, [], "a later build must remove what killed builds left")

        func run(_ arguments: [String], in directory: URL? = nil) throws -> Process {
            let (process, exit) = try start(in: directory ?? project.root)
            exit.wait()
            return process
        }
    }

    /// Files in the staging folder of a build under way, or nil when there is none.
    private func stagedFiles(in root: URL) -> Int? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        guard let staging = names.first(where: { $0.hasPrefix(".public.handbook-staging-") }) else { return nil }
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(staging).path)
        var count = 0
        while let _ = enumerator?.nextObject() { count += 1 }
        return count
    }

    /// Polls `condition` every millisecond for at most `seconds`; whether it came true.
    private func wait(upTo seconds: Double, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(1000)
        }
        return false
    }

    private func start(in directory: URL) throws -> (Process, ProcessExit) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["build"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return (process, try process.start())
    }
}
