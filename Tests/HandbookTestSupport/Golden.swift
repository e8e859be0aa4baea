import Foundation
import XCTest

/// Compares produced files with checked-in expected files. `UPDATE_GOLDEN=1 swift test` rewrites
/// the expected files and fails the test, so a re-recording never passes silently.
public enum Golden {
    /// Whether this run re-records.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    /// Asserts that `actual` (path → bytes) equals the files under `expectedFolder`, reporting
    /// missing, extra and differing files.
    public static func assertFiles(
        _ actual: [String: [UInt8]], equal expectedFolder: URL, ignoring ignored: Set<String> = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        if isRecording {
            try? FileManager.default.removeItem(at: expectedFolder)
            for (path, bytes) in actual where !ignored.contains(path) {
                let url = expectedFolder.appendingPathComponent(path)
                try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
            }
            XCTFail("re-recorded \(expectedFolder.path); review the diff and run again without UPDATE_GOLDEN", file: file, line: line)
            return
        }
        let expected = TemporaryProject.files(in: expectedFolder).filter { !ignored.contains($0.key) }
        let produced = actual.filter { !ignored.contains($0.key) }
        for path in Set(expected.keys).subtracting(produced.keys).sorted() {
            XCTFail("missing output file \(path)", file: file, line: line)
        }
        for path in Set(produced.keys).subtracting(expected.keys).sorted() {
            XCTFail("unexpected output file \(path)", file: file, line: line)
        }
        for path in Set(expected.keys).intersection(produced.keys).sorted() where expected[path] != produced[path] {
            let want = String(decoding: expected[path]!, as: UTF8.self)
            let got = String(decoding: produced[path]!, as: UTF8.self)
            XCTFail("\(path) differs from the golden file:\n\(firstDifference(want, got))", file: file, line: line)
        }
    }

    /// Asserts that `actual` equals the text file at `url` (re-recorded like `assertFiles`).
    public static func assertText(_ actual: String, equal url: URL, file: StaticString = #filePath, line: UInt = #line) {
        if isRecording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: url.path, contents: Data(actual.utf8))
            XCTFail("re-recorded \(url.path)", file: file, line: line)
            return
        }
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? "<missing \(url.path)>"
        if expected != actual {
            XCTFail("\(url.lastPathComponent) differs:\n\(firstDifference(expected, actual))", file: file, line: line)
        }
    }

    /// The first differing line of two texts, with its number, for a readable failure.
    public static func firstDifference(_ expected: String, _ actual: String) -> String {
        let a = expected.components(separatedBy: "\n"), b = actual.components(separatedBy: "\n")
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : "<end>"
            let y = index < b.count ? b[index] : "<end>"
            if x != y { return "line \(index + 1):\n  expected: \(x)\n  actual:   \(y)" }
        }
        return "(no line differs)"
    }
}
