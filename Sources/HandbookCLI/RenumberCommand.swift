import Foundation
import Handbook

/// `handbook renumber sec:OLD NEW`: plans the renumbering, refuses it with located errors (exit 1)
/// or carries it out, then lists what it changed and the prose mentions it left alone.
struct RenumberCommand {
    let options: FolderOptions
    let workingDirectory: URL
    let old: String
    let new: String

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        let paths = ProjectPaths(root: workingDirectory, content: options.content)
        let renumbering = SectionRenumbering(paths: paths, old: old, new: new)
        let plan: SectionRenumbering.Plan
        switch renumbering.plan() {
        case .failure(let refusal):
            DiagnosticFormatter().write(refusal.diagnostics, to: &stderr)
            stderr.write("renumbering refused; no file was changed\n")
            return 1
        case .success(let planned):
            plan = planned
        }
        if let failure = renumbering.apply(plan) {
            if !failure.diagnostics.isEmpty { DiagnosticFormatter().write(failure.diagnostics, to: &stderr) }
            stderr.write("\(DiagnosticFormatter.escaped(failure.path)): error: \(DiagnosticFormatter.escaped(failure.message))\n")
            return 1
        }
        let renamed = plan.changes.filter { $0.newPath != $0.path }
        for change in renamed { stdout.write("renamed \(change.path) → \(change.newPath)\n") }
        stdout.write(
            "section \(old) is now \(new): \(counted(renamed.count, "file")) renamed, \(counted(plan.rewrites, "link or number", "links and numbers")) "
                + "rewritten in \(counted(plan.changes.count, "file")); the old numbers are in previous_numbers\n")
        if !plan.mentions.isEmpty {
            let verb = plan.mentions.count == 1 ? "was" : "were"
            stdout.write("\(counted(plan.mentions.count, "mention")) in the text \(verb) not changed; check them:\n")
            for mention in plan.mentions {
                stdout.write("\(mention.location.path):\(mention.location.line):\(mention.location.column): \"\(mention.number)\"\n")
            }
        }
        return 0
    }

    private func counted(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count) " + (count == 1 ? one : many ?? one + "s")
    }
}
