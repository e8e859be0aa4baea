import Foundation

/// Earlier versions of an English source from the repository's history (`git log --follow`), so that
/// `i18n diff` can show the English a translation was made from. Nothing is stored beside the content:
/// a clone has the history. Without git, or outside a repository, there are simply no versions.
struct EnglishHistory {
    /// One committed version of the file.
    struct Version {
        var commit: String
        var date: String
        var bytes: [UInt8]
    }

    let file: URL

    /// The file's committed versions, newest first, read one at a time; stops early when `found` says so.
    func first(where found: (Version) -> Bool) -> Version? {
        let folder = file.deletingLastPathComponent()
        guard let log = git(["log", "--follow", "--format=%x00%H %cs", "--name-only", "--", file.lastPathComponent], in: folder),
            let top = git(["rev-parse", "--show-toplevel"], in: folder)
        else { return nil }
        let root = String(decoding: top, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        for entry in String(decoding: log, as: UTF8.self).split(separator: "\0") {
            let lines = entry.split(separator: "\n", omittingEmptySubsequences: true)
            guard lines.count >= 2 else { continue }
            let head = lines[0].split(separator: " ")
            guard head.count == 2 else { continue }
            // --name-only names the file as it was called in that commit, relative to the repository root.
            let path = String(lines[lines.count - 1])
            guard let bytes = git(["show", "\(head[0]):\(path)"], in: URL(fileURLWithPath: root)) else { continue }
            let version = Version(commit: String(head[0]), date: String(head[1]), bytes: bytes)
            if found(version) { return version }
        }
        return nil
    }

    /// Runs git with no terminal and no input; nil when git is missing or fails.
    private func git(_ arguments: [String], in folder: URL) -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_PAGER"] = "cat"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard let exit = try? process.start() else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        exit.wait()
        return process.terminationStatus == 0 ? [UInt8](data) : nil
    }
}
