import Foundation

/// `handbook renumber sec:OLD NEW`: gives a section (and the sections below it) a new number in
/// every language, as one planned change that is checked before any file is touched.
///
/// 1. Find the section's files and its descendants' in every language tree; refuse when any new
///    name is taken (a file of the user's is never replaced).
/// 2. In every content file, rewrite `sec:` links and quoted section numbers in front matter
///    (`number`, `parent`, `related`, `sections`, …) of the moved sections.
/// 3. Add the old numbers to the English files' `previous_numbers`, so the build leaves a redirect
///    at each old address and tells links to an old number the new one.
/// 4. Report the mentions in prose ("section 11.5") that were left as they were.
public struct SectionRenumbering {
    /// One file to write: its new text, under a new name when it is renamed.
    public struct Change: Sendable {
        /// The file as it is now.
        public var path: String
        /// Where it goes; equal to `path` when it keeps its name.
        public var newPath: String
        /// The rewritten text.
        public var text: String
    }

    /// A plain-prose mention of a moved number, left unchanged.
    public struct Mention: Sendable {
        /// Where it is (project-relative path, line, column).
        public var location: SourceLocation
        /// The number as written.
        public var number: String
    }

    /// The diagnostics that refuse a renumbering.
    public struct Refusal: Error, Sendable {
        /// Located errors, sorted.
        public var diagnostics: [Diagnostic]
    }

    /// What the command will do.
    public struct Plan: Sendable {
        /// Every file that changes, sorted by path.
        public var changes: [Change]
        /// Links and front-matter values rewritten.
        public var rewrites: Int
        /// Mentions in text that were not changed.
        public var mentions: [Mention]
    }

    private let paths: ProjectPaths
    private let old: String
    private let new: String

    /// A renumbering of section `old` to `new` in the project at `paths`.
    public init(paths: ProjectPaths, old: String, new: String) {
        self.paths = paths
        self.old = old
        self.new = new
    }

    /// Why `number` cannot be a section number, or nil.
    public static func numberProblem(_ number: String) -> String? {
        PageKeyRules.isSectionNumber(number) ? nil : "\"\(number)\" is not a section number (dotted decimals of chapters 6 to 16, like 11.5)"
    }

    /// The plan, or the diagnostics that refuse it (nothing has been written either way).
    public func plan() -> Result<Plan, Refusal> {
        let diagnostics = DiagnosticEngine()
        guard let content = ContentLoader(paths: paths, diagnostics: diagnostics).load(), !diagnostics.hasErrors else {
            return .failure(Refusal(diagnostics: diagnostics.diagnostics))
        }
        let source = content.config.sourceLanguage.code
        let sectionsFolder = paths.display(paths.content.appendingPathComponent(source).appendingPathComponent("sections"))
        let numbers = content.pages.filter { $0.language == source && $0.relativePath.hasPrefix("sections/") }
            .map { String($0.relativePath.dropFirst("sections/".count).dropLast(3)) }
        guard numbers.contains(old) else {
            var message = "there is no section \"\(old)\""
            if let near = NearMiss.suggestion(for: old, among: numbers) { message += " (did you mean \"\(near)\"?)" }
            return .failure(Refusal(diagnostics: [Diagnostic.error(.renumber, message, at: SourceLocation(path: sectionsFolder))]))
        }
        // The moved sections, by file: the section itself and every section below it.
        let moved = content.pages.filter { file in
            guard file.relativePath.hasPrefix("sections/") else { return false }
            let number = file.relativePath.dropFirst("sections/".count).dropLast(3)
            return number == old || number.hasPrefix(old + ".")
        }
        var refusals: [Diagnostic] = []
        var renamed: [String: String] = [:]
        for file in moved {
            let number = String(file.relativePath.dropFirst("sections/".count).dropLast(3))
            let target = new + number.dropFirst(old.count)
            let targetPath = String(file.path.dropLast(file.relativePath.count)) + "sections/\(target).md"
            if FileKind(path: paths.root.appendingPathComponent(targetPath).path) != .missing {
                refusals.append(
                    Diagnostic.error(
                        .renumber, "cannot renumber section \(number) to \(target): this file exists already",
                        at: SourceLocation(path: targetPath),
                        notes: [Diagnostic.Note("renumbering never replaces a file; move or remove it first, or choose another number")]))
            }
            renamed[file.path] = targetPath
        }
        guard refusals.isEmpty else { return .failure(Refusal(diagnostics: refusals)) }
        var changes: [Change] = []
        var rewrites = 0
        var mentions: [Mention] = []
        for file in content.pages {
            var (text, count) = rewrite(file.text)
            if renamed[file.path] != nil, file.language == source {
                let number = String(file.relativePath.dropFirst("sections/".count).dropLast(3))
                text = addPreviousNumber(number, replacing: new + number.dropFirst(old.count), to: text)
            }
            rewrites += count
            mentions += findMentions(in: text, path: renamed[file.path] ?? file.path)
            if text != file.text || renamed[file.path] != nil {
                changes.append(Change(path: file.path, newPath: renamed[file.path] ?? file.path, text: text))
            }
        }
        // The Notes on the source name the pages concerned as `sec:` references too.
        if let notes = content.sourceNotes {
            let (text, count) = rewrite(notes.text)
            rewrites += count
            if text != notes.text { changes.append(Change(path: notes.path, newPath: notes.path, text: text)) }
        }
        return .success(Plan(changes: changes, rewrites: rewrites, mentions: mentions))
    }

    /// Carries out `plan`, all or nothing (`ContentJournal`): renamed files are created and their
    /// old names removed, edited files replaced. The plan refused new names that are taken.
    public func apply(_ plan: Plan) -> ContentJournal.Failure? {
        let edit = ContentEdit(action: "a renumbering")
        for change in plan.changes {
            edit.write(change.text, to: paths.root.appendingPathComponent(change.newPath))
            if change.newPath != change.path { edit.remove(paths.root.appendingPathComponent(change.path)) }
        }
        do throws(ContentJournal.Failure) {
            try ContentJournal(content: paths.content).apply(edit)
        } catch {
            return error
        }
        return nil
    }
}

private extension SectionRenumbering {
    var escapedOld: String { NSRegularExpression.escapedPattern(for: old) }

    /// `text` with `sec:` links to the moved sections and their quoted numbers in front matter
    /// rewritten, and how many were.
    func rewrite(_ text: String) -> (String, Int) {
        var count = 0
        var out = replace(#"sec:"# + escapedOld + #"(?![0-9])"#, in: text, with: "sec:" + new, count: &count)
        // Front matter only: a quoted number there is a relation or the page's own number.
        if out.hasPrefix("---\n"), let end = out.range(of: "\n---\n", range: out.index(out.startIndex, offsetBy: 3)..<out.endIndex) {
            let front = String(out[..<end.lowerBound])
            let rewritten = replace(#"(["'])"# + escapedOld + #"((?:\.[0-9]+)*)\1"#, in: front, with: "$1" + new + "$2$1", count: &count)
            out = rewritten + out[end.lowerBound...]
        }
        return (out, count)
    }

    func replace(_ pattern: String, in text: String, with template: String, count: inout Int) -> String {
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        count += regex.numberOfMatches(in: text, range: range)
        return regex.stringByReplacingMatches(in: text, range: range, withTemplate: template)
    }

    /// Adds `number` to the front matter's `previous_numbers` (after `number:` when there is none),
    /// dropping `current` from it: a section renumbered back takes its old number again.
    func addPreviousNumber(_ number: String, replacing current: String, to text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        let end = lines.dropFirst().firstIndex(of: "---") ?? lines.count
        if let index = lines[..<end].firstIndex(where: { $0.hasPrefix("previous_numbers:") }) {
            let list = lines[index].dropFirst("previous_numbers:".count).trimmingCharacters(in: .whitespaces)
            var items = list.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
                .filter { !$0.isEmpty && $0 != current }
            items.append(number)
            lines[index] = "previous_numbers: [" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        } else if let index = lines[..<end].firstIndex(where: { $0.hasPrefix("number:") }) {
            lines.insert("previous_numbers: [\"\(number)\"]", at: index + 1)
        }
        return lines.joined(separator: "\n")
    }

    /// Every remaining mention of the old number (or one below it) as a number of its own.
    func findMentions(in text: String, path: String) -> [Mention] {
        let regex = try! NSRegularExpression(pattern: #"(?<![0-9.])"# + escapedOld + #"(?:\.[0-9]+)*(?![0-9])"#)
        let lines = text.components(separatedBy: "\n")
        var out: [Mention] = []
        for (index, line) in lines.enumerated() where !line.hasPrefix("previous_numbers:") {
            for match in regex.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                let range = Range(match.range, in: line)!
                let column = line.distance(from: line.startIndex, to: range.lowerBound) + 1
                out.append(Mention(location: SourceLocation(path: path, line: index + 1, column: column), number: String(line[range])))
            }
        }
        return out
    }
}
