import RequestPath
import XCTest

final class RequestPathTests: XCTestCase {
    private func normalise(_ path: String) -> Result<RequestPath.Target, RequestPath.Refusal> {
        RequestPath.normalise(Array(path.utf8))
    }

    func testPlainPathsAndFolders() {
        XCTAssertEqual(normalise("/"), .success(.directory("")))
        XCTAssertEqual(normalise("/en/"), .success(.directory("en")))
        XCTAssertEqual(normalise("/en"), .success(.file("en")))
        XCTAssertEqual(normalise("/en/practices/1.1.html?x=1"), .success(.file("en/practices/1.1.html")))
        XCTAssertEqual(normalise("/zh-Hant/%E7%AF%84.html"), .success(.file("zh-Hant/範.html")))
        XCTAssertEqual(normalise("/a%20b"), .success(.file("a b")))
    }

    func testTraversalAndForbiddenBytesAreRefused() {
        XCTAssertEqual(normalise("/../etc/passwd"), .failure(.dotOrEmptyName))
        XCTAssertEqual(normalise("/%2e%2e/etc/passwd"), .failure(.dotOrEmptyName))
        XCTAssertEqual(normalise("/%2E%2E/etc/passwd"), .failure(.dotOrEmptyName))
        XCTAssertEqual(normalise("/en/./index.html"), .failure(.dotOrEmptyName))
        XCTAssertEqual(normalise("/..%2fetc%2fpasswd"), .failure(.forbiddenCharacter))
        XCTAssertEqual(normalise("/..%5cetc"), .failure(.forbiddenCharacter))
        XCTAssertEqual(normalise("/index.html%00.css"), .failure(.forbiddenCharacter))
        XCTAssertEqual(normalise("//etc/passwd"), .failure(.dotOrEmptyName))
        XCTAssertEqual(normalise("http://example.org/etc/passwd"), .failure(.notAbsolutePath))
        XCTAssertEqual(normalise("etc/passwd"), .failure(.notAbsolutePath))
        XCTAssertEqual(normalise(""), .failure(.notAbsolutePath))
        XCTAssertEqual(normalise("/%zz"), .failure(.badEscape))
        XCTAssertEqual(normalise("/%2"), .failure(.badEscape))
        XCTAssertEqual(normalise("/%ff"), .failure(.notUTF8))
        XCTAssertEqual(normalise("/" + String(repeating: "a", count: 3000)), .failure(.tooLong))
    }

    func testEncodingRoundTrips() {
        for target: RequestPath.Target in [.file("en/practices/1.1.html"), .directory(""), .directory("zh-Hans"), .file("a b/%.html")] {
            XCTAssertEqual(RequestPath.normalise(Array(RequestPath.encode(target).utf8)), .success(target))
        }
    }
}
