import Foundation
import HandbookTestSupport
import XCTest

@testable import Handbook

final class TemplateSetTests: XCTestCase {
    func testInvalidUTF8InATemplateIsReportedAtItsLineAndColumn() {
        let project = TemporaryProject()
        project.useRepositoryTemplates()
        project.write("templates/page.mustache", bytes: Array("<p>\n<b>ok</b> caf".utf8) + [0xE9] + Array("\n".utf8))
        let engine = DiagnosticEngine()
        let paths = ProjectPaths(root: project.root)
        XCTAssertNil(TemplateSet.load(from: paths.templates, paths: paths, strings: nil, diagnostics: engine))
        XCTAssertEqual(engine.diagnostics.map { "\($0.location) \($0.code.rawValue)" }, ["templates/page.mustache:2:14 invalid-utf8"])
    }

    func testFIFOAmongTheTemplatesIsReportedWithoutBlocking() {
        let project = TemporaryProject()
        project.useRepositoryTemplates()
        XCTAssertEqual(mkfifo(project.root.appendingPathComponent("templates/assets/pipe.js").path, 0o644), 0)
        let engine = DiagnosticEngine()
        let paths = ProjectPaths(root: project.root)
        XCTAssertNil(TemplateSet.load(from: paths.templates, paths: paths, strings: nil, diagnostics: engine))
        XCTAssertEqual(
            engine.diagnostics.map { "\($0.location): \($0.message)" },
            ["templates/assets/pipe.js: this is a named pipe (FIFO), not a regular file; it was not read"])
    }
}
