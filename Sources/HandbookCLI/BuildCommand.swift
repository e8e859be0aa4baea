import Foundation
import Handbook

/// `handbook build` and `handbook check`.
struct BuildCommand {
    let options: FolderOptions
    let workingDirectory: URL
    /// Whether to print each stage's duration after the summary.
    var timings = false
    /// Whether the build makes the EPUB editions (`check` never does: they hold nothing to check).
    var epub = false
    /// Whether the build reads and leaves a trace in the build cache.
    var cache = false
    /// Whether to build in memory and compare with the output folder instead of writing it.
    var verify = false

    func run<Out: TextOutputStream, Err: TextOutputStream>(write: Bool, stdout: inout Out, stderr: inout Err) -> Int32 {
        let paths = ProjectPaths(
            root: workingDirectory, content: options.content, templates: options.templates, output: options.output)
        let start = Date()
        if verify { return self.verify(paths, stdout: &stdout, stderr: &stderr) }
        let stages = timings ? StageTimings() : nil
        let build = Build(paths: paths, timings: stages, epub: epub && write)
        let buildCache = cache ? BuildCache(paths: paths, toolVersion: CLI.version, options: epub ? "epub" : "no-epub") : nil
        let result = write ? build.build(cache: buildCache) : build.run()
        if let refusal = result.refusal {
            OutputRefusalMessage.write(refusal, folder: paths.display(paths.output), to: &stderr)
            return 2
        }
        for warning in result.cacheWarnings { stderr.write("handbook: warning: \(warning)\n") }
        DiagnosticFormatter().write(result.diagnostics, quiet: options.quiet, to: &stderr)
        guard result.succeeded else {
            stderr.write(write ? "build failed; \(paths.display(paths.output))/ was left as it was\n" : "check failed\n")
            return 1
        }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        let pages = result.files.filter { $0.path.rawValue.hasSuffix(".html") }.count
        if write {
            let unchanged = result.upToDate ? " (up to date: nothing changed since the last build)" : ""
            stdout.write("built \(pages) pages (\(result.files.count) files) into \(paths.display(paths.output))/ in \(seconds) s\(unchanged)\n")
        } else {
            stdout.write("checked \(pages) pages in \(seconds) s: no errors\n")
        }
        for stage in stages?.stages ?? [] {
            stdout.write("  \(stage.name): \(String(format: "%.0f", stage.seconds * 1000)) ms\n")
        }
        return 0
    }
}

extension BuildCommand {
    /// `build --verify`: builds in memory and says whether the output folder is exactly that build,
    /// writing nothing (a pre-commit check that the committed `public/` is current).
    func verify<Out: TextOutputStream, Err: TextOutputStream>(_ paths: ProjectPaths, stdout: inout Out, stderr: inout Err) -> Int32 {
        let start = Date()
        let result = Build(paths: paths, epub: epub).run()
        DiagnosticFormatter().write(result.diagnostics, quiet: options.quiet, to: &stderr)
        let folder = paths.display(paths.output)
        guard result.succeeded else {
            stderr.write("verify failed: the sources do not build\n")
            return 1
        }
        let comparison = OutputComparison(files: result.files, folder: paths.output)
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        if comparison.isEmpty {
            stdout.write("\(folder)/ is what the sources build (\(result.files.count) files, checked in \(seconds) s)\n")
            return 0
        }
        stderr.write("\(folder)/ is not what the sources build: \(comparison.changed.count) changed, \(comparison.missing.count) missing, \(comparison.extra.count) not made by the build\n")
        let listed = comparison.changed.map { "  changed  \($0)" } + comparison.missing.map { "  missing  \($0)" } + comparison.extra.map { "  extra    \($0)" }
        for line in listed.prefix(20) { stderr.write(line + "\n") }
        if listed.count > 20 { stderr.write("  … and \(listed.count - 20) more\n") }
        stderr.write("handbook: note: run 'handbook build' and commit \(folder)/ with the change\n")
        return 1
    }
}

/// Prints why the output folder was refused, as a usage error.
enum OutputRefusalMessage {
    static func write<Err: TextOutputStream>(_ refusal: OutputFolder.Refusal, folder: String, to stderr: inout Err) {
        let (message, notes) = refusal.explanation(for: folder.isEmpty ? "." : folder)
        stderr.write("handbook: error: \(message)\n")
        for note in notes { stderr.write("handbook: note: \(note)\n") }
    }
}
