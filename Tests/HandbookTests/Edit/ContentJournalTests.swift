import Foundation
import HandbookTestSupport
import XCTest

@testable import Handbook

/// The journal and the check every content edit goes through (the kill test in HandbookCLITests
/// cuts real commands short at every step).
final class ContentJournalTests: XCTestCase {
    private var project: TemporaryProject!

    override func setUp() {
        project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("Tests/GoldenTests/Fixtures/site/basic/content"), to: "content")
    }

    private var content: URL { project.root.appendingPathComponent("content") }
    private var about: URL { content.appendingPathComponent("en/pages/about.md") }

    func testAnEditThatAddsAnErrorIsRefusedWithItsLocationAndNothingChanges() throws {
        let before = project.files(under: "content")
        let edit = ContentEdit(action: "a test edit")
        edit.write(try String(contentsOf: about, encoding: .utf8) + "\nSee <b onmouseover=x>this</b> and [](sec:99).\n", to: about)
        XCTAssertThrowsError(try ContentJournal(content: content).apply(edit)) { error in
            let failure = error as! ContentJournal.Failure
            XCTAssertEqual(Set(failure.diagnostics.map(\.code)), [.rawHtml, .brokenLink], "\(failure.diagnostics)")
            XCTAssertTrue(failure.diagnostics.allSatisfy { $0.location.path.hasSuffix("content/en/pages/about.md") }, "\(failure.diagnostics)")
        }
        XCTAssertEqual(project.files(under: "content"), before)
    }

    func testACleanEditIsMadeAndLeavesNoJournal() throws {
        let edit = ContentEdit(action: "a test edit")
        edit.write("---\nid: \"notes\"\ntitle: Notes\nsummary: Notes.\n---\n\nA new page.\n", to: content.appendingPathComponent("en/pages/notes.md"))
        try ContentJournal(content: content).apply(edit)
        XCTAssertNotNil(project.files(under: "content")["en/pages/notes.md"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.root.appendingPathComponent(".handbook-journal").path))
        XCTAssertNil(try ContentJournal(content: content).recover(undo: false), "nothing to recover")
    }

    func testAnEditOutsideTheProjectIsRefused() {
        let edit = ContentEdit(action: "a test edit")
        edit.write("x", to: URL(fileURLWithPath: "/tmp/handbook-journal-outside.txt"))
        XCTAssertThrowsError(try ContentJournal(content: content).apply(edit, check: false))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/handbook-journal-outside.txt"))
    }

    func testADamagedJournalIsReportedWithWhatToDo() throws {
        let journal = project.root.appendingPathComponent(".handbook-journal")
        try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: journal.appendingPathComponent("plan.json"))
        XCTAssertNotNil(ContentJournal(content: content).interrupted())
        XCTAssertThrowsError(try ContentJournal(content: content).recover(undo: false)) { error in
            XCTAssertTrue((error as! ContentJournal.Failure).message.contains("damaged"), "\(error)")
        }
    }
}
