import CMicroHTTPD
import Foundation
import RequestPath

/// Serves the output folder over HTTP with GNU libmicrohttpd, for previewing while editing.
///
/// 1. Only `GET` and `HEAD` (405 otherwise); the path, still percent-encoded, goes through
///    `RequestPath` (400 when refused); names starting with `.` are not served.
/// 2. The file is looked up with symlinks resolved and must still lie inside the output folder and
///    be a regular file (404 otherwise); a folder URL gives its `index.html`, a folder named
///    without `/` is redirected to it.
/// 3. HTML gets the reload hook (`LiveReload`) and the site's policy allowing it; missing pages get
///    the site's `404.html`, or `NotFoundPage`.
/// 4. `/__handbook/events` is the reload stream (`ReloadHub`).
///
/// One thread per connection, a connection limit and an idle timeout (libmicrohttpd options), so a
/// stuck client holds one thread until it is dropped and never the others or the rebuilds; files
/// are read whole before sending, so no file stays open on a slow client.
public final class PreviewServer: @unchecked Sendable {
    /// The stream of rebuild events the pages listen to.
    public let hub = ReloadHub()
    private let output: URL
    private let lock = NSLock()
    private var strings: [String: PreviewStrings] = [:]
    private var sourceLanguage = "en"
    private var sitePolicy = LiveReload.fallbackPolicy
    private var daemon: OpaquePointer?

    /// How long an idle connection is kept, in seconds.
    public static let timeout: UInt32 = 5
    /// How many connections are served at once (more are refused until one closes).
    public static let connectionLimit: UInt32 = 512

    /// A server for `output`; `start` begins serving.
    public init(output: URL) {
        self.output = output
    }

    /// Starts answering on `socket`; false when the HTTP library could not start.
    public func start(on socket: ListeningSocket) -> Bool {
        let handler: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, _, _ in
            let server = Unmanaged<PreviewServer>.fromOpaque(context!).takeUnretainedValue()
            return server.answer(connection!, url: url!, method: String(cString: method!))
        }
        daemon = handbook_start_daemon(
            socket.descriptor, Self.connectionLimit, Self.timeout, handler, Unmanaged.passUnretained(self).toOpaque())
        return daemon != nil
    }

    /// Ends the event streams, closes the socket and waits for the connection threads.
    public func stop() {
        hub.close()
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    /// Takes the UI strings of a good build (by language code) and the site's policy from its home page.
    public func update(strings: [String: PreviewStrings], sourceLanguage: String) {
        let home = try? [UInt8](Data(contentsOf: output.appendingPathComponent("index.html")))
        lock.lock()
        if !strings.isEmpty { self.strings = strings }
        self.sourceLanguage = sourceLanguage
        if let home, let policy = LiveReload.policy(of: home) { sitePolicy = policy }
        lock.unlock()
    }

    private struct Reply {
        var status: UInt32
        var body: [UInt8]
        var headers: [(String, String)] = []
    }

    private func answer(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: String) -> MHD_Result {
        guard method == "GET" || method == "HEAD" else {
            return send(Reply(status: 405, body: Array("405 Method Not Allowed\n".utf8),
                              headers: [("Allow", "GET, HEAD"), ("Content-Type", "text/plain; charset=utf-8")]), on: connection)
        }
        let raw = Array(UnsafeRawBufferPointer(start: url, count: strlen(url)))
        switch RequestPath.normalise(raw) {
        case .failure:
            return send(Reply(status: 400, body: Array("400 Bad Request\n".utf8),
                              headers: [("Content-Type", "text/plain; charset=utf-8")]), on: connection)
        case .success(.file(LiveReload.eventsPath)):
            return stream(on: connection)
        case .success(let target):
            return send(reply(for: target), on: connection)
        }
    }

    private func reply(for target: RequestPath.Target) -> Reply {
        let (path, isFolder): (String, Bool)
        switch target {
        case .file(let value): (path, isFolder) = (value, false)
        case .directory(let value): (path, isFolder) = (value, true)
        }
        let names = path.split(separator: "/")
        guard !names.contains(where: { $0.hasPrefix(".") }) else { return notFound(path) }
        guard let root = realpath(output.path) else { return notFound(path) }
        let wanted = isFolder ? (path.isEmpty ? "index.html" : path + "/index.html") : path
        switch lookUp(wanted, root: root) {
        case .file(let bytes):
            return page(bytes, status: 200, type: ContentType.of(wanted), language: names.first.map(String.init))
        case .folder where !isFolder:
            return Reply(status: 301, body: [], headers: [("Location", RequestPath.encode(.directory(path)))])
        default:
            return notFound(path)
        }
    }

    private enum Found {
        case file([UInt8])
        case folder
        case none
    }

    /// `relative` below the folder `root` (already resolved): its bytes when it is a regular file
    /// whose resolved path is still inside `root`.
    private func lookUp(_ relative: String, root: String) -> Found {
        guard let resolved = realpath(root + "/" + relative) else { return .none }
        guard resolved.hasPrefix(root == "/" ? "/" : root + "/") else { return .none }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return .none }
        if info.st_mode & S_IFMT == S_IFDIR { return .folder }
        guard info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: resolved) else { return .none }
        return .file([UInt8](data))
    }

    private func realpath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func notFound(_ path: String) -> Reply {
        let first = path.split(separator: "/").first.map(String.init)
        if let root = realpath(output.path), case .file(let bytes) = lookUp("404.html", root: root) {
            return page(bytes, status: 404, type: "text/html; charset=utf-8", language: first)
        }
        lock.lock()
        let code = first.flatMap { strings[$0] != nil ? $0 : nil }
        let words = strings[code ?? sourceLanguage] ?? .english
        let policy = sitePolicy
        lock.unlock()
        let home = code.map { "/\($0)/" } ?? "/"
        return page(NotFoundPage.html(strings: words, home: home, policy: policy), status: 404, type: "text/html; charset=utf-8",
                    language: code)
    }

    /// The reply carrying `bytes`; HTML gets the hook in the language of the folder `language` names.
    private func page(_ bytes: [UInt8], status: UInt32, type: String, language: String?) -> Reply {
        lock.lock()
        let words = strings[language ?? sourceLanguage] ?? strings[sourceLanguage] ?? .english
        let policy = sitePolicy
        lock.unlock()
        guard type.hasPrefix("text/html") else {
            return Reply(status: status, body: bytes, headers: [("Content-Type", type), ("Content-Security-Policy", policy)])
        }
        let served = LiveReload.inject(into: bytes, strings: words, build: hub.currentBuild)
        return Reply(status: status, body: served.html, headers: [("Content-Type", type), ("Content-Security-Policy", served.policy)])
    }

    private func send(_ reply: Reply, on connection: OpaquePointer) -> MHD_Result {
        let response = reply.body.withUnsafeBytes { buffer in
            MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for (name, value) in reply.headers + Self.commonHeaders { MHD_add_response_header(response, name, value) }
        return MHD_queue_response(connection, reply.status, response)
    }

    private static let commonHeaders = [
        ("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-store"), ("Referrer-Policy", "no-referrer"),
    ]

    /// One tab's event stream: the greeting, then events as they come, and a comment every two
    /// seconds so that the idle timeout does not drop it.
    private final class Subscriber {
        let hub: ReloadHub
        var pending: [UInt8]
        var seen: Int

        init(hub: ReloadHub) {
            self.hub = hub
            (pending, seen) = hub.greeting()
        }
    }

    private func stream(on connection: OpaquePointer) -> MHD_Result {
        let subscriber = Unmanaged.passRetained(Subscriber(hub: hub)).toOpaque()
        let reader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
            let subscriber = Unmanaged<Subscriber>.fromOpaque(context!).takeUnretainedValue()
            if subscriber.pending.isEmpty {
                guard let next = subscriber.hub.next(after: subscriber.seen, timeout: 2) else { return handbook_end_of_stream() }
                subscriber.seen = next.seen
                subscriber.pending = next.messages.isEmpty ? Array(": idle\n\n".utf8) : next.messages
            }
            let count = min(capacity, subscriber.pending.count)
            subscriber.pending.withUnsafeBytes { UnsafeMutableRawPointer(buffer!).copyMemory(from: $0.baseAddress!, byteCount: count) }
            subscriber.pending.removeFirst(count)
            return count
        }
        let release: MHD_ContentReaderFreeCallback = { context in
            Unmanaged<Subscriber>.fromOpaque(context!).release()
        }
        guard let response = MHD_create_response_from_callback(handbook_size_unknown(), 4096, reader, subscriber, release) else {
            Unmanaged<Subscriber>.fromOpaque(subscriber).release()
            return .NO
        }
        defer { MHD_destroy_response(response) }
        for (name, value) in [("Content-Type", "text/event-stream; charset=utf-8")] + Self.commonHeaders {
            MHD_add_response_header(response, name, value)
        }
        return MHD_queue_response(connection, 200, response)
    }
}
