import Foundation
import Glibc
import HandbookTestSupport
import XCTest

/// `handbook serve --port 0` on a temporary copy of the basic fixture, as a child process; loopback
/// only, and every wait bounded.
final class ServerProcess {
    static let executable = TemporaryProject.executable
    static let fixture = TemporaryProject.repositoryRoot.appendingPathComponent("Tests/GoldenTests/Fixtures/site/basic/content")

    let project = TemporaryProject()
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var printed = ""
    private(set) var port: UInt16 = 0

    var publicFolder: URL { project.root.appendingPathComponent("public") }
    var stdout: String {
        lock.lock()
        defer { lock.unlock() }
        return printed
    }

    /// Starts the server and waits (up to `seconds`) for its first build.
    init(seconds: TimeInterval = 180) throws {
        project.copy(Self.fixture, to: "content")
        project.useRepositoryTemplates()
        process.executableURL = Self.executable
        process.arguments = ["serve", "--port", "0"]
        process.currentDirectoryURL = project.root
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            guard let self else { return }
            self.lock.lock()
            self.printed += text
            self.lock.unlock()
        }
        try process.run()
        guard waitFor("watching ", seconds: seconds) else {
            throw XCTSkip("the server did not finish its first build: \(stdout)")
        }
        guard let match = stdout.range(of: #"http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression) else {
            throw XCTSkip("no address printed: \(stdout)")
        }
        let address = stdout[match]
        port = UInt16(address.split(separator: ":").last!.dropLast())!
    }

    /// Waits until standard output contains `text`, `count` times.
    func waitFor(_ text: String, count: Int = 1, seconds: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if stdout.components(separatedBy: text).count - 1 >= count { return true }
            if !process.isRunning { return false }
            usleep(20_000)
        }
        return false
    }

    /// Sends `signal` and returns the exit status (nil if it did not exit within 10 s).
    func stop(_ signal: Int32 = SIGTERM) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        let deadline = Date(timeIntervalSinceNow: 10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }
}

/// One HTTP exchange over a plain socket, so that the request line goes out exactly as written
/// (URL libraries would normalise `..` and escapes away).
struct RawHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
    }

    /// A connected socket to 127.0.0.1:`port`, with receive timeouts of `timeout` seconds.
    static func connect(port: UInt16, timeout: Int = 20) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Sends `method target` with `Connection: close` and reads the whole response.
    static func request(_ method: String, _ target: String, port: UInt16, body: String = "") -> Response? {
        guard let descriptor = connect(port: port) else { return nil }
        defer { close(descriptor) }
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if !body.isEmpty || method == "POST" || method == "PUT" { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + body
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else { return nil }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return parse(received)
    }

    static func parse(_ bytes: [UInt8]) -> Response? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<($0 + 4)]) == separator }) else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}
