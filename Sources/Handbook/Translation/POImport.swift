import Foundation
import Markdown

/// `i18n import`: puts the translations of a folder of PO catalogs back into `content/<lang>/`
/// as Markdown, block by block, and records the blocks whose entries are not fuzzy as current.
/// Every catalog is checked first; one problem anywhere and nothing is written.
public struct POImport {
    /// A problem with an entry: `file.po:line: error: message [code]`.
    public struct Problem: Error, Equatable {
        public var path: String
        public var line: Int
        public var message: String
        public var code: String
        public var formatted: String { "\(path):\(line): \(isSkippable ? "warning" : "error"): \(message)\(isSkippable ? "; skipped" : "") [\(code)]" }
        /// An entry that no longer matches the English (stale, unknown, a block new since the
        /// export): skipped, while the rest of the import goes ahead.
        public var isSkippable: Bool { ["po-unknown-msgid", "po-new-block"].contains(code) }
    }

    let content: URL
    let folder: URL
    let shown: String

    /// The edition (content folder) a PO header's `Language:` names, as the site writes it
    /// (`zh-Hant`) or as gettext tools do (`zh_Hant`, `zh_Hant_HK`, `zh_HK`): underscores read as
    /// hyphens, case ignored, a region after the edition's code allowed, and a Chinese region
    /// without a script read as the script written there (HK, MO, TW: Hant; CN, SG: Hans).
    static func edition(named header: String, among editions: [String]) -> String? {
        let name = header.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-").lowercased()
        guard !name.isEmpty else { return nil }
        if let exact = editions.first(where: { $0.lowercased() == name }) { return exact }
        if let regional = editions.first(where: { name.hasPrefix($0.lowercased() + "-") }) { return regional }
        let parts = name.split(separator: "-")
        if parts.count == 2, parts[0] == "zh" {
            let script = ["hk": "hant", "mo": "hant", "tw": "hant", "cn": "hans", "sg": "hans"][String(parts[1])]
            if let script, let edition = editions.first(where: { $0.lowercased() == "zh-" + script }) { return edition }
        }
        return nil
    }

    /// Creates an import of the catalogs in `folder` (named `shown` in messages) into `content`.
    public init(content: URL, folder: URL, shown: String) {
        self.content = content.standardizedFileURL
        self.folder = folder.standardizedFileURL
        self.shown = shown
    }

    /// Checks every catalog, then writes (with `dryRun`, only says what it would write); returns the
    /// files written and the entries skipped, or, when anything is unsafe, no file and the problems.
    public func run(dryRun: Bool = false) -> (written: [String], problems: [Problem]) {
        let source = TranslationFile.sourceLanguage(in: content)
        let catalogs = POExport.catalogFiles(in: folder)
        var problems: [Problem] = []
        var writes: [(URL, String)] = []
        var marks: [(URL, [String])] = []
        if catalogs.isEmpty { problems.append(Problem(path: shown, line: 0, message: "no .po files in this folder", code: "po-empty")) }
        for relative in catalogs {
            let url = folder.appendingPathComponent(relative)
            let path = shown.hasSuffix("/") ? shown + relative : shown + "/" + relative
            let text = (try? FileReader.read(url).text) ?? ""
            var catalog: POFile
            do throws(POFile.Problem) {
                catalog = try POFile.read(text)
            } catch {
                problems.append(Problem(path: path, line: error.line, message: error.message, code: "po-syntax"))
                continue
            }
            let editions = ((try? FileManager.default.contentsOfDirectory(atPath: content.path)) ?? []).filter { name in
                var folder: ObjCBool = false
                return FileManager.default.fileExists(atPath: content.appendingPathComponent(name).path, isDirectory: &folder) && folder.boolValue
                    && name != source.rawValue && name != "images"
            }
            guard let language = Self.edition(named: catalog.language, among: editions) else {
                problems.append(Problem(path: path, line: 1, message: "the header names no edition of this site (Language: \(catalog.language))", code: "po-language"))
                continue
            }
            catalog.language = language
            var context = Context(path: path, problems: [])
            if relative == "strings.po" {
                if let (file, keys) = strings(catalog, source: source, context: &context) {
                    writes.append(file)
                    if !keys.isEmpty { marks.append((file.0, keys)) }
                }
            } else if relative == "glossary.po" {
                if let file = glossary(catalog, context: &context) { writes.append(file) }
            } else if let file = page(String(relative.dropLast(3)) + ".md", catalog, source: source, context: &context) {
                writes.append(file)
            }
            problems += context.problems
        }
        guard problems.allSatisfy(\.isSkippable) else { return ([], problems) }
        // All files or none (ContentJournal); the marks are made on the imported text.
        let edit = ContentEdit(action: "an import")
        for (url, text) in writes { edit.write(text, to: url) }
        for (url, keys) in marks {
            if let file = try? TranslationFile.locate(url.path, workingDirectory: content, content: content) {
                _ = try? StringsMarker(file: file, edit: edit).mark(force: true, keys: keys)
            }
        }
        let written = edit.changes.filter { change in change.bytes.map { PosixFiles.read(change.path) != $0 } ?? true }.map(\.path)
        do throws(ContentJournal.Failure) {
            try ContentJournal(content: content).apply(edit, dryRun: dryRun)
        } catch {
            // The build's checks of the imported files: located in the Markdown they would become.
            let found = error.diagnostics.map { Problem(path: $0.location.path, line: $0.location.line, message: "\($0.message) [\($0.code)]", code: "po-check") }
            return ([], found + [Problem(path: error.path, line: 0, message: error.message, code: error.diagnostics.isEmpty ? "po-write" : "po-check")])
        }
        return (written, problems)
    }

    struct Context {
        var path: String
        var problems: [Problem]
        mutating func fail(_ entry: POFile.Entry, _ message: String, _ code: String, atString: Bool = true) {
            problems.append(Problem(path: path, line: atString && entry.stringLine > 0 ? entry.stringLine : entry.line, message: message, code: code))
        }
        /// An entry whose msgid no block of the English `page` has (it changed since the export).
        mutating func unknown(_ entry: POFile.Entry, page: String) {
            fail(entry, "unknown msgid: no block of \(page) has this English" + (entry.context.map { " in context \"\($0)\"" } ?? "")
                + "; export again to get the current English", "po-unknown-msgid", atString: false)
        }
    }

    /// A page's lines with everything from its body's first line on replaced by `body`.
    private static func replacingBody(of lines: [String], from firstBodyLine: Int, with body: String) -> String {
        lines.prefix(max(firstBodyLine - 1, 0)).joined(separator: "\n") + "\n" + body
    }

    private func parse(_ url: URL, language: LanguageCode, relative: String) -> ParsedPage? {
        POExport(content: content, language: language).parse(url, language: language, relative: relative)
    }

    /// The new text of one translated page, with its record updated.
    private func page(_ relative: String, _ catalog: POFile, source: LanguageCode, context: inout Context) -> (URL, String)? {
        let englishURL = content.appendingPathComponent(source.rawValue).appendingPathComponent(relative)
        let url = content.appendingPathComponent(catalog.language).appendingPathComponent(relative)
        guard let english = parse(englishURL, language: source, relative: relative) else {
            context.problems.append(Problem(path: context.path, line: 1, message: "no English page \(source)/\(relative) for this catalog", code: "po-unknown-page"))
            return nil
        }
        guard let translation = parse(url, language: catalog.edition, relative: relative) else {
            if FileKind(path: url.path) == .missing {
                return newPage(english, at: url, relative: relative, catalog, source: source, context: &context)
            }
            if catalog.entries.contains(where: { !$0.string.isEmpty }) {
                context.problems.append(Problem(
                    path: context.path, line: 1,
                    message: "\(catalog.language)/\(relative) does not exist or has errors; start it in Markdown (copy the English with its front matter), then import",
                    code: "po-no-translation"))
            }
            return nil
        }
        let exported = POExport(content: content, language: catalog.edition)
            .pageEntries(english, translation: translation, relative: "\(source)/\(relative)", glossary: [])
        var index = EntryIndex(exported)
        let pairing = PagePairing(english: english, translation: translation)
        let lines = translation.file.text.lines()
        var edits: [(place: BlockSource.Place, markdown: String)] = []
        var settled: Set<Int> = []
        for entry in catalog.entries {
            guard let position = index.take(entry) else {
                context.unknown(entry, page: "\(source)/\(relative)")
                continue
            }
            guard let pairs = pairing.translatablePairs else {
                // The whole page body as one entry: imported as it is.
                if !entry.string.isEmpty, entry.string != exported[position].string {
                    return (url, Self.replacingBody(of: lines, from: translation.lineMap.firstBodyLine, with: entry.string))
                }
                continue
            }
            let pair = pairs[position]
            let block = pairing.englishBlocks[pair.english]
            if !entry.fuzzy, !entry.string.isEmpty { settled.insert(pair.english) }
            // Compared as messages: a msgstr written before a re-wrap is the same text.
            guard !entry.string.isEmpty, POExport.message(entry.string) != exported[position].string else { continue }
            guard let own = pair.translation else {
                context.fail(entry, "this block is new in the English; add it to \(catalog.language)/\(relative) in Markdown, then import", "po-new-block")
                continue
            }
            let before = context.problems.count
            BlockCheck.check(english: block.markdown, translation: entry.string, kind: block.kind) { message, code in
                context.fail(entry, message, code)
            }
            if context.problems.count == before { edits.append((pairing.translationBlocks[own].place, entry.string)) }
        }
        guard let pairs = pairing.pairs else { return nil }
        var text = BlockSources.apply(edits, to: lines).joined(separator: "\n")
        // Record as current, one fingerprint per translation block, the blocks whose entries are
        // translated and not fuzzy, and code blocks whose copy is now the English's code.
        let current = pairing.englishUnits.map { Substring($0.fingerprint) }
        let own = pairing.translationUnits.map { Substring($0.fingerprint) }
        var record = pairing.recorded ?? Array(repeating: TranslationUnits.unreviewed, count: own.count)
        for pair in pairs {
            guard let index = pair.translation else { continue }
            let isCode = pairing.englishBlocks[pair.english].kind == .code
            if settled.contains(pair.english) || (isCode && own[index] == current[pair.english]) { record[index] = current[pair.english] }
        }
        if pairing.recorded == nil, !pairs.contains(where: { settled.contains($0.english) }) { record = [] }
        let recordText = record.joined(separator: " ")
        if !record.isEmpty, recordText != translation.sourceBlocks?.value,
            let page = TranslationFile.parse(text: text, hash: "", path: url.path, language: catalog.edition, relativePath: relative),
            var editor = FrontMatterEditor(text) {
            editor.remove("source_hash")
            editor.set("source_blocks", recordText)
            editor.set("translation_hash", TranslationMarker.hash(of: page))
            text = editor.text
        }
        return (url, text)
    }

    /// A page the language does not have yet, made from the English file (front matter, anchors,
    /// code) with each translated entry in its block's place; a block left untranslated stays
    /// English, and only the blocks translated without the fuzzy flag (and the code, which is
    /// the English's) are recorded as current. Nothing is made from a catalog with no translation.
    private func newPage(_ english: ParsedPage, at url: URL, relative: String, _ catalog: POFile, source: LanguageCode, context: inout Context) -> (URL, String)? {
        guard catalog.entries.contains(where: { !$0.string.isEmpty }) else { return nil }
        let exported = POExport(content: content, language: catalog.edition).pageEntries(english, translation: nil, relative: "\(source)/\(relative)", glossary: [])
        var index = EntryIndex(exported)
        let lines = english.file.text.lines()
        guard let all = BlockSources.of(english) else {
            // The whole body as one entry.
            guard let entry = catalog.entries.first(where: { index.take($0) != nil }), !entry.string.isEmpty else { return nil }
            return (url, Self.replacingBody(of: lines, from: english.lineMap.firstBodyLine, with: entry.string))
        }
        let blocks = all.enumerated().filter { $0.element.kind != .code }.map(\.offset)
        var edits: [(place: BlockSource.Place, markdown: String)] = []
        var settled: Set<Int> = []
        for entry in catalog.entries {
            guard let position = index.take(entry) else {
                context.unknown(entry, page: "\(source)/\(relative)")
                continue
            }
            guard !entry.string.isEmpty else { continue }
            let block = all[blocks[position]]
            let before = context.problems.count
            BlockCheck.check(english: block.markdown, translation: entry.string, kind: block.kind) { message, code in context.fail(entry, message, code) }
            guard context.problems.count == before else { continue }
            var place = block.place
            // A heading keeps the English's anchor, which its translated words would not make.
            if block.kind == .heading, case .lines(let first, let last, let lead, "", let continuation) = place, let anchor = block.anchor {
                place = .lines(first: first, last: last, lead: lead, trail: " {#\(anchor)}", continuation: continuation)
            }
            edits.append((place, entry.string))
            if !entry.fuzzy { settled.insert(blocks[position]) }
        }
        guard !edits.isEmpty else { return nil }
        let text = BlockSources.apply(edits, to: lines).joined(separator: "\n")
        let units = english.units
        let record = units.indices.map { units[$0].kind == .code || settled.contains($0) ? units[$0].fingerprint : String(TranslationUnits.unreviewed) }
        guard let page = TranslationFile.parse(text: text, hash: "", path: url.path, language: catalog.edition, relativePath: relative),
            var editor = FrontMatterEditor(text) else { return (url, text) }
        // The English's own history is not the translation's.
        editor.remove("previous_numbers")
        editor.remove("reviewed")
        editor.set("source_blocks", record.joined(separator: " "))
        editor.set("translation_hash", TranslationMarker.hash(of: page))
        return (url, editor.text)
    }

    /// The new `strings.yaml` and the keys to record as current.
    private func strings(_ catalog: POFile, source: LanguageCode, context: inout Context) -> ((URL, String), [String])? {
        let strings = StringsCatalog(content: content, source: source, language: catalog.edition)
        guard let items = strings.items(), var lines = try? String(contentsOf: strings.translationURL, encoding: .utf8).lines() else {
            context.problems.append(Problem(path: context.path, line: 1, message: "\(catalog.language)/strings.yaml cannot be read; run handbook check", code: "po-no-translation"))
            return nil
        }
        var index = EntryIndex(items.map(\.entry))
        var keys: Set<String> = []
        var additions: [String] = []
        for entry in catalog.entries {
            guard let item = index.take(entry).map({ items[$0] }) else {
                context.fail(entry, "unknown msgid: strings.yaml has no string \(entry.context.map { "\"\($0)\"" } ?? "") with this English; export again", "po-unknown-msgid", atString: false)
                continue
            }
            guard !entry.string.isEmpty else { continue }
            let changed = entry.string != item.entry.string
            if changed {
                let before = context.problems.count
                BlockCheck.check(english: entry.id, translation: entry.string, kind: .paragraph) { message, code in context.fail(entry, message, code) }
                guard context.problems.count == before else { continue }
                if let line = item.line, line - 1 < lines.count {
                    let old = lines[line - 1]
                    guard let colon = old.firstIndex(of: ":") else { continue }
                    lines[line - 1] = String(old[...colon]) + " " + BlockSources.quoted(entry.string)
                } else if item.category == nil {
                    additions.append("\(item.key): \(BlockSources.quoted(entry.string))")
                } else {
                    context.fail(entry, "add the counted string \(item.key) to \(catalog.language)/strings.yaml first", "po-new-block")
                    continue
                }
            }
            if !entry.fuzzy, changed || !item.current { keys.insert(item.key) }
        }
        if !additions.isEmpty {
            let at = lines.firstIndex { $0.hasPrefix(UIStringsReader.sourcesKey + ":") } ?? lines.count - (lines.last == "" ? 1 : 0)
            lines.insert(contentsOf: additions, at: at)
        }
        return ((strings.translationURL, lines.joined(separator: "\n")), keys.sorted())
    }
    typealias Item = StringsCatalog.Item

    /// The new `glossary.yaml`.
    private func glossary(_ catalog: POFile, context: inout Context) -> (URL, String)? {
        let url = content.appendingPathComponent("glossary.yaml")
        guard var file = GlossaryFile.read(url, language: catalog.edition) else { return nil }
        for entry in catalog.entries {
            guard let index = file.terms.firstIndex(where: { $0.english == entry.id }) else {
                context.fail(entry, "unknown msgid: the glossary has no term with this English", "po-unknown-msgid", atString: false)
                continue
            }
            guard !entry.string.isEmpty, entry.string != file.terms[index].translation else { continue }
            guard file.terms[index].editable else {
                context.fail(entry, "this term has several accepted forms; edit them in glossary.yaml", "po-glossary-forms")
                continue
            }
            file.set(index, to: entry.string)
        }
        return (url, file.lines.joined(separator: "\n"))
    }
}

/// Finds the exported entry an imported one stands for: by context and English, or, for tools that
/// drop `msgctxt` (translate-toolkit's `po2xliff`, `xliff2po`), by its `#:` reference and English.
struct EntryIndex {
    private var byContext: [String: Int] = [:]
    private var byReference: [String: [Int]] = [:]

    /// The index of a page's exported entries, by their positions.
    init(_ exported: [POFile.Entry]) {
        for (position, entry) in exported.enumerated() { add(entry, position) }
    }

    // Msgids are compared as messages (`POExport.message`): one exported before the English was
    // re-wrapped, or by an older version that kept the line breaks, still finds its block.
    private mutating func add(_ entry: POFile.Entry, _ position: Int) {
        let id = POExport.message(entry.id)
        byContext[(entry.context ?? "") + "\u{4}" + id] = position
        byReference[(entry.references.first ?? "") + "\u{4}" + id, default: []].append(position)
    }

    mutating func take(_ entry: POFile.Entry) -> Int? {
        let id = POExport.message(entry.id)
        if let position = byContext[(entry.context ?? "") + "\u{4}" + id] { return position }
        let key = (entry.references.first ?? "") + "\u{4}" + id
        guard var positions = byReference[key], !positions.isEmpty else { return nil }
        let position = positions.removeFirst()
        byReference[key] = positions
        return position
    }
}

/// What an imported translation must keep from its English: placeholders, code spans and link
/// targets, and the shape of one block (no heading, list or table made of a paragraph).
enum BlockCheck {
    static func check(english: String, translation: String, kind: TranslationUnit.Kind, fail: (String, String) -> Void) {
        let placeholders = (placeholders(in: english), placeholders(in: translation))
        if placeholders.0 != placeholders.1 {
            let missing = placeholders.0.subtracting(placeholders.1).sorted(), extra = placeholders.1.subtracting(placeholders.0).sorted()
            fail("broken placeholder: " + (missing.isEmpty ? "" : "missing \(missing.joined(separator: ", "))") + (missing.isEmpty || extra.isEmpty ? "" : "; ")
                + (extra.isEmpty ? "" : "unknown \(extra.joined(separator: ", "))") + "; keep every {name} of the English as it is", "po-placeholder")
        }
        if kind == .cell, translation.contains("\n") || BlockSources.cellRanges(Array(("|" + translation + "|").utf8)).count != 1 {
            fail("invalid Markdown: a table cell is one line without an unescaped '|'", "po-markdown")
            return
        }
        // The build's own content checks (raw HTML, a script URL, a link without text, an image
        // without alt text): what the translation adds to what the English already has is refused
        // here, at its PO line, rather than by the next build.
        let added = lint(translation).subtracting(lint(english))
        for problem in added.sorted() { fail(problem, "po-content") }
        let (englishParts, translationParts) = (parts(english), parts(translation))
        // Read alone, a table cell such as "2. Accept digits" is a list in the English too.
        guard translationParts.blocks == 1 || (translationParts.blocks == englishParts.blocks && translationParts.shape == englishParts.shape) else {
            fail("invalid Markdown: the translation makes \(translationParts.shape) where the English is one block", "po-markdown")
            return
        }
        if englishParts.links != translationParts.links {
            let changed = translationParts.links.filter { !englishParts.links.contains($0) }
            fail("changed link target" + (changed.first.map { ": \($0) is not a target of the English" } ?? ": a link of the English is missing")
                + "; keep every (bp:…), (sec:…) and URL as it is", "po-link-target")
        }
        if englishParts.code != translationParts.code {
            let changed = translationParts.code.filter { !englishParts.code.contains($0) }
            fail("changed code span" + (changed.first.map { ": `\($0)` is not in the English" } ?? ": a code span of the English is missing")
                + "; code stays as it is", "po-code-span")
        }
    }

    /// The errors `ContentLinter` finds in one block of Markdown, each with the check that found it.
    static func lint(_ markdown: String) -> Set<String> {
        let engine = DiagnosticEngine()
        ContentLinter(diagnostics: engine, lineMap: LineMap(path: "", body: markdown, firstBodyLine: 1)).lint(MarkdownParser().parse(markdown))
        return Set(engine.diagnostics.filter { $0.severity == .error }.map { "\($0.message) (the build's \($0.code) check)" })
    }

    static func placeholders(in text: String) -> Set<String> {
        var out: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name.first != "#" { out.insert("{\(name)}") }
            rest = after[after.index(after: close)...]
        }
        return out
    }

    /// The block count, a word for the shape, and the sorted link targets and code spans.
    static func parts(_ markdown: String) -> (blocks: Int, shape: String, links: [String], code: [String]) {
        let document = MarkdownParser().parse(markdown)
        var links: [String] = [], code: [String] = []
        func walk(_ node: MarkdownNode) {
            switch node.kind {
            case .link(let url, _), .image(let url, _):
                // As the page parser does, an autolink ends where Chinese text follows it.
                links.append(String(url.unicodeScalars.prefix { !(0x2E80...0xFFEF).contains($0.value) }))
            case .code(let text): code.append(text)
            default: break
            }
            node.children.forEach(walk)
        }
        walk(document)
        let blocks = document.children
        let shape: String
        switch blocks.first?.kind {
        case .heading?: shape = "a heading"
        case .list?: shape = "a list"
        case .blockQuote?: shape = "a quotation"
        case .codeBlock?: shape = "a code block"
        case .table?: shape = "a table"
        case .thematicBreak?: shape = "a rule"
        case .htmlBlock?: shape = "an HTML block"
        default: shape = blocks.count == 0 ? "nothing" : "\(blocks.count) blocks"
        }
        let single = blocks.count == 1 && blocks[0].kind == .paragraph
        return (single ? 1 : 0, blocks.count > 1 ? "\(blocks.count) blocks" : shape, links.sorted(), code.sorted())
    }
}
