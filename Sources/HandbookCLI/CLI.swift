import Foundation
import Handbook

/// `HandbookCLI` is the `handbook` command line: it parses arguments, runs a command and returns the
/// exit code, writing to the streams it is given so tests can read exactly what a user would see.
///
/// 1. `Arguments.parse` turns the words into a command and options, or a usage error (exit 2).
/// 2. The command runs the pipeline (`Build`) and prints diagnostics with `DiagnosticFormatter`.
/// 3. The exit code is 0 on success, 1 when the content has errors, 2 on usage errors.
public enum CLI {
    /// `handbook recover [--undo]`: finishes the interrupted content edit, or undoes it.
    static func recover<Out: TextOutputStream, Err: TextOutputStream>(
        _ journal: ContentJournal, undo: Bool, stdout: inout Out, stderr: inout Err
    ) -> Int32 {
        do throws(ContentJournal.Failure) {
            guard let done = try journal.recover(undo: undo) else {
                stdout.write("no interrupted edit; nothing to recover\n")
                return 0
            }
            let files = done.files.count == 1 ? "1 file" : "\(done.files.count) files"
            stdout.write(undo ? "\(done.action) was undone: \(files) put back as they were\n" : "\(done.action) was finished: \(files) written\n")
            return 0
        } catch {
            stderr.write("\(DiagnosticFormatter.escaped(error.path)): error: \(DiagnosticFormatter.escaped(error.message))\n")
            return 1
        }
    }

    /// Whether standard output is a terminal, for colour; tests capture output and get none.
    public static var isTerminal = false

    /// The nearest folder above `folder` that holds `content/site.yaml`, when `folder` does not and
    /// the command works on the default folders (a folder given on the command line is relative to
    /// the working folder, and `i18n diff` and `mark-current` find the project from the files named).
    static func projectRoot(for command: Command, from folder: URL) -> URL? {
        guard let folders = command.folders, folders == FolderOptions(quiet: folders.quiet) else { return nil }
        switch command {
        case .i18nDiff, .i18nMarkCurrent: return nil
        default: break
        }
        func isProject(_ url: URL) -> Bool {
            FileManager.default.fileExists(atPath: url.appendingPathComponent("content/site.yaml").path)
        }
        var candidate = folder.standardizedFileURL
        guard !isProject(candidate) else { return nil }
        while candidate.path != "/" {
            candidate = candidate.deletingLastPathComponent()
            if isProject(candidate) { return candidate }
        }
        return nil
    }

    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs `handbook` with `arguments` (without the program name) from `workingDirectory`;
    /// `environment` is where `HANDBOOK_JOBS` is read from.
    public static func run<Out: TextOutputStream, Err: TextOutputStream>(
        _ arguments: [String], workingDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
        stdout: inout Out, stderr: inout Err
    ) -> Int32 {
        let command: Command
        do {
            command = try Arguments.parse(arguments)
        } catch {
            stderr.write("handbook: error: \(DiagnosticFormatter.escaped(error.message))\n")
            if let suggestion = error.suggestion { stderr.write("handbook: note: did you mean '\(suggestion)'?\n") }
            if let note = error.note { stderr.write("handbook: note: \(note)\n") }
            stderr.write("Run 'handbook --help' for usage.\n")
            return 2
        }
        if command != .version, !isHelp(command), let problem = Parallel.jobsProblem(environment["HANDBOOK_JOBS"]) {
            stderr.write("handbook: error: \(problem)\n")
            stderr.write("handbook: note: unset it to use one thread per core\n")
            return 2
        }
        // As git and cargo do, a command run in a subfolder of the project works on the project.
        var workingDirectory = workingDirectory
        if let root = projectRoot(for: command, from: workingDirectory) {
            stderr.write("handbook: note: using the project at \(root.path), found above the working folder\n")
            workingDirectory = root
        }
        // An edit of the content that was cut short: finish or undo it before anything else.
        if let folders = command.folders {
            let journal = ContentJournal(content: ProjectPaths(root: workingDirectory, content: folders.content).content)
            if case .recover(_, let undo) = command {
                return recover(journal, undo: undo, stdout: &stdout, stderr: &stderr)
            }
            if let interrupted = journal.interrupted() {
                stderr.write(ContentJournal.refusal(interrupted) + "\n")
                return 1
            }
        }
        switch command {
        case .recover:
            return 0  // handled above
        case .help(let topic):
            stdout.write(Help.text(for: topic))
            return 0
        case .version:
            stdout.write("handbook \(version)\n")
            return 0
        case .build(let options, let timings, let epub, let cache, let verify):
            return BuildCommand(options: options, workingDirectory: workingDirectory, timings: timings, epub: epub, cache: cache, verify: verify)
                .run(write: true, stdout: &stdout, stderr: &stderr)
        case .watch(let options, let timings):
            var watch = WatchCommand(options: options, workingDirectory: workingDirectory)
            watch.timings = timings
            return watch.run(stdout: &stdout, stderr: &stderr)
        case .serve(let options, let serve):
            return ServeCommand(options: options, serve: serve, workingDirectory: workingDirectory)
                .run(stdout: &stdout, stderr: &stderr)
        case .check(let options, let timings):
            return BuildCommand(options: options, workingDirectory: workingDirectory, timings: timings)
                .run(write: false, stdout: &stdout, stderr: &stderr)
        case .i18nStatus(let options, let json, let strict, let strings):
            return I18nStatusCommand(options: options, workingDirectory: workingDirectory, json: json, strict: strict, strings: strings)
                .run(stdout: &stdout, stderr: &stderr)
        case .i18nMarkCurrent(let options, let files, let force, let blocks, let language):
            let commands = I18nFileCommands(options: options, workingDirectory: workingDirectory)
            guard let paths = commands.paths(files, language: language, stderr: &stderr) else { return 1 }
            return commands.markCurrent(paths, force: force, blocks: blocks, stdout: &stdout, stderr: &stderr)
        case .i18nDiff(let options, let files, let json, let language, let outdated):
            let commands = I18nFileCommands(options: options, workingDirectory: workingDirectory)
            guard var paths = commands.paths(files, language: language, stderr: &stderr) else { return 1 }
            if outdated {
                guard let more = commands.outdatedPaths(language: language, stderr: &stderr) else { return 1 }
                if more.isEmpty && paths.isEmpty {
                    stdout.write("no translation is outdated\(language.map { " in \($0)" } ?? "")\n")
                    return 0
                }
                paths += more
            }
            return commands.diff(paths, json: json, color: CLI.isTerminal, stdout: &stdout, stderr: &stderr)
        case .renumber(let options, let request):
            return RenumberCommand(options: options, workingDirectory: workingDirectory, request: request)
                .run(stdout: &stdout, stderr: &stderr)
        case .i18nUpgrade(let options):
            return I18nFileCommands(options: options, workingDirectory: workingDirectory).upgrade(stdout: &stdout, stderr: &stderr)
        case .i18nExport(let options, let language, let out):
            return I18nPOCommands(options: options, workingDirectory: workingDirectory).export(language: language, out: out, stdout: &stdout, stderr: &stderr)
        case .i18nImport(let options, let folder, let dryRun):
            return I18nPOCommands(options: options, workingDirectory: workingDirectory).importFolder(folder, dryRun: dryRun, stdout: &stdout, stderr: &stderr)
        case .i18nInit(let options, let code, let name, let tag):
            return I18nPOCommands(options: options, workingDirectory: workingDirectory).initLanguage(code, name: name, tag: tag, stdout: &stdout, stderr: &stderr)
        }
    }

    private static func isHelp(_ command: Command) -> Bool {
        if case .help = command { return true }
        return false
    }
}

/// Standard output as a `TextOutputStream`.
public struct StandardOutput: TextOutputStream {
    /// Creates the stream.
    public init() {}
    /// Writes `string` to standard output.
    public mutating func write(_ string: String) { FileHandle.standardOutput.write(Data(string.utf8)) }
}

/// Standard error as a `TextOutputStream`.
public struct StandardError: TextOutputStream {
    /// Creates the stream.
    public init() {}
    /// Writes `string` to standard error.
    public mutating func write(_ string: String) { FileHandle.standardError.write(Data(string.utf8)) }
}
