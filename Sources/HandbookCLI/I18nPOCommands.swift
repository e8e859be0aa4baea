import Foundation
import Handbook

/// `handbook i18n export`, `import` and `init`: the translators' PO route and new editions.
struct I18nPOCommands {
    let options: FolderOptions
    let workingDirectory: URL

    private var content: URL { ProjectPaths(root: workingDirectory, content: options.content).content }

    func export<Out: TextOutputStream, Err: TextOutputStream>(language: LanguageCode, out: String?, stdout: inout Out, stderr: inout Err) -> Int32 {
        let source = TranslationFile.sourceLanguage(in: content)
        guard language != source, FileManager.default.fileExists(atPath: content.appendingPathComponent(language.rawValue).path) else {
            stderr.write("handbook: error: \(DiagnosticFormatter.escaped(options.content))/\(DiagnosticFormatter.escaped(language.rawValue)) is not a translated edition of this site\n")
            return 1
        }
        let shown = out ?? "po/\(language)"
        let folder = shown.hasPrefix("/") ? URL(fileURLWithPath: shown) : workingDirectory.appendingPathComponent(shown)
        let catalogs = POExport(content: content, language: language).catalogs()
        for catalog in catalogs {
            let url = folder.appendingPathComponent(catalog.path)
            if let existing = try? String(contentsOf: url, encoding: .utf8), !existing.hasPrefix(POExport.signature) {
                stderr.write("\(DiagnosticFormatter.escaped(shown))/\(catalog.path): error: not written by i18n export; move it away or choose another --out\n")
                return 1
            }
        }
        for catalog in catalogs {
            let url = folder.appendingPathComponent(catalog.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                if (try? String(contentsOf: url, encoding: .utf8)) != catalog.text { try Data(catalog.text.utf8).write(to: url, options: .atomic) }
            } catch {
                stderr.write("\(DiagnosticFormatter.escaped(shown))/\(catalog.path): error: cannot write: \((error as NSError).localizedDescription)\n")
                return 1
            }
        }
        stdout.write("\(shown): \(catalogs.count) PO file(s) for \(language)\n")
        return 0
    }

    /// Imports what is good: entries that no longer match the English (stale, unknown, new blocks)
    /// are skipped with a warning and the rest is written; anything unsafe (broken Markdown, links,
    /// placeholders, what the build would refuse) refuses the whole import. Exit 1 when something
    /// was refused, or when entries were skipped and nothing was left to write.
    func importFolder<Out: TextOutputStream, Err: TextOutputStream>(_ shown: String, dryRun: Bool = false, stdout: inout Out, stderr: inout Err) -> Int32 {
        let folder = shown.hasPrefix("/") ? URL(fileURLWithPath: shown) : workingDirectory.appendingPathComponent(shown)
        let (written, problems) = POImport(content: content, folder: folder, shown: shown).run(dryRun: dryRun)
        for problem in problems { stderr.write(DiagnosticFormatter.escaped(problem.formatted) + "\n") }
        if problems.contains(where: { !$0.isSkippable }) {
            stderr.write("nothing was written\n")
            return 1
        }
        let base = workingDirectory.standardizedFileURL.path + "/"
        let verb = dryRun ? "would be updated" : "updated"
        for path in written { stdout.write("\(path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path): \(verb)\n") }
        stdout.write("\(written.count) file(s) \(verb)" + (problems.isEmpty ? "" : "; \(problems.count) entr\(problems.count == 1 ? "y" : "ies") skipped") + "\n")
        return written.isEmpty && !problems.isEmpty ? 1 : 0
    }

    func initLanguage<Out: TextOutputStream, Err: TextOutputStream>(_ code: String, name: String, tag: String?, stdout: inout Out, stderr: inout Err) -> Int32 {
        do throws(LanguageInit.Failure) {
            let written = try LanguageInit(content: content, code: code, name: name, tag: tag).run()
            let base = workingDirectory.standardizedFileURL.path + "/"
            for url in written { stdout.write("\(url.path.hasPrefix(base) ? String(url.path.dropFirst(base.count)) : url.path): written\n") }
            let folder = options.content
            stdout.write("""

                \(name) (\(code)) is added. Its pages show the English, marked as not yet translated, until they are translated.
                Next steps:
                  1. Translate the UI strings in \(folder)/\(code)/strings.yaml (or: handbook i18n export --lang \(code), then i18n import),
                     then record them: handbook i18n mark-current \(folder)/\(code)/strings.yaml
                  2. Fill the \(code) column of \(folder)/glossary.yaml with the fixed terms.
                  3. Translate pages: copy \(folder)/en/<page>.md to \(folder)/\(code)/<page>.md and translate it, or use the PO files;
                     mark each one current with handbook i18n mark-current.
                  4. Run handbook check and handbook i18n status to see what is left.

                """)
            return 0
        } catch {
            stderr.write("\(DiagnosticFormatter.escaped(error.path)): error: \(DiagnosticFormatter.escaped(error.message))\n")
            return 1
        }
    }
}
