import Foundation
import XCTest

@testable import Handbook

/// The query plans of the Swift ranking helper agree with `search.js` on the shared vectors.
final class SearchQueryPlanTests: XCTestCase {
    private struct Vectors: Decodable {
        struct Vector: Decodable {
            var query: String
            var units: Int
            var terms: [Term]
        }
        /// A `[term, [units]]` pair of the JSON file.
        struct Term: Decodable {
            var term: String
            var units: [Int]
            init(from decoder: Decoder) throws {
                var container = try decoder.unkeyedContainer()
                term = try container.decode(String.self)
                units = try container.decode([Int].self)
            }
        }
        var vectors: [Vector]
    }

    func testEverySharedVectorGivesItsPlan() throws {
        let data = try Data(contentsOf: SearchFixture.folder.appendingPathComponent("query-plan-vectors.json"))
        let vectors = try JSONDecoder().decode(Vectors.self, from: data).vectors
        XCTAssertFalse(vectors.isEmpty)
        for vector in vectors {
            let plan = SearchQueryPlan(vector.query)
            XCTAssertEqual(plan.units, vector.units, vector.query)
            XCTAssertEqual(plan.terms.map(\.term), vector.terms.map(\.term), vector.query)
            XCTAssertEqual(plan.terms.map(\.units), vector.terms.map(\.units), vector.query)
        }
    }
}
