import Foundation

/// Runs independent work (parsing pages, rendering pages) on several threads and returns the results
/// in input order, so output never depends on scheduling. `HANDBOOK_JOBS=N` sets the number of
/// threads (1 makes a run serial); the default is one per core.
public enum Parallel {
    /// Threads to use.
    public static var workers: Int {
        if let text = ProcessInfo.processInfo.environment["HANDBOOK_JOBS"], let count = Int(text), count > 0 {
            return count
        }
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// `body(i)` for every `i` in `0..<count`, results in order.
    public static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        let workers = min(Self.workers, count)
        guard workers > 1 else { return (0..<count).map(body) }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = buffer
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var index = worker
                while index < count {
                    slots[index] = body(index)
                    index += workers
                }
            }
        }
        return results.map { $0! }
    }
}
