import Foundation
import Glibc
import HandbookTestSupport
import XCTest

/// The real `handbook serve` against 127.0.0.1: what it serves, what it refuses, how it holds up
/// under load and against a silent client, and how it stops. One server for the whole class.
final class ServeProcessTests: XCTestCase {
    nonisolated(unsafe) static var server: ServerProcess?

    override class func setUp() {
        server = try? ServerProcess()
    }

    override class func tearDown() {
        // A clean stop is asserted in `testStopsCleanlyOnSignal`; this only makes sure nothing is left running.
        _ = server?.stop()
        server = nil
    }

    private func running() throws -> ServerProcess {
        guard FileManager.default.isExecutableFile(atPath: ServerProcess.executable.path) else {
            throw XCTSkip("build the executable first (swift build); bin/test does")
        }
        guard let server = Self.server, server.process.isRunning else {
            XCTFail("the server did not start: \(Self.server?.stdout ?? "")")
            throw XCTSkip("no server")
        }
        return server
    }

    /// Every file of the output, fetched: the same bytes, except that HTML carries the reload hook
    /// and a policy allowing it; taking both out gives the file back exactly.
    func testEveryFileIsServedAsBuilt() throws {
        let server = try running()
        let files = TemporaryProject.files(in: server.publicFolder).filter { !$0.key.split(separator: "/").contains { $0.hasPrefix(".") } }
        XCTAssertGreaterThan(files.count, 20)
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let encoded = "/" + path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
            guard let response = RawHTTP.request("GET", encoded, port: server.port) else { return XCTFail("no answer for \(path)") }
            XCTAssertEqual(response.status, 200, path)
            XCTAssertEqual(response.headers["x-content-type-options"], "nosniff", path)
            let type = response.headers["content-type"] ?? ""
            guard path.hasSuffix(".html") else {
                XCTAssertEqual(response.body, bytes, path)
                if path.hasSuffix(".css") || path.hasSuffix(".js") || path.hasSuffix(".json") || path.hasSuffix(".xml") {
                    XCTAssertTrue(type.hasSuffix("; charset=utf-8"), "\(path): \(type)")
                }
                continue
            }
            XCTAssertEqual(type, "text/html; charset=utf-8", path)
            let policy = response.headers["content-security-policy"] ?? ""
            // The hook's hash joins the page's own script sources (404.html has none of its own).
            XCTAssertNotNil(policy.range(of: #"script-src [^;]*'sha256-"#, options: .regularExpression), "\(path): \(policy)")
            XCTAssertTrue(policy.contains("connect-src 'self'"), "\(path): \(policy)")
            XCTAssertTrue(policy.hasPrefix("default-src 'none'; style-src 'self' file:"), "\(path): \(policy)")
            var served = String(decoding: response.body, as: UTF8.self)
            let original = String(decoding: bytes, as: UTF8.self)
            guard let hook = served.range(of: #"<script data-build="[0-9]+"[^>]*>\(function \(\) \{[\s\S]*?\}\)\(\);</script>\n"#, options: .regularExpression) else {
                XCTFail("\(path): no reload hook")
                continue
            }
            served.removeSubrange(hook)
            XCTAssertNil(served.range(of: "<script data-build="), "\(path): more than one hook")
            served = served.replacingOccurrences(of: policy, with: sitePolicy(of: original))
            XCTAssertEqual(Array(served.utf8), bytes, "\(path) is not the built file plus the hook")
        }
    }

    private func sitePolicy(of html: String) -> String {
        guard let start = html.range(of: #"http-equiv="Content-Security-Policy" content=""#) else { return "" }
        let rest = html[start.upperBound...]
        return String(rest[..<rest.firstIndex(of: "\"")!])
    }

    func testFoldersGiveTheirIndexAndMissingPagesA404InTheirLanguage() throws {
        let server = try running()
        // Without the site's own 404.html, the built-in page answers.
        try FileManager.default.removeItem(at: server.publicFolder.appendingPathComponent("404.html"))
        let index = try XCTUnwrap(RawHTTP.request("GET", "/en/", port: server.port))
        XCTAssertEqual(index.status, 200)
        XCTAssertTrue(String(decoding: index.body, as: UTF8.self).contains("<html lang=\"en\""))
        let bare = try XCTUnwrap(RawHTTP.request("GET", "/en", port: server.port))
        XCTAssertEqual(bare.status, 301)
        XCTAssertEqual(bare.headers["location"], "/en/")
        let missing = try XCTUnwrap(RawHTTP.request("GET", "/en/practices/9.9.html", port: server.port))
        XCTAssertEqual(missing.status, 404)
        let page = String(decoding: missing.body, as: UTF8.self)
        XCTAssertTrue(page.contains("<html lang=\"en\">") && page.contains("<main>") && page.contains("<h1>"), page)
        XCTAssertTrue(page.contains("<a href=\"/en/\">"), page)
        let hidden = try XCTUnwrap(RawHTTP.request("GET", "/.handbook-output", port: server.port))
        XCTAssertEqual(hidden.status, 404)
    }

    func testTheSitesOwn404PageIsServedWhenThereIsOne() throws {
        let server = try running()
        let page = server.publicFolder.appendingPathComponent("404.html")
        try Data("<!DOCTYPE html><html lang=\"en\"><title>Lost</title><body><main><h1>Lost</h1></main></body></html>\n".utf8).write(to: page)
        defer { try? FileManager.default.removeItem(at: page) }
        let missing = try XCTUnwrap(RawHTTP.request("GET", "/en/nowhere.html", port: server.port))
        XCTAssertEqual(missing.status, 404)
        let text = String(decoding: missing.body, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("<!DOCTYPE html><html lang=\"en\"><title>Lost</title><body><main><h1>Lost</h1></main><script data-build="), text)
    }

    func testTraversalIsRefusedAndNothingOutsideIsServed() throws {
        let server = try running()
        let link = server.publicFolder.appendingPathComponent("etc-link")
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/etc")
        defer { try? FileManager.default.removeItem(at: link) }
        let attempts = [
            "/../etc/passwd", "/../../../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E/%2E%2E/etc/passwd", "/..%2fetc%2fpasswd",
            "/..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/en/../../etc/passwd", "/..%5c..%5cetc%5cpasswd",
            "/index.html%00", "/%00", "/etc/passwd%00.html", "//etc/passwd", "/etc/passwd", "/%2fetc%2fpasswd",
            "http://127.0.0.1/../etc/passwd", "/etc-link/passwd", "/etc-link/", "/etc-link", "/.%2e/etc/passwd", "/%252e%252e/etc/passwd",
        ]
        for target in attempts {
            let response = try XCTUnwrap(RawHTTP.request("GET", target, port: server.port), target)
            XCTAssertTrue([400, 404].contains(response.status), "\(target): \(response.status)")
            XCTAssertFalse(String(decoding: response.body, as: UTF8.self).contains("root:"), target)
        }
    }

    func testOnlyGetAndHeadAreAnswered() throws {
        let server = try running()
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            let response = try XCTUnwrap(RawHTTP.request(method, "/index.html", port: server.port, body: "x=1"), method)
            XCTAssertEqual(response.status, 405, method)
            XCTAssertEqual(response.headers["allow"], "GET, HEAD", method)
        }
        let head = try XCTUnwrap(RawHTTP.request("HEAD", "/en/index.html", port: server.port))
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.body, [])
        XCTAssertGreaterThan(Int(head.headers["content-length"] ?? "") ?? 0, 1000)
    }

    func testTwoHundredConcurrentRequestsAreAllAnswered() throws {
        let server = try running()
        let expected = try [UInt8](Data(contentsOf: server.publicFolder.appendingPathComponent("assets/handbook.css")))
        let group = DispatchGroup()
        let answered = Counter()
        let started = Date()
        for _ in 0..<200 {
            group.enter()
            Thread {
                let response = RawHTTP.request("GET", "/assets/handbook.css", port: server.port)
                if response?.status == 200 && response?.body == expected { answered.add() }
                group.leave()
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success, "requests still open after 60 s")
        XCTAssertEqual(answered.value, 200)
        print("200 concurrent requests answered in \(Int(Date().timeIntervalSince(started) * 1000)) ms")
    }

    func testASilentClientIsDroppedAfterTheTimeoutWithoutBlockingOthers() throws {
        let server = try running()
        let silent = try XCTUnwrap(RawHTTP.connect(port: server.port, timeout: 20))
        defer { close(silent) }
        let started = Date()
        let other = try XCTUnwrap(RawHTTP.request("GET", "/index.html", port: server.port))
        XCTAssertEqual(other.status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "a silent connection held up another request")
        var byte: UInt8 = 0
        let count = recv(silent, &byte, 1, 0)
        let waited = Date().timeIntervalSince(started)
        XCTAssertEqual(count, 0, "the silent connection was not closed by the server (errno \(errno))")
        XCTAssertGreaterThan(waited, 3)
        XCTAssertLessThan(waited, 15)
    }

    func testAPortInUseIsNamedWithTheNextOne() throws {
        let project = TemporaryProject()
        let taken = try XCTUnwrap(RawHTTP.listen())
        defer { close(taken.descriptor) }
        let run = CommandRun.handbook(["serve", "--port", String(taken.port)], in: project.root)
        XCTAssertEqual(run.exitCode, 2)
        XCTAssertEqual(run.stderr, "handbook: error: port \(taken.port) is in use; try --port \(taken.port + 1)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.root.appendingPathComponent("public").path))
    }

    /// Last in the class (tests run in name order): SIGINT closes the socket and exits 0.
    func testZStopsCleanlyOnSignal() throws {
        let server = try running()
        XCTAssertEqual(server.stop(SIGINT), 0)
        XCTAssertNil(RawHTTP.connect(port: server.port, timeout: 2), "still listening after the stop")
        XCTAssertTrue(server.stdout.hasSuffix("stopped serving\n"), server.stdout)
    }
}

/// A count shared by threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

extension RawHTTP {
    /// A socket listening on a free loopback port, to make one taken.
    static func listen() -> (descriptor: Int32, port: UInt16)? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(descriptor, pointer, length) == 0 && Glibc.listen(descriptor, 4) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            return nil
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }
}
