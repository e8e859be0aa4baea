import Foundation
import Mustache
import XCTest

/// One test of a Mustache spec file: a template, its data and partials, and the expected output.
struct SpecCase {
    let name: String
    let template: String
    let data: MustacheValue
    let partials: [String: String]
    let expected: String

    /// The folder of the official spec, `Tests/Peers/mustache-spec` (with its licence).
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MustacheTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package root
        .appendingPathComponent("Tests/Peers/mustache-spec")
        .standardizedFileURL

    /// The cases of spec file `file`.
    static func load(_ file: String) throws -> [SpecCase] {
        guard FileManager.default.fileExists(atPath: folder.path) else {
            // The suite is part of the repository: missing, it fails rather than skips.
            throw PeerSuiteMissing(path: folder.path)
        }
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try XCTUnwrap(root["tests"] as? [[String: Any]], "\(file) has no tests")
        return try tests.map { test in
            SpecCase(
                name: try XCTUnwrap(test["name"] as? String),
                template: try XCTUnwrap(test["template"] as? String),
                data: value(of: test["data"] ?? NSNull()),
                partials: test["partials"] as? [String: String] ?? [:],
                expected: try XCTUnwrap(test["expected"] as? String)
            )
        }
    }

    /// Converts what JSONSerialization returns into a `MustacheValue`.
    ///
    /// Foundation on Linux answers `true` to `1 is Bool`, so booleans are told apart from numbers by
    /// their Objective-C type code: `c` (char) for booleans, `d` or `f` for floating point.
    static func value(of json: Any) -> MustacheValue {
        switch json {
        case let text as String:
            return .string(text)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default: return .int(number.intValue)
            }
        case let array as [Any]:
            return .array(array.map(value(of:)))
        case let object as [String: Any]:
            return .object(object.mapValues(value(of:)))
        default:
            return .null
        }
    }
}

/// The peer suite's files are missing from the checkout.
struct PeerSuiteMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) not found: the peer suite is part of the repository" }
}
