import Foundation

/// A watch session: keeps what the last build made (`Build.Session`) and feeds each set of
/// changed paths to the build's steps (`Build.rebuild`), so that after an edit only the changed
/// files are read and parsed and only the pages that show what changed are rendered and written.
/// Comparing inputs, rather than guessing what an edit touched, keeps the output identical to a
/// full build's.
public final class IncrementalBuild {
    /// What one rebuild did.
    public struct Report: Sendable {
        /// Diagnostics of the run, sorted.
        public var diagnostics: [Diagnostic]
        /// Output files written (changed or new), relative to the output folder.
        public var written: [String]
        /// Output files removed.
        public var removed: [String]
        /// Pages rendered (a superset of the pages written: some render to the same bytes).
        public var rendered: Int
        /// Whether everything was rendered.
        public var full: Bool
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

    /// The site of the last good build (its languages and UI strings), nil before one.
    public var lastSite: ResolvedSite? { session.site }

    /// Creates a builder for the project at `paths`; the first `rebuild` is a full build. With `epub`,
    /// a full rebuild makes the EPUB editions; a partial one puts out the pages that show the edit
    /// and leaves the rest (see `completeRebuild`), so that they are out first.
    public init(paths: ProjectPaths, epub: Bool = false) {
        self.paths = paths
        self.epub = epub
    }

    /// Rebuilds after `changed` paths (absolute) changed; pass `[]` for the first, full build.
    public func rebuild(changed: [String]) -> Report {
        let started = Date()
        let timings = recordsTimings ? StageTimings() : nil
        var report = Build(paths: paths, timings: timings, epub: epub).rebuild(Build.ChangeSet(paths: changed), in: session)
        report.seconds = Date().timeIntervalSince(started)
        report.stages = timings?.stages ?? []
        return report
    }

    /// Whether the last rebuild left work to `completeRebuild`.
    public var isIncomplete: Bool { !session.pendingLanguages.isEmpty || !session.pendingPages.isEmpty }

    /// Renders and writes what partial rebuilds left out: the pages that gather every page, the
    /// search indexes, the data export and the EPUB editions of the languages they touched, with
    /// the pages that show their sizes.
    public func completeRebuild() -> Report {
        let started = Date()
        let timings = recordsTimings ? StageTimings() : nil
        var report = Build(paths: paths, timings: timings, epub: epub).completeRebuild(in: session)
        report.seconds = Date().timeIntervalSince(started)
        report.stages = timings?.stages ?? []
        return report
    }
}
