import Mustache
import XCTest

/// Typed views read like hashes: their keys resolve, a key they do not answer falls through to the
/// frames below, dotted names walk into them, and `nameUses` lists every name with its place.
final class MustacheViewTests: XCTestCase {
    private struct Person: MustacheView, Equatable {
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

    /// A view that answers keys it does not list: a cache comparing contexts must not take two of
    /// them for the same because they agree on the (no) keys listed.
    private struct Table: MustacheView, Equatable {
        static let keys: [String] = []
        let values: [String: String]

        func value(for key: String) -> MustacheValue? { values[key].map(MustacheValue.string) }
    }

    /// Laid out as `Table` is, but another type: never equal to a table.
    private struct TableTwin: MustacheView, Equatable {
        static let keys: [String] = []
        let values: [String: String]

        func value(for key: String) -> MustacheValue? { values[key].map(MustacheValue.string) }
    }

    /// The same, but not comparable.
    private struct Opaque: MustacheView {
        static let keys = ["name"]
        func value(for key: String) -> MustacheValue? { key == "name" ? "x" : nil }
    }

    func testViewsAreEqualOnlyWhenTheirTypeSaysSo() {
        XCTAssertEqual(MustacheValue.view(Person(name: "Ann", tags: ["a"])), .view(Person(name: "Ann", tags: ["a"])))
        XCTAssertNotEqual(MustacheValue.view(Person(name: "Ann", tags: ["a"])), .view(Person(name: "Ann", tags: ["b"])))
        // Equal on every listed key (none), different in what they render.
        XCTAssertNotEqual(MustacheValue.view(Table(values: ["a": "1"])), .view(Table(values: ["a": "2"])))
        XCTAssertEqual(MustacheValue.array([.view(Table(values: ["a": "1"]))]), .array([.view(Table(values: ["a": "1"]))]))
        XCTAssertNotEqual(MustacheValue.view(Table(values: ["a": "1"])), .view(TableTwin(values: ["a": "1"])))
        // A view that cannot be compared is never equal, not even to itself.
        XCTAssertNotEqual(MustacheValue.view(Opaque()), .view(Opaque()))
        XCTAssertNotEqual(MustacheValue.view(Person(name: "x")), .view(Opaque()))
    }

    /// A view whose keys are written once, beside how each is read.
    private struct Place: FieldedView, Equatable {
        static let fields: [ViewField<Place>] = [
            ViewField("name") { view in .string(view.name) },
            ViewField("near") { view in view.near.isEmpty ? nil : .array(view.near.map(MustacheValue.string)) },
        ]
        let name: String
        var near: [String] = []
    }

    func testAFieldedViewListsItsFieldsAsKeysAndAnswersThemOnly() throws {
        XCTAssertEqual(Place.keys, ["name", "near"])
        let place = MustacheValue.view(Place(name: "Sha Tin", near: ["Tai Wai"]))
        XCTAssertEqual(place["name"], "Sha Tin")
        XCTAssertEqual(place["near"], .array(["Tai Wai"]))
        XCTAssertNil(place["city"])
        // A field that answers nil lets the lookup go on down the stack, as a missing key does.
        let library = try TemplateLibrary(templates: ["t": "{{name}}: {{#place}}{{name}} near {{near}}{{/place}}"])
        XCTAssertEqual(try library.render("t", ["name": "outer", "near": "none", "place": .view(Place(name: "Sha Tin"))]), "outer: Sha Tin near none")
        XCTAssertEqual(place, .view(Place(name: "Sha Tin", near: ["Tai Wai"])))
        XCTAssertNotEqual(place, .view(Place(name: "Sha Tin")))
    }

    func testNameUsesListEveryNameWithItsLineAndColumn() throws {
        let library = try TemplateLibrary(templates: ["t": "a {{x}}\n{{#y.z}}{{.}}{{/y.z}}{{>*w}}", "w": ""])
        let uses = library.nameUses().map { "\($0.templateName):\($0.line):\($0.column) \($0.components.joined(separator: "."))" }
        XCTAssertEqual(uses, ["t:1:3 x", "t:2:1 y.z", "t:2:9 ", "t:2:22 w"])
    }
}
