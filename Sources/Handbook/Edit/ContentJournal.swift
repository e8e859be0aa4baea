import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Makes a `ContentEdit` all or nothing, across a crash, as a rollback journal does: the plan, the
/// new bytes and the old bytes of every file go into `.handbook-journal/` beside the content folder
/// (written as `.handbook-journal.tmp/`, synced, then renamed: the rename is the commit), then
/// each file is replaced (temporary file, sync, rename), then the journal is removed. A command
/// killed before the rename changed nothing; after it, the journal says how to finish or undo
/// (`handbook recover`, `--undo`), and every other command refuses to run until then.
public struct ContentJournal {
    /// What a command found in the way, or what failed.
    public struct Failure: Error, Sendable {
        public var path: String
        public var message: String
        /// The errors the edit would have left in the content (`EditCheck`), when that is why.
        public var diagnostics: [Diagnostic] = []
    }

    /// An edit that was cut short.
    public struct Interrupted: Sendable {
        /// What it was ("a renumbering").
        public var action: String
        /// The journal folder.
        public var path: String
        /// The files it changes, relative to the project.
        public var files: [String]
    }

    /// The folder that holds the content folder; the journal and every changed path are in it.
    public let root: URL
    /// The content folder.
    public let content: URL

    /// The journal of the content folder `content`.
    public init(content: URL) {
        self.content = content.standardizedFileURL
        root = self.content.deletingLastPathComponent()
    }

    var folder: URL { root.appendingPathComponent(".handbook-journal") }
    private var pending: URL { root.appendingPathComponent(".handbook-journal.tmp") }
    private var finished: URL { root.appendingPathComponent(".handbook-journal.done") }

    /// The edit that was cut short, if any. A journal never committed (the command was killed while
    /// writing it, before any content changed) and one already finished are removed on the way.
    public func interrupted() -> Interrupted? {
        try? FileManager.default.removeItem(at: pending)
        try? FileManager.default.removeItem(at: finished)
        guard FileManager.default.fileExists(atPath: folder.path) else { return nil }
        guard let plan = try? readPlan() else {
            return Interrupted(action: "an edit", path: display(folder), files: [])
        }
        return Interrupted(action: plan.action, path: display(folder), files: plan.changes.map(\.path))
    }

    /// The message every command prints when it finds an interrupted edit.
    public static func refusal(_ interrupted: Interrupted) -> String {
        "\(interrupted.path): error: \(interrupted.action) was interrupted before it finished; run handbook recover to finish it, "
            + "or handbook recover --undo to put the content back as it was"
    }

    /// Makes every change of `edit`, or none. Changes that leave a file as it is are dropped first.
    /// With `check`, the edit is first checked as the build checks content (`EditCheck`) and
    /// refused, with the errors it would add, when it does not check clean. With `dryRun`, it is
    /// checked and nothing is written.
    public func apply(_ edit: ContentEdit, check: Bool = true, dryRun: Bool = false) throws(Failure) {
        if let interrupted = interrupted() { throw Failure(path: interrupted.path, message: Self.refusal(interrupted)) }
        var changes: [Plan.Change] = []
        var olds: [[UInt8]?] = []
        var news: [[UInt8]?] = []
        for change in edit.changes {
            guard let relative = relativePath(change.path) else {
                throw Failure(path: change.path, message: "refusing to change a file outside \(root.path)")
            }
            let old = PosixFiles.read(change.path)
            if old == nil && FileManager.default.fileExists(atPath: change.path) {
                throw Failure(path: display(URL(fileURLWithPath: change.path)), message: "cannot read the file to keep its old contents")
            }
            guard old != change.bytes else { continue }
            changes.append(Plan.Change(path: relative, writes: change.bytes != nil, hadFile: old != nil))
            olds.append(old)
            news.append(change.bytes)
        }
        // An edit that changes no file's bytes leaves the content as it is: nothing to check.
        if check, !changes.isEmpty {
            let errors = EditCheck.newErrors(of: edit, content: content)
            if !errors.isEmpty {
                throw Failure(
                    path: display(content), message: "\(edit.action) would leave \(errors.count) error(s) in the content; no file was changed",
                    diagnostics: errors)
            }
        }
        guard !changes.isEmpty, !dryRun else { return }
        var folders: [String] = []
        for change in changes where change.writes {
            var parent = URL(fileURLWithPath: change.path, relativeTo: root).deletingLastPathComponent()
            var missing: [String] = []
            while parent.path.count > root.path.count, !FileManager.default.fileExists(atPath: parent.path) {
                missing.append(relativePath(parent.path) ?? parent.path)
                parent = parent.deletingLastPathComponent()
            }
            for path in missing.reversed() where !folders.contains(path) { folders.append(path) }
        }
        let plan = Plan(action: edit.action, changes: changes, folders: folders)
        try write(plan, olds: olds, news: news)
        try rollForward(plan)
        try finish()
    }

    /// Finishes the interrupted edit, or with `undo` puts back every file it changed; nil when there
    /// was none. Both can run again after a crash of their own.
    public func recover(undo: Bool) throws(Failure) -> Interrupted? {
        guard let interrupted = interrupted() else { return nil }
        let plan: Plan
        do { plan = try readPlan() } catch {
            throw Failure(
                path: interrupted.path,
                message: "the journal's plan.json is damaged, so the edit can be neither finished nor undone; nothing was changed: "
                    + "compare the content with your last commit (git status, git diff), then delete \(interrupted.path)")
        }
        if undo {
            for (index, change) in plan.changes.enumerated().reversed() {
                let target = absolute(change.path)
                if change.hadFile {
                    guard let old = PosixFiles.read(folder.appendingPathComponent("old-\(index)").path) else {
                        throw Failure(path: interrupted.path, message: "the journal lacks the old contents of \(change.path)")
                    }
                    try replace(target, with: old)
                } else {
                    try remove(target)
                }
            }
            for path in plan.folders.reversed() { rmdir(absolute(path)) }
        } else {
            try rollForward(plan)
        }
        // A temporary file the killed command was writing.
        for change in plan.changes { unlink(temporaryPath(absolute(change.path))) }
        try finish()
        return interrupted
    }

    // MARK: - The journal

    /// The journal's table of contents; file `new-N` and `old-N` hold change N's bytes.
    private struct Plan: Codable {
        struct Change: Codable {
            /// Relative to the project.
            var path: String
            /// False for a removal.
            var writes: Bool
            /// Whether the file existed before (its bytes are in `old-N`).
            var hadFile: Bool
        }
        var version = 1
        var action: String
        var changes: [Change]
        /// Folders the edit creates, parents first, removed again by an undo.
        var folders: [String]
    }

    private func write(_ plan: Plan, olds: [[UInt8]?], news: [[UInt8]?]) throws(Failure) {
        try? FileManager.default.removeItem(at: pending)
        guard mkdir(pending.path, 0o755) == 0 else { throw failure(pending, "cannot create the journal") }
        for index in plan.changes.indices {
            if let old = olds[index] { try writeSynced(old, to: pending.appendingPathComponent("old-\(index)").path) }
            if let new = news[index] { try writeSynced(new, to: pending.appendingPathComponent("new-\(index)").path) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(plan) else { throw failure(pending, "cannot encode the journal") }
        try writeSynced(Array(data), to: pending.appendingPathComponent("plan.json").path)
        syncFolder(pending.path)
        Self.step()
        guard rename(pending.path, folder.path) == 0 else { throw failure(folder, "cannot commit the journal") }
        syncFolder(root.path)
        Self.step()
    }

    private func readPlan() throws -> Plan {
        try JSONDecoder().decode(Plan.self, from: Data(contentsOf: folder.appendingPathComponent("plan.json")))
    }

    /// Makes every change of `plan` (again, if some were made already).
    private func rollForward(_ plan: Plan) throws(Failure) {
        for path in plan.folders where !FileManager.default.fileExists(atPath: absolute(path)) {
            guard mkdir(absolute(path), 0o755) == 0 else { throw failure(URL(fileURLWithPath: absolute(path)), "cannot create the folder") }
        }
        for (index, change) in plan.changes.enumerated() {
            let target = absolute(change.path)
            if change.writes {
                guard let new = PosixFiles.read(folder.appendingPathComponent("new-\(index)").path) else {
                    throw Failure(path: display(folder), message: "the journal lacks the new contents of \(change.path)")
                }
                try replace(target, with: new)
            } else {
                try remove(target)
            }
        }
    }

    /// Removes the journal: renamed first, so that a crash while deleting leaves no journal.
    private func finish() throws(Failure) {
        try? FileManager.default.removeItem(at: finished)
        guard rename(folder.path, finished.path) == 0 else { throw failure(folder, "cannot remove the journal") }
        syncFolder(root.path)
        Self.step()
        try? FileManager.default.removeItem(at: finished)
    }

    // MARK: - Files

    /// Replaces `path` through a synced temporary file beside it and a rename.
    private func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let temporary = temporaryPath(path)
        try writeSynced(bytes, to: temporary)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw failure(url, "cannot replace the file")
        }
        Self.step()
    }

    /// The temporary file beside `path` that replaces it.
    private func temporaryPath(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).handbook-tmp").path
    }

    private func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure(URL(fileURLWithPath: path), "cannot remove the file") }
        Self.step()
    }

    private func writeSynced(_ bytes: [UInt8], to path: String) throws(Failure) {
        if let problem = PosixFiles.write(bytes, to: path) { throw Failure(path: path, message: "cannot write: \(problem)") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        Self.step()
    }

    private func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private func relativePath(_ path: String) -> String? {
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        guard standard.hasPrefix(root.path + "/") else { return nil }
        return String(standard.dropFirst(root.path.count + 1))
    }

    private func absolute(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    private func display(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        return url.path.hasPrefix(cwd + "/") ? String(url.path.dropFirst(cwd.count + 1)) : url.path
    }

    private func failure(_ url: URL, _ message: String) -> Failure {
        Failure(path: display(url), message: "\(message): \(String(cString: strerror(errno)))")
    }

    // MARK: - Fault injection

    /// Steps left before the process kills itself (`HANDBOOK_FAULT_AFTER=N`), so that a test can
    /// cut an edit short at every point: each file written, each rename, the commit and the finish.
    nonisolated(unsafe) private static var stepsLeft: Int? = ProcessInfo.processInfo.environment["HANDBOOK_FAULT_AFTER"].flatMap(Int.init)

    private static func step() {
        guard let left = stepsLeft else { return }
        if left <= 0 { kill(getpid(), SIGKILL) }
        stepsLeft = left - 1
    }
}
