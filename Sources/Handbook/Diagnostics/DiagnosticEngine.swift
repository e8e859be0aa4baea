import Foundation

/// Collects the diagnostics of one run from every stage, including stages running on several threads.
///
/// Stages report and keep going, so one run shows every problem; the run fails at the end if any
/// error was reported.
public final class DiagnosticEngine: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [Diagnostic] = []

    /// Creates an empty engine.
    public init() {}

    /// Records a diagnostic.
    public func report(_ diagnostic: Diagnostic) {
        lock.lock()
        collected.append(diagnostic)
        lock.unlock()
    }

    /// Records an error.
    public func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []) {
        report(.error(code, message, at: location, notes: notes))
    }

    /// Records a warning.
    public func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []) {
        report(.warning(code, message, at: location, notes: notes))
    }

    /// Every diagnostic so far, sorted by location, then severity, then message, without repeats.
    public var diagnostics: [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return Array(Set(collected)).sorted {
            ($0.location, $0.severity, $0.code.rawValue, $0.message) < ($1.location, $1.severity, $1.code.rawValue, $1.message)
        }
    }

    /// Replaces the diagnostics that `isFollowOn` picks, if any, with the one `summary` makes of
    /// them (in the order `diagnostics` gives): errors that one mistake caused, said once at the cause.
    public func fold(_ isFollowOn: (Diagnostic) -> Bool, into summary: ([Diagnostic]) -> Diagnostic) {
        lock.lock()
        defer { lock.unlock() }
        let picked = Array(Set(collected.filter(isFollowOn))).sorted { ($0.location, $0.message) < ($1.location, $1.message) }
        guard !picked.isEmpty else { return }
        collected.removeAll(where: isFollowOn)
        collected.append(summary(picked))
    }

    /// Whether any error has been reported.
    public var hasErrors: Bool {
        lock.lock()
        defer { lock.unlock() }
        return collected.contains { $0.severity == .error }
    }
}

private func < (a: (SourceLocation, Diagnostic.Severity, String, String), b: (SourceLocation, Diagnostic.Severity, String, String)) -> Bool {
    if a.0 != b.0 { return a.0 < b.0 }
    if a.1 != b.1 { return a.1 < b.1 }
    if a.2 != b.2 { return a.2 < b.2 }
    return a.3 < b.3
}
