import Foundation
import Handbook

/// `handbook i18n diff`, `mark-current` and `upgrade`: the commands that work on translation files.
struct I18nFileCommands {
    let options: FolderOptions
    let workingDirectory: URL

    private var content: URL? {
        options.contentGiven ? ProjectPaths(root: workingDirectory, content: options.content).content : nil
    }

    /// The content folder: the one given, else the project's, found by walking up from the working folder.
    private func contentFolder() -> URL? {
        if let content { return content }
        var folder = workingDirectory.standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent("content")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("site.yaml").path) { return candidate }
            if folder.path == "/" { return nil }
            folder = folder.deletingLastPathComponent()
        }
    }

    /// The file of every outdated translation (of `language`, or of every language), as
    /// `i18n status` lists them; nil when the content does not resolve (the problems written).
    func outdatedPaths<Err: TextOutputStream>(language: LanguageCode?, stderr: inout Err) -> [String]? {
        guard let root = contentFolder() else {
            stderr.write("handbook: error: no content folder here or above (none holds site.yaml); pass --content DIR\n")
            return nil
        }
        let folders = ProjectPaths(root: workingDirectory, content: root.path)
        let result = Build(paths: folders).resolve()
        guard let site = result.site else {
            DiagnosticFormatter().write(result.diagnostics, to: &stderr)
            return nil
        }
        return TranslationStatus(site: site).reports.filter { language == nil || $0.language == language }.flatMap { report in
            report.outdated.map { key in
                folders.display(folders.content.appendingPathComponent("\(report.language)/\(key.folder)/\(key.id).md"))
            }
        }
    }

    /// The translation files `arguments` name: paths as they are, and page IDs (`bp:1.10`,
    /// `sec:7.3.6.5`, `page:about`), as `i18n status` names pages, as the file of each translation
    /// that has one, or of `language` alone; nil (with the reason written) when an ID names none.
    func paths<Err: TextOutputStream>(_ arguments: [String], language: LanguageCode?, stderr: inout Err) -> [String]? {
        var out: [String] = []
        for argument in arguments {
            guard let (key, _) = PageKey.reference(argument) else {
                out.append(argument)
                continue
            }
            guard let root = contentFolder() else {
                stderr.write("\(argument): error: no content folder here or above (none holds site.yaml); pass --content DIR\n")
                return nil
            }
            let relative = "\(key.folder)/\(key.id).md"
            let source = TranslationFile.sourceLanguage(in: root)
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: root.path))?.sorted() ?? []
            let languages: [LanguageCode] = folders.map { LanguageCode($0) }
            let found = languages.filter { (code: LanguageCode) -> Bool in
                code != source && (language == nil || code == language)
                    && FileManager.default.fileExists(atPath: root.appendingPathComponent("\(code)/\(relative)").path)
            }
            guard !found.isEmpty else {
                let which = language.map { " in \($0)" } ?? ""
                stderr.write("\(argument): error: no translation\(which) of \(key) (content/<language>/\(relative))\n")
                return nil
            }
            out += found.map { ProjectPaths(root: workingDirectory).display(root.appendingPathComponent("\($0)/\(relative)")) }
        }
        return out
    }

    func markCurrent<Out: TextOutputStream, Err: TextOutputStream>(
        _ files: [String], force: Bool, blocks: [String], stdout: inout Out, stderr: inout Err
    ) -> Int32 {
        // Every file marked or none: the marks are planned into one edit, written only if all succeed.
        let edit = ContentEdit(action: "a mark-current")
        var failed = false
        var reports: [String] = []
        var journal: ContentJournal?
        for path in files {
            do throws(TranslationFile.Failure) {
                let file = try TranslationFile.locate(path, workingDirectory: workingDirectory, content: content)
                journal = journal ?? ContentJournal(content: file.content)
                let outcome = try TranslationMarker().markCurrent(file, force: force, blocks: blocks, into: edit)
                if blocks.isEmpty {
                    let what = path.hasSuffix("strings.yaml") ? "string(s)" : "stale block(s)"
                    reports.append("\(path): marked current (\(outcome.marked) \(what) recorded as revised)\n")
                } else {
                    reports.append("\(path): marked \(outcome.marked) block(s) current; \(outcome.stale) still stale\n")
                }
            } catch {
                stderr.write("\(DiagnosticFormatter.escaped(error.path)): error: \(DiagnosticFormatter.escaped(error.message))\n")
                failed = true
            }
        }
        if failed {
            if files.count > 1 { stderr.write("nothing was marked; no file was changed\n") }
            return 1
        }
        do throws(ContentJournal.Failure) {
            try journal?.apply(edit)
        } catch {
            if !error.diagnostics.isEmpty { DiagnosticFormatter().write(error.diagnostics, to: &stderr) }
            stderr.write("\(DiagnosticFormatter.escaped(error.path)): error: \(DiagnosticFormatter.escaped(error.message))\n")
            return 1
        }
        reports.forEach { stdout.write($0) }
        return 0
    }

    func diff<Out: TextOutputStream, Err: TextOutputStream>(
        _ files: [String], json: Bool, color: Bool, stdout: inout Out, stderr: inout Err
    ) -> Int32 {
        var diffs: [TranslationDiff] = []
        var failed = false
        for path in files {
            do throws(TranslationFile.Failure) {
                let file = try TranslationFile.locate(path, workingDirectory: workingDirectory, content: content)
                let source = ProjectPaths(root: workingDirectory).display(file.sourceURL)
                diffs.append(try TranslationDiff.of(file, sourcePath: source))
            } catch {
                stderr.write("\(DiagnosticFormatter.escaped(error.path)): error: \(DiagnosticFormatter.escaped(error.message))\n")
                failed = true
            }
        }
        stdout.write(json ? TranslationDiffFormat.json(diffs) : TranslationDiffFormat.text(diffs, color: color))
        return failed ? 1 : 0
    }

    func upgrade<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        let folder = ProjectPaths(root: workingDirectory, content: options.content).content
        let results = TranslationUpgrade(content: folder, workingDirectory: workingDirectory).run()
        var missing = 0
        for result in results {
            switch result {
            case .upgraded(let path, let fromHistory):
                stdout.write("\(path): upgraded to block tracking\(fromHistory ? " (its English found in the history)" : "")\n")
            case .repaired(let path):
                stdout.write("\(path): translation_hash set to the hash of its blocks (it was not)\n")
            case .converted(let path, let unknown):
                stdout.write("\(path): record converted to fingerprints that see link targets and code"
                    + (unknown > 0 ? "; \(unknown) block(s) left to review (see i18n diff)" : "") + "\n")
            case .notFound(let path):
                stderr.write("\(path): error: the English this translation was made from is not in the history; review it and run i18n mark-current\n")
                missing += 1
            }
        }
        stdout.write("\(results.count - missing) translation(s) upgraded or repaired\n")
        return missing > 0 ? 1 : 0
    }
}

/// How `i18n diff` prints: a readable diff for the terminal, coloured only on one, or JSON.
enum TranslationDiffFormat {
    static func text(_ diffs: [TranslationDiff], color: Bool) -> String {
        let (red, green, dim, reset) = color ? ("\u{1B}[31m", "\u{1B}[32m", "\u{1B}[2m", "\u{1B}[0m") : ("", "", "", "")
        var out = ""
        for diff in diffs {
            guard diff.tracked else {
                out += "\(diff.path): records no English version it follows; every block of \(diff.sourcePath) is listed as current English\n"
                for change in diff.changes { out += "  \(change.number). \(change.place) (\(change.block))\n    \(green)+ \(change.new ?? "")\(reset)\n" }
                continue
            }
            guard !diff.changes.isEmpty else {
                out += "\(diff.path): follows the current English (\(diff.sourcePath)); nothing to revise\n"
                continue
            }
            let since = diff.baseline.map { "since \($0.commit.prefix(10)) (\($0.date))" } ?? "since it was last marked current"
            out += "\(diff.path): \(diff.changes.count) English block(s) changed \(since)\n"
            if diff.baseline == nil {
                out += "  note: the English it was made from is not in the repository's history, so only the current English is shown\n"
            }
            for change in diff.changes {
                let at = change.line > 0 ? "\(diff.sourcePath):\(change.line)" : diff.sourcePath
                out += "\n  \(change.number). \(change.kind) \(change.block) in \(change.place) (\(at))\n"
                if let old = change.old { out += "    \(red)- \(old)\(reset)\n" }
                if let new = change.new { out += "    \(green)+ \(new)\(reset)\n" }
                if let own = change.translation { out += "    \(dim)= \(own)\(reset)\n" }
            }
        }
        return out
    }

    static func json(_ diffs: [TranslationDiff]) -> String {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let files = diffs.map { diff -> JSONValue in
            .object([
                ("path", .string(diff.path)), ("source", .string(diff.sourcePath)), ("tracked", .bool(diff.tracked)),
                ("baseline", diff.baseline.map { .object([("commit", .string($0.commit)), ("date", .string($0.date))]) } ?? .null),
                ("changes", .array(diff.changes.map { change in
                    .object([
                        ("number", .number(change.number)), ("kind", .string(change.kind)), ("block", .string(change.block)),
                        ("place", .string(change.place)), ("line", .number(change.line)), ("old", text(change.old)),
                        ("new", text(change.new)), ("translation", text(change.translation)),
                    ])
                })),
            ])
        }
        return JSONValue.object([("translations", .array(files))]).serialized() + "\n"
    }
}
