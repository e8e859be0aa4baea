import XCTest

@testable import Handbook

/// `NumberOrder.less` walks the parts in place; it must order exactly as splitting on dots does.
final class NumberOrderTests: XCTestCase {
    /// The definition: parts as `split(separator: ".")` gives them, numbers by value, else text.
    private func splitLess(_ a: String, _ b: String) -> Bool {
        let pa = a.split(separator: "."), pb = b.split(separator: ".")
        for (x, y) in zip(pa, pb) where x != y {
            if let ix = Int(x), let iy = Int(y) { return ix < iy }
            return x < y
        }
        if pa.count != pb.count { return pa.count < pb.count }
        return a < b
    }

    func testOrdersAsTheSplitDefinitionDoes() {
        XCTAssertTrue(NumberOrder.less("7.3.9", "7.3.10"))
        XCTAssertTrue(NumberOrder.less("2.9", "2.10"))
        XCTAssertFalse(NumberOrder.less("2.10", "2.10"))
        XCTAssertTrue(NumberOrder.less("7.3", "7.3.1"))
        let alphabet = Array("0123456789.a-ü+")
        var random = SplitMix64(seed: 5)
        let samples = (0..<400).map { _ in
            String((0..<Int(random.next() % 7)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        } + ["1", "01", "1.", ".1", "1..2", "1.2", "10", "9", "a", "A", "007", "+5", "5"]
        for a in samples {
            for b in samples {
                XCTAssertEqual(NumberOrder.less(a, b), splitLess(a, b), "\(a) < \(b)")
            }
        }
    }
}
