import Foundation

/// What the open tabs are told, as Server-Sent Events: `built` (with the files a good rebuild
/// wrote) and `failed` (with the located errors); a tab that connects first gets `state`: the
/// current build number and the errors when the last build failed. Rebuilds only append to a short
/// list under a lock and never wait for a client, so a slow tab cannot hold up a rebuild.
public final class ReloadHub: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [(sequence: Int, message: [UInt8])] = []
    private var sequence = 0
    private var build = 0
    private var errors: [String]?
    private var closed = false

    public init() {}

    /// The number of good builds so far; pages carry it, so a tab opened before a rebuild reloads.
    public var currentBuild: Int {
        condition.lock()
        defer { condition.unlock() }
        return build
    }

    /// A good rebuild wrote `written` (paths relative to the output folder).
    public func built(written: [String]) {
        condition.lock()
        build += 1
        errors = nil
        append(event: "built", ["build": .number(build), "written": .list(written)])
        condition.unlock()
    }

    /// A rebuild failed with `errors`, one formatted diagnostic each.
    public func failed(errors: [String]) {
        condition.lock()
        self.errors = errors
        append(event: "failed", ["build": .number(build), "errors": .list(errors)])
        condition.unlock()
    }

    /// Ends every stream (the server is stopping).
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// What a new stream starts with, and the sequence number it has seen.
    func greeting() -> (message: [UInt8], seen: Int) {
        condition.lock()
        defer { condition.unlock() }
        var fields: [String: Field] = ["build": .number(build)]
        if let errors { fields["errors"] = .list(errors) }
        return (Array("retry: 1000\n\n".utf8) + Self.message("state", fields), sequence)
    }

    /// The events after `seen`, waiting up to `timeout` for one; nil once the hub is closed.
    func next(after seen: Int, timeout: TimeInterval) -> (messages: [UInt8], seen: Int)? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !closed && sequence == seen && condition.wait(until: deadline) {}
        if closed { return nil }
        // A stream that fell behind the kept events gets the latest ones only.
        let pending = events.filter { $0.sequence > seen }
        return (pending.flatMap(\.message), sequence)
    }

    private enum Field {
        case number(Int)
        case list([String])
    }

    private func append(event: String, _ fields: [String: Field]) {
        sequence += 1
        events.append((sequence, Self.message(event, fields)))
        if events.count > 16 { events.removeFirst(events.count - 16) }
        condition.broadcast()
    }

    private static func message(_ event: String, _ fields: [String: Field]) -> [UInt8] {
        var object: [String: Any] = [:]
        for (key, field) in fields {
            switch field {
            case .number(let value): object[key] = value
            case .list(let values): object[key] = values
            }
        }
        let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Array("event: \(event)\ndata: ".utf8) + Array(json) + Array("\n\n".utf8)
    }
}
