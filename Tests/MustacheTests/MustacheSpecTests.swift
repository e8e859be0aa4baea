import Mustache
import XCTest

/// Runs every case of the official Mustache spec files in `Tests/Peers/mustache-spec/`.
///
/// The optional lambdas module is left out: the library has no lambdas.
final class MustacheSpecTests: XCTestCase {
    func testCommentsSpec() throws { try runSpec("comments.json") }

    func testDelimitersSpec() throws { try runSpec("delimiters.json") }

    func testInterpolationSpec() throws { try runSpec("interpolation.json") }

    func testInvertedSpec() throws { try runSpec("inverted.json") }

    func testPartialsSpec() throws { try runSpec("partials.json") }

    func testSectionsSpec() throws { try runSpec("sections.json") }

    func testInheritanceSpec() throws { try runSpec("~inheritance.json") }

    func testDynamicNamesSpec() throws { try runSpec("~dynamic-names.json") }

    /// The key the case's template is registered under; it holds a space, so no partial tag can name it.
    private let templateKey = "spec template"

    private func runSpec(_ file: String, line: UInt = #line) throws {
        let cases = try SpecCase.load(file)
        XCTAssertFalse(cases.isEmpty, "\(file) holds no cases", line: line)
        var passed = 0
        for test in cases {
            var templates = test.partials
            templates[templateKey] = test.template
            do {
                let library = try TemplateLibrary(templates: templates)
                let actual = try library.render(templateKey, test.data)
                if actual == test.expected {
                    passed += 1
                } else {
                    XCTFail(
                        "\(file) – \(test.name): expected \(test.expected.debugDescription), "
                            + "got \(actual.debugDescription)",
                        line: line)
                }
            } catch {
                XCTFail("\(file) – \(test.name): threw \(error)", line: line)
            }
        }
        print("\(file): \(passed) of \(cases.count) cases pass")
    }
}
