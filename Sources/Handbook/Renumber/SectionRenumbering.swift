import Foundation

/// `handbook renumber sec:OLD NEW`: gives a section (and the sections below it) a new number in
/// every language, as one planned change that is checked before any file is touched.
/// `handbook renumber --insert sec:N` makes room for a new section N: N and the later siblings
/// that follow it without a gap each move up by one, in the same single change.
///
/// 1. Find the moved sections' files and their descendants' in every language tree; refuse when any
///    new name is taken by a file that is not moving too (a file of the user's is never replaced).
/// 2. In every content file, rewrite `sec:` links and quoted section numbers in front matter
///    (`number`, `parent`, `related`, `sections`, …) of the moved sections.
/// 3. Add the old numbers to the English files' `previous_numbers`, so the build leaves a redirect
///    at each old address and tells links to an old number the new one. An insertion adds none:
///    its old addresses belong to other sections (or to the new one) afterwards.
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
        /// Each moved section's old and new number (not those below it), in order.
        public var moves: [(old: String, new: String)]
    }

    /// What to renumber.
    public enum Request: Sendable, Equatable {
        /// Section `old`, and those below it, to `new`.
        case move(old: String, new: String)
        /// Room for a new section at `number`: it and its following siblings up by one.
        case insert(at: String)
    }

    private let paths: ProjectPaths
    private let request: Request

    /// A renumbering of section `old` to `new` in the project at `paths`.
    public init(paths: ProjectPaths, old: String, new: String) {
        self.init(paths: paths, request: .move(old: old, new: new))
    }

    /// The renumbering `request` in the project at `paths`.
    public init(paths: ProjectPaths, request: Request) {
        self.paths = paths
        self.request = request
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
        let sectionsFolder = paths.display(paths.content.appendingPathComponent(source.rawValue).appendingPathComponent("sections"))
        let numbers = Set(content.pages.filter { $0.language == source && $0.relativePath.hasPrefix("sections/") }.map(Self.number))
        let moves: [(old: String, new: String)]
        switch moveList(numbers) {
        case .failure(let message): return .failure(Refusal(diagnostics: [Diagnostic.error(.renumber, message.text, at: SourceLocation(path: sectionsFolder))]))
        case .success(let list): moves = list
        }
        let mapping = Mapping(moves)
        // The moved sections, by file: each section itself and every section below it.
        var renamed: [String: String] = [:]
        for file in content.pages where file.relativePath.hasPrefix("sections/") {
            if let target = mapping.map(Self.number(file)) {
                renamed[file.path] = String(file.path.dropLast(file.relativePath.count)) + "sections/\(target).md"
            }
        }
        let leaving = Set(renamed.keys)
        let refusals: [Diagnostic] = renamed.sorted { $0.key < $1.key }.compactMap { path, target in
            guard !leaving.contains(target), FileKind(path: paths.root.appendingPathComponent(target).path) != .missing else { return nil }
            let number = String(path.split(separator: "/").last!.dropLast(3))
            return Diagnostic.error(
                .renumber, "cannot renumber section \(number) to \(mapping.map(number)!): this file exists already",
                at: SourceLocation(path: target),
                notes: [Diagnostic.Note("renumbering never replaces a file; move or remove it first, or choose another number")])
        }
        guard refusals.isEmpty else { return .failure(Refusal(diagnostics: refusals)) }
        var changes: [Change] = []
        var rewrites = 0
        var mentions: [Mention] = []
        for file in content.pages {
            var (text, count) = mapping.rewrite(file.text)
            if renamed[file.path] != nil, file.language == source {
                let number = Self.number(file)
                text = Self.recordPreviousNumber(isInsertion ? nil : number, dropping: mapping.map(number)!, in: text)
            }
            rewrites += count
            mentions += mapping.mentions(in: text, path: renamed[file.path] ?? file.path)
            if text != file.text || renamed[file.path] != nil {
                changes.append(Change(path: file.path, newPath: renamed[file.path] ?? file.path, text: text))
            }
        }
        carryRecords(&changes, pages: content.pages, source: source)
        // The Notes on the source name the pages concerned as `sec:` references too.
        if let notes = content.sourceNotes {
            let (text, count) = mapping.rewrite(notes.text)
            rewrites += count
            if text != notes.text { changes.append(Change(path: notes.path, newPath: notes.path, text: text)) }
        }
        return .success(Plan(changes: changes, rewrites: rewrites, mentions: mentions, moves: moves))
    }

    /// Carries out `plan`, all or nothing (`ContentJournal`): renamed files are created and their
    /// old names removed, edited files replaced. The plan refused new names that are taken.
    public func apply(_ plan: Plan) -> ContentJournal.Failure? {
        let edit = ContentEdit(action: "a renumbering")
        // An insertion moves a file onto a name another file is leaving: that name is written, not removed.
        let written = Set(plan.changes.map(\.newPath))
        for change in plan.changes {
            edit.write(change.text, to: paths.root.appendingPathComponent(change.newPath))
            if !written.contains(change.path) { edit.remove(paths.root.appendingPathComponent(change.path)) }
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
    var isInsertion: Bool { if case .insert = request { true } else { false } }

    /// The number of a file under `sections/`.
    static func number(_ file: SourceFile) -> String {
        String(file.relativePath.dropFirst("sections/".count).dropLast(3))
    }

    /// The sections the request moves, or why it cannot: a move names an existing section; an
    /// insertion shifts the section at its number and each following sibling up to the first gap.
    func moveList(_ numbers: Set<String>) -> Result<[(old: String, new: String)], Message> {
        let missing = { (number: String) -> Message in
            var message = "there is no section \"\(number)\""
            if let near = NearMiss.suggestion(for: number, among: numbers.sorted()) { message += " (did you mean \"\(near)\"?)" }
            return Message(message)
        }
        switch request {
        case .move(let old, let new):
            return numbers.contains(old) ? .success([(old, new)]) : .failure(missing(old))
        case .insert(let number):
            guard numbers.contains(number) else {
                let parent = number.split(separator: ".").dropLast().joined(separator: ".")
                return .failure(Message(
                    numbers.contains(parent) || parent.isEmpty
                        ? "section \(number) is free already: add content/en/sections/\(number).md; nothing needs to move"
                        : missing(parent).text))
            }
            var parts = number.split(separator: ".").map(String.init)
            var moves: [(old: String, new: String)] = []
            while numbers.contains(parts.joined(separator: ".")), let last = Int(parts[parts.count - 1]) {
                let old = parts.joined(separator: ".")
                parts[parts.count - 1] = String(last + 1)
                moves.append((old, parts.joined(separator: ".")))
            }
            return .success(moves)
        }
    }

    /// Blocks' fingerprints include their link targets, which a renumbering rewrites: the
    /// translations' records (`source_blocks`, `translation_hash`) are carried over to the new
    /// fingerprints, so each translation stays as current, or as outdated, as it was.
    func carryRecords(_ changes: inout [Change], pages: [SourceFile], source: LanguageCode) {
        var index: [String: Int] = [:]
        for (position, change) in changes.enumerated() { index[change.path] = position }
        let parse = { (file: SourceFile, text: String) in
            TranslationFile.parse(text: text, hash: "", path: file.path, language: file.language, relativePath: file.relativePath)?.units
        }
        var renewed: [String: [Substring: Substring]] = [:]
        for file in pages where file.language == source {
            guard let position = index[file.path], let before = parse(file, file.text), let after = parse(file, changes[position].text),
                before.count == after.count else { continue }
            var map: [Substring: Substring] = [:]
            for (old, new) in zip(before, after) where old.fingerprint != new.fingerprint { map[Substring(old.fingerprint)] = Substring(new.fingerprint) }
            if !map.isEmpty { renewed[file.relativePath] = map }
        }
        for file in pages where file.language != source {
            let text = index[file.path].map { changes[$0].text } ?? file.text
            guard var editor = FrontMatterEditor(text), let page = TranslationFile.parse(
                text: file.text, hash: "", path: file.path, language: file.language, relativePath: file.relativePath) else { continue }
            if let map = renewed[file.relativePath], let record = page.sourceBlocks?.value {
                editor.set("source_blocks", record.split(separator: " ").map { map[$0] ?? $0 }.joined(separator: " "))
            }
            if text != file.text, page.translationHash?.value == TranslationMarker.hash(of: page),
                let after = TranslationFile.parse(text: text, hash: "", path: file.path, language: file.language, relativePath: file.relativePath) {
                editor.set("translation_hash", TranslationMarker.hash(of: after))
            }
            guard editor.text != text else { continue }
            if let position = index[file.path] {
                changes[position].text = editor.text
            } else {
                index[file.path] = changes.count
                changes.append(Change(path: file.path, newPath: file.path, text: editor.text))
            }
        }
        changes.sort { $0.path < $1.path }
    }

    /// A refusal's text.
    struct Message: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    /// Adds `number` to the front matter's `previous_numbers` (after `number:` when there is none)
    /// and drops `current` from it: a section renumbered back takes its old number again. With no
    /// `number`, only drops.
    static func recordPreviousNumber(_ number: String?, dropping current: String, in text: String) -> String {
        var lines = text.lines()
        let end = lines.dropFirst().firstIndex(of: "---") ?? lines.count
        if let index = lines[..<end].firstIndex(where: { $0.hasPrefix("previous_numbers:") }) {
            let list = lines[index].dropFirst("previous_numbers:".count).trimmingCharacters(in: .whitespaces)
            var items = list.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
                .filter { !$0.isEmpty && $0 != current }
            if let number { items.append(number) }
            if items.isEmpty {
                lines.remove(at: index)
            } else {
                lines[index] = "previous_numbers: [" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            }
        } else if let number, let index = lines[..<end].firstIndex(where: { $0.hasPrefix("number:") }) {
            lines.insert("previous_numbers: [\"\(number)\"]", at: index + 1)
        }
        return lines.joined(separator: "\n")
    }
}

/// Old section numbers to new ones, applied all at once: with 11.5 → 11.6 and 11.6 → 11.7, a link
/// to 11.5 becomes 11.6 and is not moved on to 11.7.
private struct Mapping {
    private let moves: [String: String]
    private let alternatives: String

    init(_ moves: [(old: String, new: String)]) {
        self.moves = Dictionary(uniqueKeysWithValues: moves.map { ($0.old, $0.new) })
        alternatives = moves.map(\.old).sorted { $0.count > $1.count }.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
    }

    /// The new number of `number` when it or a section above it moves.
    func map(_ number: String) -> String? {
        if let new = moves[number] { return new }
        for (old, new) in moves where number.hasPrefix(old + ".") { return new + number.dropFirst(old.count) }
        return nil
    }

    /// `text` with `sec:` links to the moved sections and their quoted numbers in front matter
    /// rewritten, and how many were.
    func rewrite(_ text: String) -> (String, Int) {
        var count = 0
        var out = replace(#"(sec:)("# + alternatives + #")(?![0-9])"#, in: text, count: &count)
        // Front matter only: a quoted number there is a relation or the page's own number.
        if out.hasPrefix("---\n"), let end = out.range(of: "\n---\n", range: out.index(out.startIndex, offsetBy: 3)..<out.endIndex) {
            let front = String(out[..<end.lowerBound])
            out = replace(#"(["'])("# + alternatives + #")(?=(?:\.[0-9]+)*\1)"#, in: front, count: &count) + out[end.lowerBound...]
        }
        return (out, count)
    }

    /// `text` with each match's second group (an old number) replaced by its new number.
    private func replace(_ pattern: String, in text: String, count: inout Int) -> String {
        let regex = try! NSRegularExpression(pattern: pattern)
        var out = text
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let range = Range(match.range(at: 2), in: out)!
            out.replaceSubrange(range, with: moves[String(out[range])]!)
            count += 1
        }
        return out
    }

    /// Every mention of an old number (or one below it) as a number of its own that `rewrite` left
    /// in the rewritten `text`: not a `sec:` link, not a whole quoted value in front matter (which an
    /// insertion's new numbers, also old ones, would look like).
    func mentions(in text: String, path: String) -> [SectionRenumbering.Mention] {
        let regex = try! NSRegularExpression(pattern: #"(?<![0-9.:])(?:"# + alternatives + #")(?:\.[0-9]+)*(?![0-9])"#)
        let lines = text.lines()
        let frontMatterEnd = text.hasPrefix("---\n") ? lines.dropFirst().firstIndex(of: "---") ?? 0 : 0
        var out: [SectionRenumbering.Mention] = []
        for (index, line) in lines.enumerated() where !line.hasPrefix("previous_numbers:") {
            for match in regex.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                let range = Range(match.range, in: line)!
                if index < frontMatterEnd, range.lowerBound > line.startIndex, range.upperBound < line.endIndex,
                    case let quote = line[line.index(before: range.lowerBound)], quote == "\"" || quote == "'", line[range.upperBound] == quote {
                    continue
                }
                let column = line.distance(from: line.startIndex, to: range.lowerBound) + 1
                out.append(.init(location: SourceLocation(path: path, line: index + 1, column: column), number: String(line[range])))
            }
        }
        return out
    }
}
