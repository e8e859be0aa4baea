import XCTest

@testable import Handbook

final class YAMLReaderTests: XCTestCase {
    func testScalarsKeepTheirTextAndPositions() throws {
        let node = try YAMLReader.read("id: \"2.10\"\nsections: [\"11.5\", 7.3]\ntitle: 字幕\n")
        guard case .mapping(let pairs) = node.value else { return XCTFail("not a mapping") }
        XCTAssertEqual(pairs.count, 3)
        XCTAssertEqual(pairs[0].value.value, .scalar("2.10", plain: false))
        XCTAssertEqual(pairs[0].value.line, 1)
        XCTAssertEqual(pairs[0].value.column, 5)
        guard case .sequence(let items) = pairs[1].value.value else { return XCTFail("not a list") }
        XCTAssertEqual(items.map(\.value), [.scalar("11.5", plain: false), .scalar("7.3", plain: true)])
        XCTAssertEqual(items[1].column, 20)
        XCTAssertEqual(pairs[2].value.value, .scalar("字幕", plain: true))
    }

    func testSyntaxErrorHasOneBasedPosition() {
        XCTAssertThrowsError(try YAMLReader.read("a: b\nc: d: e\n")) { error in
            let syntax = error as? YAMLReader.SyntaxError
            XCTAssertEqual(syntax?.line, 2)
            XCTAssertEqual(syntax?.column, 5)
            XCTAssertEqual(syntax?.message, "mapping values are not allowed in this context")
        }
    }

    func testAliasesAreRefused() {
        XCTAssertThrowsError(try YAMLReader.read("a: &x 1\nb: *x\n"))
    }

    func testEmptyTextIsAnEmptyMapping() throws {
        XCTAssertEqual(try YAMLReader.read("").value, .mapping([]))
    }
}
