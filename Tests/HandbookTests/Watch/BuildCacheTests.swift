import Foundation
import HandbookTestSupport
import XCTest

@testable import Handbook

/// The build cache is never wrong: after random edits of every kind, a build with the cache gives
/// the files and diagnostics of a cold build into an empty folder; an edit that changes no byte,
/// and no edit at all, find the output up to date; a damaged, foreign or stale trace, and an output
/// touched by hand, are not trusted.
final class BuildCacheTests: XCTestCase {
    private var project: TemporaryProject!
    private var long: Bool { ProcessInfo.processInfo.environment["HANDBOOK_LONG"] == "1" }

    override func setUp() {
        project = TemporaryProject()
        project.copy(GoldenTests.fixture, to: "content")
        project.useRepositoryTemplates()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content/wcag.yaml"), to: "content/wcag.yaml")
    }

    private var paths: ProjectPaths { ProjectPaths(root: project.root) }

    private func cached() -> Build.Result {
        Build(paths: paths, epub: true).build(cache: BuildCache(paths: paths, toolVersion: "test", options: "epub"))
    }

    private var trace: URL {
        let folder = project.root.appendingPathComponent(BuildCache.folderName)
        let name = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.first { $0.hasSuffix(".trace") } ?? "none"
        return folder.appendingPathComponent(name)
    }

    func testRandomEditsBuiltWithTheCacheMatchAColdBuild() {
        var random = SplitMix64(seed: ProcessInfo.processInfo.environment["HANDBOOK_SEED"].flatMap(UInt64.init) ?? 11)
        XCTAssertTrue(cached().succeeded)
        var log: [String] = []
        var compared = 0, broken = false
        // Every kind of edit once in a random order (an edit the trace missed shows only when it is
        // the only change since the last build), then random ones in the long run.
        var order = Array(Edit.kinds.indices)
        for index in order.indices.reversed() { order.swapAt(index, Int(random.next() % UInt64(index + 1))) }
        var step = 0
        while step < (long ? order.count + 60 : order.count) {
            let edit: Edit
            if broken && random.next() % 2 == 0 {
                edit = Edit.repairAll
            } else {
                let kinds = step < order.count ? [Edit.kinds[order[step]]] : Edit.kinds.filter { $0.applies(project) }
                edit = kinds[Int(random.next() % UInt64(kinds.count))]
                step += 1
                guard edit.applies(project) else { continue }
            }
            let changed = edit.apply(project, &random)
            log.append(edit.name + " " + changed.map { $0.replacingOccurrences(of: project.root.path + "/", with: "") }.joined(separator: ","))
            let warm = cached()
            let context = "edits:\n  " + log.joined(separator: "\n  ")
            guard let succeeded = compare(warm, context) else { return }
            broken = !succeeded
            if succeeded { compared += 1 }
            // A save that changes no byte, right after a build (its stamp too recent to vouch for it):
            // the output is up to date, and stays equal to a cold build.
            if succeeded, let touched = changed.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                let bytes = FileManager.default.contents(atPath: touched)!
                FileManager.default.createFile(atPath: touched, contents: bytes)
                let again = cached()
                XCTAssertTrue(again.upToDate, "a save of the same bytes rebuilt after \(context)")
                guard compare(again, context + "\n  (same bytes saved)") != nil else { return }
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 6, "too few edits left a site to compare file by file")
    }

    /// A file saved twice within one tick of the file system's clock keeps its stamp (same inode,
    /// size and times): a stamp recorded less than two seconds before the build began vouches for
    /// nothing, and the file's bytes are compared instead.
    func testARecentStampIsCheckedByItsBytes() throws {
        XCTAssertTrue(cached().succeeded)
        let cache = try XCTUnwrap(BuildCache(paths: paths, toolVersion: "test", options: "epub"))
        var recorded = try BuildCache.Trace.decode(Array(Data(contentsOf: trace))).get()
        let path = "c/en/sections/16.md"
        // As if the file had been saved again in the same tick with other bytes.
        recorded.inputs[path]?.fingerprint = String(repeating: "0", count: 32)
        recorded.inputs[path]?.racy = true
        try Data(recorded.encoded()).write(to: trace)
        let snapshot = try XCTUnwrap(cache.snapshot())
        guard case .build = cache.lookup(snapshot, output: project.root.appendingPathComponent("public").path) else {
            return XCTFail("a recent stamp was trusted")
        }
        // An old stamp is trusted, as make and git trust one.
        recorded.inputs[path]?.racy = false
        try Data(recorded.encoded()).write(to: trace)
        guard case .upToDate = cache.lookup(snapshot, output: project.root.appendingPathComponent("public").path) else {
            return XCTFail("an old stamp was not trusted")
        }
    }

    func testNothingChangedIsUpToDateWithTheSameDiagnostics() {
        let page = project.root.appendingPathComponent("content/en/sections/16.md")
        project.write("content/en/sections/16.md", ((try? String(contentsOf: page, encoding: .utf8)) ?? "") + "\nThe contrast rule is WCAG 1.4.3.\n")
        let first = cached()
        XCTAssertTrue(first.succeeded)
        XCTAssertFalse(first.diagnostics.isEmpty, "a warning to report again")
        let before = project.files(under: "public")
        let second = cached()
        XCTAssertTrue(second.upToDate)
        XCTAssertEqual(second.diagnostics, first.diagnostics)
        XCTAssertEqual(Set(second.files.map(\.path)), Set(first.files.map(\.path)))
        XCTAssertEqual(project.files(under: "public"), before)
    }

    func testAnOutputChangedByHandIsBuiltAgain() throws {
        XCTAssertTrue(cached().succeeded)
        let page = project.root.appendingPathComponent("public/en/index.html")
        let original = try Data(contentsOf: page)
        try Data("changed by hand".utf8).write(to: page)
        let again = cached()
        XCTAssertFalse(again.upToDate)
        XCTAssertEqual(try Data(contentsOf: page), original)
    }

    func testADamagedOrForeignTraceIsIgnoredWithAWarning() throws {
        XCTAssertTrue(cached().succeeded)
        let expected = project.files(under: "public")
        var bytes = try Data(contentsOf: trace)
        bytes[bytes.count / 2] ^= 0x20
        try bytes.write(to: trace)
        let damaged = cached()
        XCTAssertFalse(damaged.upToDate)
        XCTAssertEqual(damaged.cacheWarnings.count, 1)
        XCTAssertTrue(damaged.cacheWarnings.first?.contains("damaged") ?? false, "\(damaged.cacheWarnings)")
        XCTAssertEqual(project.files(under: "public"), expected)

        try Data("another tool's cache\n".utf8).write(to: trace)
        let foreign = cached()
        XCTAssertFalse(foreign.upToDate)
        XCTAssertTrue(foreign.cacheWarnings.first?.contains("not written by this version") ?? false, "\(foreign.cacheWarnings)")
        // The build replaced the trace with a good one.
        let next = cached()
        XCTAssertTrue(next.upToDate)
        XCTAssertEqual(next.cacheWarnings, [])
    }

    func testAnotherToolOrOptionsDoNotShareTheTrace() {
        XCTAssertTrue(cached().succeeded)
        let newer = Build(paths: paths, epub: true).build(cache: BuildCache(paths: paths, toolVersion: "test 2", options: "epub"))
        XCTAssertFalse(newer.upToDate)
        XCTAssertTrue(newer.cacheWarnings.isEmpty)
        let withoutEPUB = Build(paths: paths, epub: false).build(cache: BuildCache(paths: paths, toolVersion: "test 2", options: "no-epub"))
        XCTAssertFalse(withoutEPUB.upToDate)
        XCTAssertFalse(project.files(under: "public").keys.contains("en/handbook.epub"))
    }

    func testTracesOfManyOutputFoldersAreBounded() throws {
        for index in 0..<(BuildCache.tracesKept + 2) {
            let paths = ProjectPaths(root: project.root, output: "out-\(index)")
            XCTAssertTrue(Build(paths: paths).build(cache: BuildCache(paths: paths, toolVersion: "test", options: "")).succeeded)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: project.root.appendingPathComponent(BuildCache.folderName).path)
        XCTAssertEqual(names.filter { $0.hasSuffix(".trace") }.count, BuildCache.tracesKept)
        XCTAssertTrue(names.contains("CACHEDIR.TAG"))
    }

    func testTheCacheIsNeverAProjectFolder() {
        XCTAssertNil(BuildCache(paths: ProjectPaths(root: project.root, output: BuildCache.folderName), toolVersion: "test", options: ""))
        XCTAssertNil(BuildCache(paths: ProjectPaths(root: project.root, content: "."), toolVersion: "test", options: ""))
        XCTAssertNotNil(BuildCache(paths: paths, toolVersion: "test", options: ""))
    }

    private func compare(_ warm: Build.Result, _ context: String) -> Bool? {
        compareWithColdBuild(project, warm.diagnostics, from: "cached", context: context)
    }
}
