import HandbookTestSupport
import XCTest

@testable import Handbook

final class OutputWriterTests: XCTestCase {
    func testWritingReplacesTheWholeOutputFolder() throws {
        let project = TemporaryProject()
        let output = project.root.appendingPathComponent("public")
        try OutputWriter().write([OutputFile(path: "old.html", text: "old")], to: output)
        try OutputWriter().write([OutputFile(path: "en/index.html", text: "new")], to: output)
        XCTAssertEqual(project.files(under: "public").keys.sorted(), [".handbook-output", "en/index.html"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "staging or retired folders left behind")
    }

    func testAnOutputPathThatIsAFileIsRefusedAndKept() {
        let project = TemporaryProject(files: "-- public --\nI am a file\n")
        let output = project.root.appendingPathComponent("public")
        XCTAssertThrowsError(try OutputWriter().write([OutputFile(path: "a.html", text: "x")], to: output))
        XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), "I am a file\n")
    }

    func testPathsLeavingTheOutputFolderAreRefusedAndOldOutputKept() {
        let project = TemporaryProject()
        let output = project.root.appendingPathComponent("public")
        try? OutputWriter().write([OutputFile(path: "keep.html", text: "keep")], to: output)
        XCTAssertThrowsError(try OutputWriter().write([OutputFile(path: "../escape.html", text: "x")], to: output)) { error in
            XCTAssertEqual(error as? OutputWriter.Failure, .unsafePath("../escape.html"))
        }
        XCTAssertEqual(project.files(under: "public").keys.sorted(), [".handbook-output", "keep.html"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.root.appendingPathComponent("escape.html").path))
    }

    /// A rebuild links files whose bytes did not change instead of writing them again, and writes
    /// the others; either way the new output holds exactly the new bytes.
    func testUnchangedFilesAreLinkedAndChangedOnesWritten() throws {
        let project = TemporaryProject()
        let output = project.root.appendingPathComponent("public")
        try OutputWriter().write([OutputFile(path: "a.html", text: "same"), OutputFile(path: "b.html", text: "old")], to: output)
        let inode = { (name: String) in
            try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(name).path)[.systemFileNumber] as? Int
        }
        let (a, b) = (try inode("a.html"), try inode("b.html"))
        try OutputWriter().write([OutputFile(path: "a.html", text: "same"), OutputFile(path: "b.html", text: "new")], to: output)
        XCTAssertEqual(project.files(under: "public").filter { $0.key != ".handbook-output" }, ["a.html": Array("same".utf8), "b.html": Array("new".utf8)])
        XCTAssertEqual(try inode("a.html"), a, "the unchanged file should be the same file, linked")
        XCTAssertNotEqual(try inode("b.html"), b)
        let links = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent("a.html").path)[.referenceCount] as? Int
        XCTAssertEqual(links, 1, "the old output, which shared the file, is gone")
    }
}
