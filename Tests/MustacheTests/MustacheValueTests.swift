import Mustache
import XCTest

/// Swift literals build the values templates render.
final class MustacheValueTests: XCTestCase {
    func testLiteralsBuildTheMatchingCases() {
        let value: MustacheValue = [
            "text": "a", "flag": true, "count": 3, "ratio": 0.5, "list": [1, "b"], "none": nil,
        ]
        XCTAssertEqual(
            value,
            .object([
                "text": .string("a"), "flag": .bool(true), "count": .int(3), "ratio": .double(0.5),
                "list": .array([.int(1), .string("b")]), "none": .null,
            ])
        )
    }

    func testRepeatedDictionaryLiteralKeysKeepTheLastValue() {
        let value: MustacheValue = ["k": 1, "k": 2]
        XCTAssertEqual(value, .object(["k": .int(2)]))
    }
}
