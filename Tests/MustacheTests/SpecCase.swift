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

    /// The folder of the official spec, beside the project at `../shared/peers/mustache-spec`.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MustacheTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package root
        .appendingPathComponent("../shared/peers/mustache-spec")
        .standardizedFileURL

    /// The cases of spec file `file`, or a skip when the peer suite is not beside the project.
    static func load(_ file: String) throws -> [SpecCase] {
        guard FileManager.default.fileExists(atPath: folder.path) else {
            // In CI a missing suite is a failure: a green run must have run it.
            if ["1", "true"].contains(ProcessInfo.processInfo.environment["CI"]) { throw PeerSuiteMissing(path: folder.path) }
            throw XCTSkip("\(folder.path) not found: peer suite skipped")
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

/// The peer suite is not beside the project, in a run that must not skip it (`CI=1`).
struct PeerSuiteMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) not found, and CI=1 does not allow skipping the peer suite" }
}
