import Foundation

/// Runs independent work (parsing pages, rendering pages) on several threads and returns the results
/// in input order, so output never depends on scheduling. `HANDBOOK_JOBS=N` sets the number of
/// threads (1 makes a run serial); the default is one per core.
public enum Parallel {
    /// Threads to use. An unusable `HANDBOOK_JOBS` falls back to one per core here; the command
    /// line refuses it before any work (`jobsProblem`), so only tests and embedders reach this.
    public static var workers: Int {
        if let text = ProcessInfo.processInfo.environment["HANDBOOK_JOBS"], let count = Int(text), count > 0 {
            return count
        }
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Why a `HANDBOOK_JOBS` value cannot be used, or nil when it is unset or a whole number from 1 up.
    public static func jobsProblem(_ value: String?) -> String? {
        guard let value else { return nil }
        if let count = Int(value), count > 0, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return nil }
        return "HANDBOOK_JOBS must be a whole number of threads from 1 up, not \"\(DiagnosticFormatter.escaped(value))\""
    }

    /// `body(i)` for every `i` in `0..<count`, results in order. Each thread takes the next index as
    /// it finishes one, so a few large jobs (the single-page edition) do not leave a core idle.
    public static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        let workers = min(Self.workers, count)
        guard workers > 1 else { return (0..<count).map(body) }
        var results = [T?](repeating: nil, count: count)
        let next = NextIndex()
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = buffer
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let index = next.take(below: count) {
                    slots[index] = body(index)
                }
            }
        }
        return results.map { $0! }
    }

    /// A shared counter handing out indices, one at a time.
    private final class NextIndex: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func take(below limit: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}
