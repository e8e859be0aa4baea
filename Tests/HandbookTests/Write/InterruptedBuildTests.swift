import Foundation
import HandbookTestSupport
import XCTest

/// The real executable, killed (SIGKILL) at many moments of a build: afterwards `public/` is always
/// the whole previous site or the whole new one, never a mix, and the next build cleans up.
final class InterruptedBuildTests: XCTestCase {
    static let executable = TemporaryProject.repositoryRoot.appendingPathComponent(".build/debug/handbook")

    func testKilledBuildsLeaveEitherTheOldOrTheNewSite() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: Self.executable.path),
            "build the executable first (swift build); bin/test does")
        let project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content"), to: "content")
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("templates"), to: "templates")
        let started = Date()
        XCTAssertEqual(try run([]).terminationStatus, 0)
        let duration = Date().timeIntervalSince(started)
        let old = project.files(under: "public")
        let page = project.root.appendingPathComponent("content/en/pages/about.md")
        try (String(contentsOf: page, encoding: .utf8) + "\nA new closing line.\n").write(to: page, atomically: true, encoding: .utf8)

        var outcomes: [String: Int] = [:]
        // Kills spread over the second half of a build, where rendering ends and writing happens,
        // and up to twice its length; then, if no build finished (other tests load the machine, so a
        // build may now take longer than the first did), later and later kills until one does.
        let steps = 16
        var delays = (0..<steps).map { duration * (0.5 + 1.5 * Double($0) / Double(steps)) }
        for _ in 0..<6 { delays.append(delays.last! * 1.5) }
        for (step, delay) in delays.enumerated() {
            let process = try start(in: project.root)
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = project.files(under: "public")
            let outcome = now == old ? "old" : (now.count == old.count && now["en/about.html"] != old["en/about.html"] ? "new" : "mixed")
            outcomes[outcome, default: 0] += 1
            XCTAssertNotEqual(outcome, "mixed", "after a kill at step \(step), public/ is neither the old nor the new site")
            if outcome == "new" { break }
        }
        XCTAssertNotNil(outcomes["new"], "no build finished even when given \(Int(delays.last! / duration))× the first build's time")
        print("killed builds left: \(outcomes)")
        XCTAssertEqual(try run([], in: project.root).terminationStatus, 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path).filter { $0.hasPrefix(".public") }
        XCTAssertEqual(leftovers, [], "a later build must remove what killed builds left")

        func run(_ arguments: [String], in directory: URL? = nil) throws -> Process {
            let process = try start(in: directory ?? project.root)
            process.waitUntilExit()
            return process
        }
    }

    private func start(in directory: URL) throws -> Process {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["build"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
