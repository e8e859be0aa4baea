import XCTest

@testable import Handbook

final class RelativeURLTests: XCTestCase {
    func testLinksBetweenFilesAreRelative() {
        XCTAssertEqual(RelativeURL.from("en/practices/1.1.html", to: "en/sections/16.1.html"), "../sections/16.1.html")
        XCTAssertEqual(RelativeURL.from("en/practices/1.1.html", to: "en/practices/1.2.html"), "1.2.html")
        XCTAssertEqual(RelativeURL.from("en/index.html", to: "zh-Hant/index.html"), "../zh-Hant/index.html")
        XCTAssertEqual(RelativeURL.from("index.html", to: "en/index.html"), "en/index.html")
        XCTAssertEqual(RelativeURL.root(from: "en/practices/1.1.html"), "../../")
    }

    func testEveryPageLinksToAFileNeverAFolder() {
        for key in [PageKey.practice("1.1"), .section("7.3"), .page("index"), .page("practices"), .page("a-z")] {
            XCTAssertTrue(OutputLayout.path(of: key, in: "en").rawValue.hasSuffix(".html"), "\(key)")
        }
    }
}
