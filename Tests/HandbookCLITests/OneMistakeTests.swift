import Foundation
import HandbookTestSupport
import XCTest

/// One change to a copy of the small golden site each, and the exact errors it gives: one error at
/// the cause (a renamed ID, a renamed required heading), the conflicts of `static/`, and what
/// `static/` adds to a good build. Kept here rather than as copies of the whole site under
/// GoldenTests/Fixtures, which would drift apart.
final class OneMistakeTests: XCTestCase {
    private var project: TemporaryProject!

    override func setUp() {
        project = TemporaryProject()
        project.copy(I18nCommandTests.fixture, to: "content")
        project.useRepositoryTemplates()
    }

    private func edit(_ path: String, _ old: String, _ new: String) throws {
        let url = project.root.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(old), path)
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    private func failedBuild() -> String {
        let run = CommandRun.handbook(["build"], in: project.root)
        XCTAssertEqual(run.exitCode, 1)
        return run.stderr
    }

    func testARenamedIDIsOneErrorAtTheID() throws {
        try edit("content/en/practices/2.10.md", "id: \"2.10\"", "id: \"2.11\"")
        XCTAssertEqual(failedBuild(), """
            content/en/practices/2.10.md:2:5: error: 3 references to bp:2.10 in 3 files and 1 translation of it broke: this file was bp:2.10, and its ID now says "2.11" [broken-link]
                content/en/practices/1.1.md:10:48: note: the first is here
                note: set the ID back to "2.10", or rename the file and change what names bp:2.10
            content/en/practices/2.10.md:2:5: error: the file of bp:2.11 must be named 2.11.md [file-name]
                note: rename the file, or correct the ID
            2 errors (1 broken-link, 1 file-name), 0 warnings
            build failed; public/ was left as it was

            """)
    }

    func testARenamedHeadingDoesNotAskTranslationsForTheNewAnchor() throws {
        try edit("content/en/practices/2.10.md", "## How to test\n", "## Testing the timer\n")
        XCTAssertEqual(failedBuild(), """
            content/en/practices/2.10.md:19:1: error: the page has no heading "How to test" (#how-to-test) [missing-heading]
                content/en/practices/2.10.md:19:1: note: is this it, renamed? "Testing the timer" has the anchor "testing-the-timer"
                note: write "## How to test"; a translation keeps the anchor: "## … {#how-to-test}"
                note: 1 translation of this page lacks #testing-the-timer as well; it keeps #how-to-test and needs no change once the heading is restored
            1 error (1 missing-heading), 0 warnings
            build failed; public/ was left as it was

            """)
    }

    func testStaticFilesThatWouldReplaceTheBuildsAreRefused() {
        project.write("static/en/index.html", "<p>mine</p>\n")
        project.write("static/.handbook-output", "x\n")
        XCTAssertEqual(failedBuild(), """
            static/.handbook-output: error: .handbook-output is the name of the output folder's own marker [static-conflict]
                note: rename or remove it
            static/en/index.html: error: this file would replace the en/index.html that the build writes [static-conflict]
                note: rename it, or remove it from static/
            2 errors (2 static-conflict), 0 warnings
            build failed; public/ was left as it was

            """)
    }

    func testStaticFilesAreCopiedAsTheyAre() {
        let files = ["CNAME": "handbook.example.org\n", ".nojekyll": "", "icons/favicon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"]
        for (path, text) in files { project.write("static/" + path, text) }
        let run = CommandRun.handbook(["build"], in: project.root)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        let output = project.files(under: "public")
        for (path, text) in files { XCTAssertEqual(output[path], Array(text.utf8), path) }
        XCTAssertNotNil(output["en/index.html"])
        // The next build takes them as its own and does not refuse the folder.
        XCTAssertEqual(CommandRun.handbook(["build", "--no-cache"], in: project.root).exitCode, 0)
    }
}
