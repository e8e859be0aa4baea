import Markdown

/// Parse stage: splits a file into front matter and body, reads the front matter with libyaml into
/// typed fields, parses the body with cmark-gfm, gives headings their anchors and runs the content
/// linter. It never looks at other pages; the resolve stage does.
public struct PageParser: Sendable {
    private let diagnostics: DiagnosticEngine
    private let parser = MarkdownParser()
    /// The source language, when known: a translation's missing headings are left to the
    /// translation checks, which name the English anchor it lost.
    private let sourceLanguage: LanguageCode?

    /// The longest file name, in bytes, that common file systems (ext4, APFS, NTFS) accept.
    static let maximumFileNameBytes = 255

    /// Creates a parser that reports to `diagnostics`; `sourceLanguage` as in `site.yaml`.
    public init(diagnostics: DiagnosticEngine, sourceLanguage: LanguageCode? = nil) {
        self.diagnostics = diagnostics
        self.sourceLanguage = sourceLanguage
    }

    /// Parses one file; nil when the front matter is unusable (the problems are reported).
    public func parse(_ file: SourceFile) -> ParsedPage? {
        guard let split = splitFrontMatter(file) else { return nil }
        let yaml: YAMLNode
        do {
            yaml = try YAMLReader.read(split.yaml)
        } catch {
            diagnostics.report(YAMLErrorExplanation(error, in: split.yaml).diagnostic(path: file.path, lineOffset: split.yamlLineOffset))
            return nil
        }
        ControlCharacterCheck.report(yaml, path: file.path, lineOffset: split.yamlLineOffset, to: diagnostics)
        let fields = FieldReader(yaml, path: file.path, lineOffset: split.yamlLineOffset, diagnostics: diagnostics)
        let lineMap = LineMap(path: file.path, body: split.body, firstBodyLine: split.firstBodyLine)
        var (body, tooDeep) = parser.parseChecked(split.body)
        if let tooDeep {
            diagnostics.error(
                .markdownTooDeep, "content nests more than \(MarkdownParser.maximumDepth) levels deep; the rest is left out",
                at: lineMap.location(tooDeep))
        }
        Self.trimAutolinks(&body)
        let headings = assignAnchors(&body, lineMap: lineMap)
        let folder = file.relativePath.split(separator: "/").first.map(String.init) ?? ""
        let kind = ContentSchema.kind(ofFolder: folder)
        var linter = ContentLinter(diagnostics: diagnostics, lineMap: lineMap)
        linter.requiresCodeProvenance = folder == "practices" || folder == "sections"
        linter.checksTemplateClaims = linter.requiresCodeProvenance && sourceLanguage.map { $0 == file.language } ?? true
        linter.checksHanLinkSpacing = HalfwidthPunctuationLinter.applies(to: file.language)
        linter.lint(body)
        if HalfwidthPunctuationLinter.applies(to: file.language) {
            let punctuation = HalfwidthPunctuationLinter(diagnostics: diagnostics)
            punctuation.lint(yaml: yaml, in: file, lineOffset: split.yamlLineOffset)
            punctuation.lint(body: split.body, parsed: body, firstLine: split.firstBodyLine, path: file.path)
        }
        let yamlLines = split.yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let bodyLines = split.body.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        SchemaChecker(diagnostics: diagnostics).checkHeadings(
            headings, required: kind.headings, reportMissing: sourceLanguage.map { $0 == file.language } ?? true,
            end: SourceLocation(path: file.path, line: split.firstBodyLine + max(bodyLines - 1, 0), column: 1))
        return readFrontMatter(fields, file: file, kind: kind, body: body, headings: headings, lineMap: lineMap, yamlLines: yamlLines)
    }
}

private extension PageParser {
    struct Split {
        var yaml: String
        var yamlLineOffset: Int
        var body: String
        var firstBodyLine: Int
    }

    /// Front matter is the text between a first line `---` and the next line `---` (or `...`).
    func splitFrontMatter(_ file: SourceFile) -> Split? {
        // Scans bytes, not Characters: a line feed is always a line end, and this runs on every file.
        let text = file.text.utf8
        let lineEnd = { (from: String.Index) in text[from...].firstIndex(of: 0x0A) ?? text.endIndex }
        let firstEnd = lineEnd(text.startIndex)
        guard file.text[..<firstEnd].trimmingCharacters(in: .whitespaces) == "---" else {
            let message = file.text.isEmpty ? "the file is empty" : "the file does not start with front matter"
            diagnostics.error(
                .missingFrontMatter, message, at: SourceLocation(path: file.path, line: 1, column: 1),
                notes: [Diagnostic.Note("start the file with a line \"---\", the YAML fields, and another \"---\"")])
            return nil
        }
        var line = 2
        var start = firstEnd
        while start < text.endIndex {
            start = text.index(after: start)
            let end = lineEnd(start)
            let content = text[start..<end]
            if content.elementsEqual("---".utf8) || content.elementsEqual("...".utf8) {
                let yamlStart = text.index(after: firstEnd)
                let yaml = yamlStart < start ? String(file.text[yamlStart..<text.index(before: start)]) : ""
                let body = end < text.endIndex ? String(file.text[text.index(after: end)...]) : ""
                return Split(yaml: yaml, yamlLineOffset: 1, body: body, firstBodyLine: line + 1)
            }
            start = end
            line += 1
        }
        diagnostics.error(
            .missingFrontMatter, "the front matter is not closed by a line \"---\"",
            at: SourceLocation(path: file.path, line: 1, column: 1))
        return nil
    }

    /// Gives every heading a unique anchor (repeats get `-1`, `-2`, as on GitHub) and lists them.
    /// An explicit `{#name}` that repeats an earlier anchor or takes an id of the templates is an
    /// error; a generated one steps around both.
    func assignAnchors(_ body: inout MarkdownNode, lineMap: LineMap) -> [Heading] {
        var headings: [Heading] = []
        var used: [String: Int] = [:]
        var taken: [String: SourceLocation] = [:]
        let diagnostics = self.diagnostics
        body.transformPreorder { node in
            guard case .heading(let level) = node.kind else { return }
            let explicit = Self.takeExplicitAnchor(&node)
            let text = node.plainText
            let location = lineMap.location(node.start)
            var anchor: String
            if let explicit {
                anchor = explicit
                if TemplateAnchors.isReserved(explicit) {
                    diagnostics.error(
                        .reservedAnchor, "the anchor \"\(explicit)\" is an id the page layout already uses",
                        at: location,
                        notes: [Diagnostic.Note("reserved anchors: \((TemplateAnchors.reserved.sorted() + TemplateAnchors.reservedPrefixes.map { $0 + "…" }).joined(separator: ", "))")])
                } else if let first = taken[explicit] {
                    diagnostics.error(
                        .duplicateAnchor, "the anchor \"\(explicit)\" is used twice on this page", at: location,
                        notes: [Diagnostic.Note("first used here", at: first)])
                }
                used[anchor, default: 0] += 1
            } else {
                let made = Slug.make(text)
                let slug = made.isEmpty ? "section" : made
                anchor = slug
                while taken[anchor] != nil || TemplateAnchors.isReserved(anchor) {
                    let count = used[slug, default: 1]
                    used[slug] = count + 1
                    anchor = "\(slug)-\(count)"
                }
                if used[slug] == nil { used[slug] = 1 }
            }
            if taken[anchor] == nil { taken[anchor] = location }
            node.anchor = anchor
            headings.append(Heading(level: level, text: text, anchor: anchor, location: location))
        }
        return headings
    }

    /// GFM's autolinks end only at spaces, so in Chinese text a bare address swallows the full-width
    /// punctuation and words after it (`https://a.example/）。`). The link is cut at the first
    /// full-width or CJK character and the rest becomes text again.
    static func trimAutolinks(_ node: inout MarkdownNode) {
        let original = node.children
        guard original.contains(where: { cutOfAutolink($0) != nil }) else {
            guard !original.isEmpty else { return }
            var children = original
            for index in children.indices { trimAutolinks(&children[index]) }
            node.children = children
            return
        }
        // A new list rather than insertions in place: a paragraph of many such links made each
        // insertion shift the rest of the line.
        var children: [MarkdownNode] = []
        children.reserveCapacity(original.count + 8)
        for var child in original {
            guard let (url, title, text, cut) = cutOfAutolink(child) else {
                trimAutolinks(&child)
                children.append(child)
                continue
            }
            let kept = String(text[..<cut])
            child.kind = .link(url: url.hasPrefix("http://") && !text.hasPrefix("http://") ? "http://" + kept : kept, title: title)
            child.children[0].kind = .text(kept)
            children.append(child)
            children.append(MarkdownNode(kind: .text(String(text[cut...])), start: child.end, end: child.end))
        }
        node.children = children
    }

    /// For a bare address that runs into full-width or CJK text: its URL, title and text, and where
    /// the text is cut.
    static func cutOfAutolink(_ node: MarkdownNode) -> (String, String, String, String.Index)? {
        guard case .link(let url, let title) = node.kind, node.children.count == 1,
            case .text(let text) = node.children[0].kind, text == url || "http://" + text == url,
            let cut = text.firstIndex(where: { $0.unicodeScalars.contains { (0x2E80...0xFFEF).contains($0.value) } })
        else { return nil }
        return (url, title, text, cut)
    }

    /// A heading that ends in `{#name}` gets that anchor, so translations can keep the source
    /// language's anchors and links into them work in every language.
    static func takeExplicitAnchor(_ heading: inout MarkdownNode) -> String? {
        guard let last = heading.children.indices.last, case .text(let text) = heading.children[last].kind,
            text.hasSuffix("}"), let open = text.range(of: "{#", options: .backwards)
        else { return nil }
        let name = String(text[open.upperBound..<text.index(before: text.endIndex)])
        guard !name.isEmpty, name.allSatisfy({ !$0.isWhitespace && $0 != "{" && $0 != "}" }) else { return nil }
        var rest = String(text[..<open.lowerBound])
        while rest.last == " " { rest.removeLast() }
        heading.children[last].kind = .text(rest)
        return name
    }

    func readFrontMatter(
        _ fields: FieldReader, file: SourceFile, kind: ContentSchema.Kind, body: MarkdownNode, headings: [Heading],
        lineMap: LineMap, yamlLines: [Substring]
    ) -> ParsedPage? {
        let required = { (key: String) in kind.required.contains(key) }
        let title = fields.string("title", required: required("title"))
        let summary = fields.string("summary") ?? ""
        let reviewed = fields.locatedString("reviewed")
        if let reviewed, !Self.isCalendarDate(reviewed.value) {
            diagnostics.error(
                .invalidDate, "reviewed \"\(reviewed.value)\" is not a date", at: reviewed.location,
                notes: [Diagnostic.Note("write the day the text was last checked as 2026-12-01")])
        }
        let sourceHash = fields.locatedString("source_hash")
        let sourceBlocks = fields.locatedString("source_blocks")
        let translationHash = fields.locatedString("translation_hash")
        let key: Located<String>?
        let details: ParsedPage.Details
        let pageKey: (String) -> PageKey
        switch kind.noun {
        case ContentSchema.practice.noun:
            key = fields.locatedString("id", required: required("id"))
            let principleName = fields.oneOf("principle", ContentSchema.principles.map(\.name), required: required("principle"))
            let principle = principleName.flatMap(ContentSchema.principle(named:))
            let category = fields.oneOf("category", ContentSchema.categories).flatMap(Category.init(rawValue:))
            if let principle, !principle.categories.isEmpty, !fields.has("category") {
                diagnostics.error(
                    .missingKey, "front matter has no \"category\"", at: fields.location(fields.node),
                    notes: [Diagnostic.Note("categories of \(principle.name): \(principle.categories.map(\.rawValue).joined(separator: ", "))")])
            }
            if let key {
                SchemaChecker(diagnostics: diagnostics).checkPractice(
                    id: key, principle: principle, principleLocation: fields.location(of: "principle"),
                    category: category, categoryLocation: fields.location(of: "category"))
            }
            details = .practice(
                PracticeDetails(
                    principle: principle ?? .other, category: category, adoption: fields.string("adoption") ?? "",
                    sections: fields.stringList("sections"), wcag: fields.stringList("wcag")))
            pageKey = PageKey.practice
        case ContentSchema.section.noun:
            key = fields.locatedString("number", required: required("number"))
            var section =
                SectionDetails(
                    platform: fields.oneOf("platform", ContentSchema.platforms).flatMap(Platform.init(rawValue:)) ?? .common,
                    parent: fields.locatedString("parent"),
                    practices: fields.stringList("practices"), related: fields.stringList("related"),
                    programDetails: fields.list("program_details").map {
                        readProgramDetail($0, fields: fields, yamlLines: yamlLines, language: file.language)
                    })
            section.previousNumbers = fields.stringList("previous_numbers")
            details = .section(section)
            pageKey = PageKey.section
        default:
            key = fields.locatedString("id", required: required("id"))
            details = .page
            pageKey = PageKey.page
        }
        fields.rejectUnknownKeys(kind.keys)
        guard let key, let title else { return nil }
        guard checkKey(pageKey(key.value), at: key.location), checkOutputName(pageKey(key.value), at: key.location) else {
            return nil
        }
        let expectedName = "\(key.value).md"
        if !file.relativePath.hasSuffix("/" + expectedName) {
            diagnostics.error(
                .fileName, "the file of \(pageKey(key.value)) must be named \(expectedName)", at: key.location,
                notes: [Diagnostic.Note("rename the file, or correct the ID")])
        }
        var page = ParsedPage(
            file: file, key: pageKey(key.value), keyLocation: key.location, title: title, summary: summary,
            details: details, body: body, headings: headings, sourceHash: sourceHash, sourceBlocks: sourceBlocks,
            translationHash: translationHash, lineMap: lineMap)
        page.reviewed = reviewed.flatMap { Self.isCalendarDate($0.value) ? $0.value : nil }
        return page
    }

    /// Whether `text` is a day of the calendar written `YYYY-MM-DD` (`2026-02-30` is not).
    static func isCalendarDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// Whether the key may be published: practices from the closed set, sections numbered in the
    /// guide's chapters, other pages named with letters, digits, "." and "-" and never taking the
    /// output path of a generated page. Each refusal is reported with the nearest valid key.
    func checkKey(_ key: PageKey, at location: SourceLocation) -> Bool {
        var notes: [Diagnostic.Note] = []
        let message: String
        switch key {
        case .practice(let id):
            guard !ContentSchema.isPracticeID(id) else { return true }
            message = "\"\(id)\" is not a practice ID of the handbook"
            notes.append(Diagnostic.Note(ContentSchema.practiceIDRule))
        case .section(let number):
            guard !PageKeyRules.isSectionNumber(number) else { return true }
            message = "\"\(number)\" is not a section number of the guide"
            notes.append(Diagnostic.Note("a section number is dotted ASCII decimal in chapters 6 to 16, like \"7.3.6.5\""))
        case .page(let id):
            if let bad = id.first(where: { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) {
                diagnostics.error(
                    .invalidId, "an ID may hold letters, digits, \".\" and \"-\" only, not \"\(bad)\"", at: location)
                return false
            }
            guard PageKeyRules.reservedPageIDs.contains(id) || SinglePageEdition.isPartID(id) else { return true }
            diagnostics.error(
                .reservedId, "the ID \"\(id)\" belongs to a page the build generates", at: location,
                notes: [
                    Diagnostic.Note("reserved IDs: \((PageKeyRules.reservedPageIDs + ["handbook-1, handbook-2, …"]).sorted().joined(separator: ", "))"),
                    Diagnostic.Note("choose another ID and rename the file to match"),
                ])
            return false
        }
        if let ascii = PageKeyRules.asciiForm(key.id) {
            notes.insert(Diagnostic.Note("did you mean \"\(ascii)\"? (written with ASCII digits)"), at: 0)
        }
        diagnostics.error(.invalidId, message, at: location, notes: notes)
        return false
    }

    /// File systems refuse names over 255 bytes; `about.md` fits, but its `about.html` may not.
    /// Caught here, the problem points at the ID instead of at a staging folder at write time.
    func checkOutputName(_ key: PageKey, at location: SourceLocation) -> Bool {
        let name = OutputLayout.path(of: key, in: "en").rawValue.split(separator: "/").last.map(String.init) ?? ""
        guard name.utf8.count > PageParser.maximumFileNameBytes else { return true }
        diagnostics.error(
            .nameTooLong,
            "the output file \(key.folder == "pages" ? "" : key.folder + "/")\(name.prefix(24))… would have a name of \(name.utf8.count) bytes; file systems allow \(PageParser.maximumFileNameBytes)",
            at: location, notes: [Diagnostic.Note("choose a shorter ID")])
        return false
    }

    func readProgramDetail(_ node: YAMLNode, fields parent: FieldReader, yamlLines: [Substring], language: LanguageCode) -> ProgramDetail {
        let fields = FieldReader(node, path: parent.path, lineOffset: parent.lineOffset, diagnostics: diagnostics)
        let keys = ContentSchema.programDetailKeys
        let description = fields.string("description", required: keys.required.contains("description")) ?? ""
        let detail = ProgramDetail(
            description: markdown(description, at: fields.value("description") ?? node, fields: fields, yamlLines: yamlLines, language: language),
            layout: fields.string("layout"), viewController: fields.string("view_controller"),
            codeFile: fields.string("code_file"),
            functions: fields.list("functions").compactMap { item in
                if case .scalar(let text, _) = item.value { return markdown(text, at: item, fields: fields, yamlLines: yamlLines, language: language) }
                diagnostics.error(
                    .frontMatterType, "items of \"functions\" must be text, found \(item.shapeName)",
                    at: fields.location(item))
                return nil
            },
            related: fields.stringList("related"))
        fields.rejectUnknownKeys(keys.required + keys.optional)
        return detail
    }

    /// A front-matter value parsed and linted as Markdown, its problems located in the front matter.
    func markdown(_ text: String, at node: YAMLNode, fields: FieldReader, yamlLines: [Substring], language: LanguageCode) -> FieldMarkdown {
        var (parsed, tooDeep) = parser.parseChecked(text)
        let start = fields.location(node)
        let sourceLine = yamlLines.indices.contains(node.line - 1) ? yamlLines[node.line - 1] : nil
        var value = FieldMarkdown(text, node: parsed, at: start, sourceLine: sourceLine)
        if let tooDeep {
            diagnostics.error(
                .markdownTooDeep, "content nests more than \(MarkdownParser.maximumDepth) levels deep; the rest is left out",
                at: value.location(tooDeep))
        }
        Self.trimAutolinks(&parsed)
        value.node = parsed
        var linter = ContentLinter(diagnostics: diagnostics, lineMap: value)
        linter.checksHanLinkSpacing = HalfwidthPunctuationLinter.applies(to: language)
        linter.lint(parsed)
        return value
    }
}

extension MarkdownNode {
    /// Visits this node and its descendants parents first, allowing changes.
    mutating func transformPreorder(_ body: (inout MarkdownNode) -> Void) {
        body(&self)
        var children = self.children
        guard !children.isEmpty else { return }
        for index in children.indices { children[index].transformPreorder(body) }
        self.children = children
    }
}
