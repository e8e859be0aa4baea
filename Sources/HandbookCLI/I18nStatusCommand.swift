import Foundation
import Handbook

/// `handbook i18n status`: what each language has translated, what is outdated and what is missing.
struct I18nStatusCommand {
    let options: FolderOptions
    let workingDirectory: URL
    let json: Bool
    let strict: Bool
    /// Whether to list every UI string with its note for translators and each language's state.
    var strings = false

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        let paths = ProjectPaths(root: workingDirectory, content: options.content, templates: options.templates)
        let result = Build(paths: paths).resolve()
        guard let site = result.site else {
            DiagnosticFormatter().write(result.diagnostics, to: &stderr)
            return 1
        }
        let reports = TranslationStatus(site: site).reports
        if strings {
            stdout.write(json ? I18nStatusCommand.stringsJSON(site) : I18nStatusCommand.stringsText(site))
        } else {
            stdout.write(json ? I18nStatusCommand.json(reports) : I18nStatusCommand.text(reports))
        }
        let incomplete = reports.contains {
            !$0.outdated.isEmpty || !$0.missing.isEmpty || !$0.missingStrings.isEmpty || !$0.outdatedStrings.isEmpty
        }
        return strict && incomplete ? 1 : 0
    }

    static func text(_ reports: [TranslationStatus.Report]) -> String {
        var out = ""
        for report in reports {
            let total = report.translated.count + report.outdated.count + report.missing.count
            out += "\(report.language): \(report.translated.count)/\(total) pages current (\(report.percent) %), "
            out += "\(report.outdated.count) outdated, \(report.missing.count) missing; "
            let current = report.stringCount - report.missingStrings.count - report.outdatedStrings.count
            out += "\(current)/\(report.stringCount) strings current"
            out += report.outdatedStrings.isEmpty ? "\n" : ", \(report.outdatedStrings.count) outdated\n"
            for key in report.outdated {
                if report.untracked.contains(key) {
                    out += "  untracked: \(key) (records no English it follows; after review: i18n mark-current \(key) --lang \(report.language))\n"
                    continue
                }
                let count = report.changedBlocks[key] ?? 0
                out += "  outdated: \(key) (\(count) changed block\(count == 1 ? "" : "s"); see i18n diff \(key) --lang \(report.language))\n"
            }
            for key in report.missing { out += "  missing: \(key)\n" }
            for key in report.outdatedStrings { out += "  outdated string: \(key)\n" }
            for key in report.missingStrings { out += "  missing string: \(key)\n" }
        }
        return out
    }

    /// Each string: its English, the note for translators, and each translation with its state.
    static func stringsText(_ site: ResolvedSite) -> String {
        let source = site.config.sourceLanguage.code
        guard let english = site.sourceStrings else { return "" }
        var out = ""
        for key in english.values.keys.sorted() {
            out += "\(key): \(english.values[key]!)\n"
            out += "  note: \(english.notes[key] ?? "(none: add a comment line above the key in content/\(source)/strings.yaml)")\n"
            for edition in site.editions where edition.language.code != source {
                let language = edition.language, own = edition.strings
                let state = own.missingKeys.contains(key) ? "missing" : own.outdatedKeys.contains(key) ? "outdated" : "current"
                out += "  \(language.code) (\(state)): \(state == "missing" ? "" : own.values[key] ?? "")\n"
            }
        }
        return out
    }

    static func stringsJSON(_ site: ResolvedSite) -> String {
        let source = site.config.sourceLanguage.code
        let english = site.strings(in: source)
        let entries = english.values.keys.sorted().map { key -> JSONValue in
            let languages = site.editions.filter { $0.language.code != source }.map { edition -> (String, JSONValue) in
                let language = edition.language, own = edition.strings
                let state = own.missingKeys.contains(key) ? "missing" : own.outdatedKeys.contains(key) ? "outdated" : "current"
                return (language.code.rawValue, .object([("state", .string(state)), ("text", state == "missing" ? .null : .string(own.values[key] ?? ""))]))
            }
            return .object([
                ("key", .string(key)), ("english", .string(english.values[key]!)),
                ("note", english.notes[key].map(JSONValue.string) ?? .null), ("translations", .object(languages)),
            ])
        }
        return JSONValue.object([("strings", .array(entries))]).serialized() + "\n"
    }

    static func json(_ reports: [TranslationStatus.Report]) -> String {
        func list(_ items: [String]) -> String { "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        let entries = reports.map { report in
            """
              {
                "language": "\(report.language)",
                "translated": \(list(report.translated.map(\.description))),
                "outdated": \(list(report.outdated.map(\.description))),
                "missing": \(list(report.missing.map(\.description))),
                "changed_blocks": {\(report.outdated.map { "\"\($0)\": \(report.changedBlocks[$0] ?? 0)" }.joined(separator: ", "))},
                "untracked": \(list(report.outdated.filter(report.untracked.contains).map(\.description))),
                "missing_strings": \(list(report.missingStrings)),
                "outdated_strings": \(list(report.outdatedStrings)),
                "strings": \(report.stringCount)
              }
            """
        }
        return "{\n  \"languages\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}
