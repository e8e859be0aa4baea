import Foundation
import HandbookTestSupport
import XCTest

/// The same input gives byte-identical output under another locale, time zone and number of threads,
/// and whatever order the file system lists files in (the loader sorts; files are created here in
/// reverse order to make a difference in listing order likely).
final class DeterminismTests: XCTestCase {
    func testOutputDoesNotDependOnLocaleTimeZoneThreadsOrFileOrder() throws {
        let executable = InterruptedBuildTests.executable
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: executable.path), "build the executable first")
        let first = TemporaryProject()
        first.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content"), to: "content")
        first.useRepositoryTemplates()
        let second = TemporaryProject()
        for (path, bytes) in TemporaryProject.files(in: TemporaryProject.repositoryRoot.appendingPathComponent("content"))
            .sorted(by: { $0.key > $1.key })
        {
            second.write("content/" + path, bytes: bytes)
        }
        second.useRepositoryTemplates()

        func build(_ project: TemporaryProject, environment: [String: String]) throws -> [String: [UInt8]] {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["build"]
            process.currentDirectoryURL = project.root
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.start().wait()
            XCTAssertEqual(process.terminationStatus, 0)
            return project.files(under: "public")
        }
        let a = try build(first, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC", "HANDBOOK_JOBS": "1"])
        let b = try build(second, environment: ["LANG": "zh_HK.UTF-8", "LC_ALL": "tr_TR.UTF-8", "TZ": "Asia/Hong_Kong", "HANDBOOK_JOBS": "7"])
        XCTAssertGreaterThan(a.count, 100)
        XCTAssertEqual(a.keys.sorted(), b.keys.sorted())
        for path in a.keys.sorted() where a[path] != b[path] {
            XCTFail("\(path) differs between the two builds")
        }
    }
}
