import Foundation
import Handbook

/// `handbook i18n status`: what each language has translated, what is outdated and what is missing.
struct I18nStatusCommand {
    let options: FolderOptions
    let workingDirectory: URL
    let json: Bool
    let strict: Bool

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        let paths = ProjectPaths(root: workingDirectory, content: options.content, templates: options.templates)
        let result = Build(paths: paths).run()
        guard let site = result.site else {
            DiagnosticFormatter().write(result.diagnostics, to: &stderr)
            return 1
        }
        let reports = TranslationStatus(site: site).reports
        stdout.write(json ? I18nStatusCommand.json(reports) : I18nStatusCommand.text(reports))
        let incomplete = reports.contains { !$0.outdated.isEmpty || !$0.missing.isEmpty || !$0.missingStrings.isEmpty }
        return strict && incomplete ? 1 : 0
    }

    static func text(_ reports: [TranslationStatus.Report]) -> String {
        var out = ""
        for report in reports {
            let total = report.translated.count + report.outdated.count + report.missing.count
            out += "\(report.language): \(report.translated.count)/\(total) pages current (\(report.percent) %), "
            out += "\(report.outdated.count) outdated, \(report.missing.count) missing; "
            out += "\(report.stringCount - report.missingStrings.count)/\(report.stringCount) strings\n"
            for key in report.outdated { out += "  outdated: \(key)\n" }
            for key in report.missing { out += "  missing: \(key)\n" }
            for key in report.missingStrings { out += "  missing string: \(key)\n" }
        }
        return out
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
                "missing_strings": \(list(report.missingStrings)),
                "strings": \(report.stringCount)
              }
            """
        }
        return "{\n  \"languages\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}
