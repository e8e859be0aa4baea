import Foundation

/// Wall-clock time of each build stage, printed by `handbook build --timings`, so a maintainer can
/// see where a slow build spends its time without a profiler.
public final class StageTimings: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(name: String, seconds: Double)] = []

    /// Creates an empty record.
    public init() {}

    /// The stages in the order they finished.
    public var stages: [(name: String, seconds: Double)] {
        lock.withLock { recorded }
    }

    /// Runs `body` and records how long it took under `name`.
    public func measure<T>(_ name: String, _ body: () -> T) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        lock.withLock { recorded.append((name, seconds)) }
        return result
    }
}

extension Optional where Wrapped == StageTimings {
    /// `body`, timed when there is a record to keep.
    func measure<T>(_ name: String, _ body: () -> T) -> T {
        switch self {
        case .some(let timings): return timings.measure(name, body)
        case .none: return body()
        }
    }
}
