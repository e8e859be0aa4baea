import Foundation
import Handbook
import HandbookTestSupport
import XCTest

/// Builds every fixture under `Fixtures/<feature>/<case>/` and compares the result with its
/// `expected/` folder: the whole output for a clean build, or `stderr.txt` and `exit-code` for a
/// failing one (only the pages `expected/focus.txt` lists, if it exists, beside the list of every file
/// written). Fixtures without a `templates/` folder use the repository's templates; every fixture
/// inherits the repository's strings it does not define (`TemporaryProject.inheritRepositoryStrings`).
final class GoldenTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func testEveryFixtureMatchesItsGoldenFiles() throws {
        let cases = try fixtureCases()
        XCTAssertGreaterThan(cases.count, 5, "fixtures not found")
        for fixture in cases {
            check(fixture)
        }
    }

    private func fixtureCases() throws -> [URL] {
        let manager = FileManager.default
        var out: [URL] = []
        for feature in try manager.contentsOfDirectory(atPath: Self.fixtures.path).sorted() {
            let folder = Self.fixtures.appendingPathComponent(feature)
            for name in try manager.contentsOfDirectory(atPath: folder.path).sorted() {
                out.append(folder.appendingPathComponent(name))
            }
        }
        return out
    }

    private func check(_ fixture: URL) {
        let name = fixture.deletingLastPathComponent().lastPathComponent + "/" + fixture.lastPathComponent
        let project = TemporaryProject()
        project.copy(fixture.appendingPathComponent("content"), to: "content")
        let ownTemplates = fixture.appendingPathComponent("templates")
        let hasOwnTemplates = FileManager.default.fileExists(atPath: ownTemplates.path)
        if hasOwnTemplates {
            project.copy(ownTemplates, to: "templates")
            project.inheritRepositoryStrings()
        } else {
            project.useRepositoryTemplates()
        }
        // A previous site, which a failing build must leave exactly as it was.
        project.write("public/index.html", "previous site\n")
        project.write("public/en/old.html", "previous page\n")
        let marker = OutputMarker.file(listing: ["index.html", "en/old.html"])
        project.write("public/" + marker.path.rawValue, bytes: marker.contents)
        let previous = project.files(under: "public")
        let run = CommandRun.handbook(["build"], in: project.root)
        let expected = fixture.appendingPathComponent("expected")
        let failing = FileManager.default.fileExists(atPath: expected.appendingPathComponent("exit-code").path)
        if failing || (Golden.isRecording && run.exitCode != 0) {
            Golden.assertText(run.stderr, equal: expected.appendingPathComponent("stderr.txt"))
            Golden.assertText("\(run.exitCode)\n", equal: expected.appendingPathComponent("exit-code"))
            XCTAssertTrue(project.files(under: "public") == previous, "\(name): a failed build changed public/")
        } else {
            XCTAssertEqual(run.exitCode, 0, "\(name): build failed:\n\(run.stderr)")
            // Assets are the repository's own files, copied unchanged; the pages are what is compared.
            var output = project.files(under: "public").filter { !$0.key.hasPrefix("assets/") && $0.key != OutputMarker.fileName }
            // A case about some pages (`focus.txt` lists them) keeps only their bytes, and the list of
            // every file it writes: the other pages are the basic case's, and their goldens would
            // only have to be re-recorded with every change to the templates.
            if let focus = try? String(contentsOf: expected.appendingPathComponent("focus.txt"), encoding: .utf8) {
                let pages = Set(focus.split(separator: "\n").map(String.init))
                XCTAssertTrue(pages.isSubset(of: output.keys), "\(name): focus.txt names pages the build does not write")
                Golden.assertText(output.keys.sorted().joined(separator: "\n") + "\n", equal: expected.appendingPathComponent("files.txt"))
                output = output.filter { pages.contains($0.key) }
            }
            Golden.assertFiles(output, equal: expected.appendingPathComponent("public"))
        }
    }
}
