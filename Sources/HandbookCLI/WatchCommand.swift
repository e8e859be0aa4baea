import Foundation
import Handbook

/// `handbook watch`: builds, then rebuilds what changed after every save in `content/` or
/// `templates/`, printing what it wrote and how long it took; a content error is printed and the
/// watch goes on with `public/` as it was.
struct WatchCommand {
    let options: FolderOptions
    let workingDirectory: URL
    /// Whether each rebuild's stages are printed (`--timings`).
    var timings = false
    /// Runs each rebuild (`serve` holds a lock around it, so that stopping never cuts a write short).
    var around: (() -> IncrementalBuild.Report) -> IncrementalBuild.Report = { $0() }
    /// Told of each rebuild before the watch waits again (`serve` reloads or warns the open tabs).
    var afterRebuild: (IncrementalBuild, IncrementalBuild.Report) -> Void = { _, _ in }

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        let paths = ProjectPaths(
            root: workingDirectory, content: options.content, templates: options.templates, output: options.output)
        do {
            _ = try paths.vetOutput()
        } catch {
            OutputRefusalMessage.write(error, folder: paths.display(paths.output), to: &stderr)
            return 2
        }
        let roots = [paths.content, paths.templates] + (FileManager.default.fileExists(atPath: paths.staticFiles.path) ? [paths.staticFiles] : [])
        guard let watcher = FileWatcher(roots: roots) else {
            stderr.write("handbook: error: cannot watch files (inotify is not available)\n")
            return 1
        }
        let builder = IncrementalBuild(paths: paths, epub: true)
        builder.recordsTimings = timings
        var changed: [String] = []
        while true {
            let report = around { builder.rebuild(changed: changed) }
            // After the first build, warnings of files that were not touched are not repeated, but
            // counted: the summary says what `check` would.
            let touched = changed
            DiagnosticFormatter().write(
                report.diagnostics, quiet: options.quiet,
                shown: touched.isEmpty ? nil : { diagnostic in touched.contains { $0.hasSuffix("/" + diagnostic.location.path) } },
                to: &stderr)
            let milliseconds = Int((report.seconds * 1000).rounded())
            if report.succeeded {
                stdout.write("rendered \(report.rendered) pages (\(report.contexts) contexts made), wrote \(report.written.count) files, removed \(report.removed.count), in \(milliseconds) ms\n")
                for path in report.written.prefix(8) { stdout.write("  \(path)\n") }
                if report.written.count > 8 { stdout.write("  … and \(report.written.count - 8) more\n") }
                for stage in report.stages {
                    stdout.write("  \(stage.name): \(String(format: "%.0f", stage.seconds * 1000)) ms\n")
                }
            } else {
                stdout.write("not rebuilt: fix the errors above; \(paths.display(paths.output))/ is unchanged (\(milliseconds) ms)\n")
            }
            afterRebuild(builder, report)
            stdout.write("watching \(paths.display(paths.content))/ and \(paths.display(paths.templates))/ (Ctrl-C stops)\n")
            changed = watcher.next()
        }
    }
}
