import Foundation

/// A watch session: keeps what the last build made (`Build.Session`) and feeds each set of
/// changed paths to the build's own steps (`Build.rebuild`), so that after an edit only the changed
/// files are read and parsed, work whose inputs are unchanged is reused and only files whose bytes
/// changed are written. Every output is asked for every time, so the folder is always what a full
/// build writes.
public final class IncrementalBuild {
    /// What one rebuild did.
    public struct Report: Sendable {
        /// Diagnostics of the run, sorted.
        public var diagnostics: [Diagnostic]
        /// Output files written (changed or new), relative to the output folder.
        public var written: [String]
        /// Output files removed.
        public var removed: [String]
        /// Pages rendered from their templates: those whose context differs from the last run's (or
        /// whose templates changed); the others' bytes are the last run's.
        public var rendered: Int
        /// Pages given a context: those whose recorded reads of the site (`SiteReads`) found
        /// something else than last run; the others were not looked at.
        public var contexts = 0
        /// Wall time of the rebuild.
        public var seconds: Double
        /// Each stage's time, when the builder records them.
        public var stages: [(name: String, seconds: Double)] = []
        /// Whether the run had no errors.
        public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
    }

    private let paths: ProjectPaths
    private let epub: Bool
    private let session = Build.Session()
    /// Whether each rebuild's report has its stages' times.
    public var recordsTimings = false

    /// How many results the session keeps for reuse, table by table (tests check that edits do not
    /// make it grow).
    var keptResults: [Int] { session.memo.counts }

    /// The site of the last good build (its languages and UI strings), nil before one.
    public var lastSite: ResolvedSite? { session.site }

    /// Creates a builder for the project at `paths`; with `epub`, every rebuild makes the EPUB editions.
    public init(paths: ProjectPaths, epub: Bool = false) {
        self.paths = paths
        self.epub = epub
    }

    /// Rebuilds after `changed` paths (absolute) changed; pass `[]` for the first, full build.
    public func rebuild(changed: [String]) -> Report {
        let started = Date()
        let timings = recordsTimings ? StageTimings() : nil
        var report = Build(paths: paths, timings: timings, epub: epub).rebuild(changed: changed, in: session)
        report.seconds = Date().timeIntervalSince(started)
        report.stages = timings?.stages ?? []
        return report
    }
}
