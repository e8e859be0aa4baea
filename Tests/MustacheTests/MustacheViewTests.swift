import Mustache
import XCTest

/// Typed views read like hashes: their keys resolve, a key they do not answer falls through to the
/// frames below, dotted names walk into them, and `nameUses` lists every name with its place.
final class MustacheViewTests: XCTestCase {
    private struct Person: MustacheView {
        static let keys = ["name", "friend", "tags"]
        let name: String
        /// A friend's view, as a value (a struct cannot hold itself).
        var friend: MustacheValue?
        var tags: [String] = []

        func value(for key: String) -> MustacheValue? {
            switch key {
            case "name": return .string(name)
            case "friend": return friend
            case "tags": return .array(tags.map(MustacheValue.string))
            default: return nil
            }
        }
    }

    func testAViewAnswersItsKeysAndDottedNamesWalkIntoViews() throws {
        let library = try TemplateLibrary(templates: ["t": "{{name}} & {{friend.name}}: {{#tags}}[{{.}}]{{/tags}}"])
        let person = Person(name: "Ann <1>", friend: .view(Person(name: "Bo")), tags: ["a", "b"])
        XCTAssertEqual(try library.render("t", .view(person)), "Ann &lt;1&gt; & Bo: [a][b]")
    }

    func testAKeyAViewDoesNotAnswerFallsThroughToTheFrameBelow() throws {
        let library = try TemplateLibrary(templates: ["t": "{{#friend}}{{name}} in {{city}}{{/friend}}{{^friend}}none{{/friend}}"])
        let person = Person(name: "Ann", friend: .view(Person(name: "Bo")))
        XCTAssertEqual(try library.render("t", ["city": "Kowloon", "friend": .view(Person(name: "Bo"))]), "Bo in Kowloon")
        XCTAssertEqual(try library.render("t", .view(Person(name: "Cy"))), "none")
        XCTAssertEqual(MustacheValue.view(person)["friend"]?["name"], .string("Bo"))
        XCTAssertEqual(MustacheValue.view(person)["city"], nil)
    }

    func testNameUsesListEveryNameWithItsLineAndColumn() throws {
        let library = try TemplateLibrary(templates: ["t": "a {{x}}\n{{#y.z}}{{.}}{{/y.z}}{{>*w}}", "w": ""])
        let uses = library.nameUses().map { "\($0.templateName):\($0.line):\($0.column) \($0.components.joined(separator: "."))" }
        XCTAssertEqual(uses, ["t:1:3 x", "t:2:1 y.z", "t:2:9 ", "t:2:22 w"])
    }
}
