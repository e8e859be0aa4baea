import Foundation
import Mustache

/// The templates folder, loaded and compiled once per build: `*.mustache` files by name
/// (`page`, `partials/header`) and the static files under `assets/`, copied as they are.
struct TemplateSet {
    let library: TemplateLibrary
    let assets: [OutputFile]
    /// The templates folder as diagnostics name it (`templates`, or what `--templates` gave).
    var folder = "templates"
    /// The names of the templates, for the optional ones (`404`, and `redirect`, needed only once
    /// a section has been renumbered).
    var names: Set<String> = []

    /// Templates every site needs, one per kind of page.
    static let required = ["practice", "section", "page", "index", "root"]
        + GeneratedPage.allCases.filter(\.isAlwaysMade).map(\.id)

    /// Loads and compiles the templates; nil when any template has an error (all are reported). In a
    /// watch session (`memo`) the files are read every time and compiled again only when their text,
    /// or the strings they may name, changed.
    static func load(
        from folder: URL, paths: ProjectPaths, strings: UIStrings?, diagnostics: DiagnosticEngine, memo: BuildMemo? = nil
    ) -> TemplateSet? {
        var sources: [String: String] = [:]
        // Templates that exist but could not be decoded (already reported), so none is called missing.
        var undecodable: Set<String> = []
        var assets: [OutputFile] = []
        let base = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(atPath: base)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String { files.append(relative) }
        for relative in files.sorted() {
            let url = folder.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            else { continue }
            // A FIFO would block the read for ever; anything but a regular file is reported unread.
            if let problem = FileKind(path: url.path).problem {
                diagnostics.error(.unreadableFile, problem, at: SourceLocation(path: paths.display(url)))
                continue
            }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                diagnostics.error(.unreadableFile, "cannot read the template", at: SourceLocation(path: paths.display(url)))
                continue
            }
            if relative.hasPrefix("assets/") {
                assets.append(OutputFile(path: OutputPath(relative), contents: [UInt8](data)))
            } else if relative.hasSuffix(".mustache") {
                guard let text = String(validatingUTF8Bytes: [UInt8](data)) else {
                    let (line, column) = FileReader.firstInvalidUTF8([UInt8](data))
                    diagnostics.error(
                        .invalidUtf8, "the template is not valid UTF-8",
                        at: SourceLocation(path: paths.display(url), line: line, column: column),
                        notes: [Diagnostic.Note("save the template as UTF-8")])
                    undecodable.insert(String(relative.dropLast(".mustache".count)))
                    continue
                }
                sources[String(relative.dropLast(".mustache".count))] = FileReader.normalizeLineEnds(text)
            }
        }
        let templatesPath = paths.display(folder)
        // An error before this point (in the content, or a template that cannot be read) leaves the
        // templates checked but not compiled.
        let blocked = diagnostics.hasErrors
        let compile = { (diagnostics: DiagnosticEngine) in
            compiled(sources, undecodable: undecodable, strings: strings, templatesPath: templatesPath, blocked: blocked, diagnostics: diagnostics)
        }
        let library: TemplateLibrary?
        if let memo {
            let inputs = BuildMemo.TemplateInputs(
                sources: sources, undecodable: undecodable, stringKeys: strings.map { Set($0.values.keys) }, folder: templatesPath,
                blocked: blocked)
            library = memo.templates.reported(templatesPath, inputs: inputs, into: diagnostics, make: compile)
        } else {
            library = compile(diagnostics)
        }
        guard let library, !diagnostics.hasErrors else { return nil }
        var set = TemplateSet(library: library, assets: assets, folder: templatesPath)
        set.names = Set(sources.keys)
        return set
    }

    /// The templates compiled, after checking that the required ones are there and that every name
    /// and string they use exists; nil after reporting any error.
    private static func compiled(
        _ sources: [String: String], undecodable: Set<String>, strings: UIStrings?, templatesPath: String, blocked: Bool,
        diagnostics: DiagnosticEngine
    ) -> TemplateLibrary? {
        for name in required where sources[name] == nil && !undecodable.contains(name) {
            diagnostics.error(
                .missingTemplate, "there is no template \"\(name).mustache\"",
                at: SourceLocation(path: "\(templatesPath)/\(name).mustache"))
        }
        for error in TemplateLibrary.diagnose(templates: sources, strictPartials: true) {
            diagnostics.error(
                .templateSyntax, error.message,
                at: SourceLocation(path: "\(templatesPath)/\(error.templateName).mustache", line: error.line, column: error.column))
        }
        if let strings { checkStrings(sources, strings: strings, templatesPath: templatesPath, diagnostics: diagnostics) }
        guard !blocked, !diagnostics.hasErrors, let library = try? TemplateLibrary(templates: sources, strictPartials: true) else {
            return nil
        }
        checkNames(library.nameUses(), templatesPath: templatesPath, diagnostics: diagnostics)
        return diagnostics.hasErrors ? nil : library
    }

    /// A name that no view provides would render as nothing (or its section never): a typo in a
    /// template is caught at build time, at its tag. `strings.key` is checked against strings.yaml
    /// instead (`checkStrings`).
    private static func checkNames(_ uses: [TemplateLibrary.NameUse], templatesPath: String, diagnostics: DiagnosticEngine) {
        let known = TemplateViews.keys
        let sortedKnown = known.sorted()
        for use in uses {
            guard let first = use.components.first, first != "strings", first != "strings_lang" else { continue }
            guard let unknown = use.components.first(where: { !known.contains($0) }) else { continue }
            let name = use.components.joined(separator: ".")
            let near = NearMiss.suggestion(for: unknown, among: sortedKnown)
                .flatMap { NearMiss.editDistance(unknown, $0) <= max(1, unknown.count / 4) ? $0 : nil }
            diagnostics.error(
                .unknownTemplateKey,
                "the template reads \"\(name)\", but no page's context provides \"\(unknown)\""
                    + (near.map { " (did you mean \"\($0)\"?)" } ?? ""),
                at: SourceLocation(path: "\(templatesPath)/\(use.templateName).mustache", line: use.line, column: use.column))
        }
    }

    /// A `{{strings.key}}` with no such key would render as nothing; catch it at build time.
    private static func checkStrings(
        _ sources: [String: String], strings: UIStrings, templatesPath: String, diagnostics: DiagnosticEngine
    ) {
        let keys = Array(strings.values.keys)
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var rest = line[...]
                while let range = rest.range(of: "strings.") {
                    let key = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !key.isEmpty && strings.values[String(key)] == nil {
                        let column = line.distance(from: line.startIndex, to: range.lowerBound) + 1
                        // Keys are long and alike (`search_group_pages`, `search_kind_page`): only a
                        // near spelling of one is a likely slip.
                        let near = NearMiss.suggestion(for: String(key), among: keys)
                            .flatMap { NearMiss.editDistance(String(key), $0) <= max(1, key.count / 5) ? $0 : nil }
                        diagnostics.error(
                            .missingString,
                            "the template uses strings.\(key), which strings.yaml does not define"
                                + (near.map { " (did you mean strings.\($0)?)" } ?? ""),
                            at: SourceLocation(path: "\(templatesPath)/\(name).mustache", line: lineIndex + 1, column: column))
                    }
                    rest = rest[range.upperBound...]
                }
            }
        }
    }
}
