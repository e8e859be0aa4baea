import Foundation
import Handbook

/// `handbook build` and `handbook check`.
struct BuildCommand {
    let options: FolderOptions
    let workingDirectory: URL
    /// Whether to print each stage's duration after the summary.
    var timings = false

    func run<Out: TextOutputStream, Err: TextOutputStream>(write: Bool, stdout: inout Out, stderr: inout Err) -> Int32 {
        let paths = ProjectPaths(
            root: workingDirectory, content: options.content, templates: options.templates, output: options.output)
        let start = Date()
        let stages = timings ? StageTimings() : nil
        let build = Build(paths: paths, timings: stages)
        let result = write ? build.build() : build.run()
        DiagnosticFormatter().write(result.diagnostics, to: &stderr)
        guard result.succeeded else {
            stderr.write(write ? "build failed; \(paths.display(paths.output))/ was left as it was\n" : "check failed\n")
            return 1
        }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        let pages = result.files.filter { $0.path.hasSuffix(".html") }.count
        if write {
            stdout.write("built \(pages) pages (\(result.files.count) files) into \(paths.display(paths.output))/ in \(seconds) s\n")
        } else {
            stdout.write("checked \(pages) pages in \(seconds) s: no errors\n")
        }
        for stage in stages?.stages ?? [] {
            stdout.write("  \(stage.name): \(String(format: "%.0f", stage.seconds * 1000)) ms\n")
        }
        return 0
    }
}
