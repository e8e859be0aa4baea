import Foundation
import Handbook

/// `handbook renumber sec:OLD NEW` and `renumber --insert sec:N`: plans the renumbering, refuses it with located errors (exit 1)
/// or carries it out, then lists what it changed and the prose mentions it left alone.
struct RenumberCommand {
    let options: FolderOptions
    let workingDirectory: URL
    let request: SectionRenumbering.Request

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        let paths = ProjectPaths(root: workingDirectory, content: options.content)
        let renumbering = SectionRenumbering(paths: paths, request: request)
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
        let counts = "\(counted(renamed.count, "file")) renamed, \(counted(plan.rewrites, "link or number", "links and numbers")) "
            + "rewritten in \(counted(plan.changes.count, "file"))"
        switch request {
        case .move(let old, let new):
            stdout.write("section \(old) is now \(new): \(counts); the old numbers are in previous_numbers\n")
        case .insert(let number):
            let moves = plan.moves.map { "\($0.old) → \($0.new)" }.joined(separator: ", ")
            stdout.write(
                "section \(number) is free for a new section (\(moves)): \(counts); no previous_numbers were added, "
                    + "as the old addresses now belong to the moved sections and the new one\n"
                    + "next: write content/en/sections/\(number).md\n")
        }
        // git sees a move as a deletion and a new file until both are staged, and `commit -a` would
        // then record the deletions alone.
        if !renamed.isEmpty, Self.isInGitWorkTree(paths.content) {
            let names = renamed.flatMap { [$0.path, $0.newPath] }.map(Self.shellQuoted).joined(separator: " ")
            stdout.write("git sees the moves as deleted and new files until they are staged; stage them with:\n  git add -A -- \(names)\n")
        }
        if !plan.mentions.isEmpty {
            let verb = plan.mentions.count == 1 ? "was" : "were"
            stdout.write("\(counted(plan.mentions.count, "mention")) in the text \(verb) not changed; check them:\n")
            for mention in plan.mentions {
                stdout.write("\(mention.location.path):\(mention.location.line):\(mention.location.column): \"\(mention.number)\"\n")
            }
        }
        return 0
    }

    /// Whether `folder` is inside a git work tree (a `.git` folder or file in it or above it).
    static func isInGitWorkTree(_ folder: URL) -> Bool {
        var candidate = folder.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(".git").path) { return true }
            if candidate.path == "/" { return false }
            candidate = candidate.deletingLastPathComponent()
        }
    }

    /// `path` as one shell word.
    static func shellQuoted(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) } ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private func counted(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count) " + (count == 1 ? one : many ?? one + "s")
    }
}
