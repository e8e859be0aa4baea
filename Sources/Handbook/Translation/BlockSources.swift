import Markdown

/// The Markdown a translator edits for each translation unit of a page, and where it stands in the
/// file, so that a PO export shows the very blocks the tracking fingerprints and an import can put
/// new text back without touching anything else (front matter, anchors, code blocks, line breaks).
struct BlockSource: Equatable {
    /// How new text goes back into the file.
    enum Place: Equatable {
        /// Body lines `first...last` (0-based file lines): the first keeps `lead` (list marker,
        /// `## `) and `trail` (` {#anchor}`); further lines get `continuation` (indentation, `> `).
        case lines(first: Int, last: Int, lead: String, trail: String, continuation: String)
        /// A table cell: UTF-8 byte range of its text on file line `line`.
        case cell(line: Int, from: Int, to: Int)
        /// A front-matter value on file line `line`, after `lead` (`title: `, `      - `).
        case value(line: Int, lead: String)
    }

    var kind: TranslationUnit.Kind
    /// The block's Markdown, continuation lines without their indentation.
    var markdown: String
    /// 1-based file line.
    var line: Int
    /// The anchor of the heading the block stands under.
    var anchor: String?
    var place: Place
}

enum BlockSources {
    /// The sources of `page`'s units, one per unit in the same order; nil when they cannot all be
    /// found (a multi-line YAML value, say), in which case the page is exported whole.
    static func of(_ page: ParsedPage, units known: [TranslationUnit]? = nil) -> [BlockSource]? {
        let lines = page.file.text.lines()
        guard let front = frontMatter(page, lines: lines) else { return nil }
        var blocks = front
        let offset = page.lineMap.firstBodyLine - 1
        var headings = page.headings.makeIterator()
        var anchor: String?
        var failed = false
        func bytes(_ line: Int) -> [UInt8] { line < lines.count ? Array(lines[line].utf8) : [] }
        func visit(_ node: MarkdownNode, container: TranslationUnit.Kind?) {
            let text = TranslationUnits.collapse(TranslationUnits.inlineText(node))
            switch node.kind {
            case .heading:
                anchor = headings.next()?.anchor
                guard !text.isEmpty else { return }
                if let block = paragraph(node, kind: .heading) { blocks.append(block) } else { failed = true }
            case .paragraph:
                guard !text.isEmpty else { return }
                if let block = paragraph(node, kind: container ?? .paragraph) { blocks.append(block) } else { failed = true }
            case .tableRow:
                let line = offset + node.start.line - 1
                let cells = cellRanges(bytes(line))
                guard cells.count == node.children.count else { failed = true; return }
                for (cell, range) in zip(node.children, cells) {
                    guard !TranslationUnits.collapse(TranslationUnits.inlineText(cell)).isEmpty else { continue }
                    let markdown = String(decoding: bytes(line)[range], as: UTF8.self)
                    blocks.append(BlockSource(kind: .cell, markdown: markdown, line: line + 1, anchor: anchor,
                        place: .cell(line: line, from: range.lowerBound, to: range.upperBound)))
                }
            case .item: node.children.forEach { visit($0, container: .item) }
            case .blockQuote: node.children.forEach { visit($0, container: .quote) }
            case .codeBlock(let info, let literal):
                // Tracked, never exported or written back: its place is the whole fenced block.
                guard !TranslationUnits.collapse(TranslationUnits.codeText(info: info, literal: literal)).isEmpty else { return }
                let first = offset + node.start.line - 1, last = offset + node.end.line - 1
                blocks.append(BlockSource(kind: .code, markdown: literal, line: first + 1, anchor: anchor,
                    place: .lines(first: first, last: last, lead: "", trail: "", continuation: "")))
            case .htmlBlock, .thematicBreak: break
            default: node.children.forEach { visit($0, container: container) }
            }
        }
        func paragraph(_ node: MarkdownNode, kind: TranslationUnit.Kind) -> BlockSource? {
            let first = offset + node.start.line - 1, last = offset + node.end.line - 1
            guard node.start.line > 0, first <= last, last < lines.count else { return nil }
            let head = bytes(first)
            let cut = min(max(node.start.column - 1, 0), head.count)
            var lead = String(decoding: head[..<cut], as: UTF8.self)
            var text = String(decoding: head[cut...], as: UTF8.self)
            var trail = ""
            if kind == .heading {
                let hashes = text.prefix(while: { $0 == "#" })
                let spaces = text.dropFirst(hashes.count).prefix(while: { $0 == " " || $0 == "\t" })
                lead += hashes + spaces
                text = String(text.dropFirst(hashes.count + spaces.count))
                if let open = text.range(of: "{#", options: .backwards), text.hasSuffix("}") {
                    var start = open.lowerBound
                    while start > text.startIndex, text[text.index(before: start)] == " " { start = text.index(before: start) }
                    trail = String(text[start...])
                    text = String(text[..<start])
                }
            }
            var continuation = String(repeating: " ", count: lead.count)
            var markdown = [text]
            if first < last {
                for index in (first + 1)...last {
                    let line = lines[index]
                    let prefix = line.prefix(while: { $0 == " " || $0 == "\t" || $0 == ">" })
                    if index == first + 1 { continuation = String(prefix) }
                    markdown.append(String(line.dropFirst(prefix.count)))
                }
            }
            return BlockSource(kind: kind, markdown: markdown.joined(separator: "\n"), line: first + 1, anchor: anchor,
                place: .lines(first: first, last: last, lead: lead, trail: trail, continuation: continuation))
        }
        visit(page.body, container: nil)
        let units = known ?? page.units
        guard !failed, blocks.count == units.count, zip(blocks, units).allSatisfy({ $0.kind == $1.kind }) else { return nil }
        for index in blocks.indices where units[index].line > 0 { blocks[index].line = units[index].line }
        return blocks
    }

    /// Byte ranges of the cells of a table row, each trimmed of the spaces around it.
    static func cellRanges(_ line: [UInt8]) -> [Range<Int>] {
        var bounds: [Int] = []
        var index = 0
        while index < line.count {
            if line[index] == UInt8(ascii: "\\") { index += 2; continue }
            if line[index] == UInt8(ascii: "|") { bounds.append(index) }
            index += 1
        }
        let firstNonSpace = line.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? 0
        let lastNonSpace = line.lastIndex { $0 != 0x20 && $0 != 0x09 } ?? 0
        var cuts = bounds
        if cuts.first != firstNonSpace { cuts.insert(firstNonSpace - 1, at: 0) }
        if cuts.last != lastNonSpace { cuts.append(lastNonSpace + 1) }
        var ranges: [Range<Int>] = []
        for (from, to) in zip(cuts, cuts.dropFirst()) {
            var start = from + 1, end = to
            while start < end, line[start] == 0x20 { start += 1 }
            while end > start, line[end - 1] == 0x20 { end -= 1 }
            ranges.append(start..<end)
        }
        return ranges
    }

    /// The front-matter blocks: top-level `title`, `summary`, `adoption`, and the descriptions and
    /// functions of the program details, each a one-line value.
    private static func frontMatter(_ page: ParsedPage, lines: [String]) -> [BlockSource]? {
        let end = page.lineMap.firstBodyLine - 2
        guard end > 0 else { return [] }
        var found: [TranslationUnit.Kind: BlockSource] = [:]
        var details: [BlockSource] = []
        var functionsIndent: Int?
        for index in 1..<min(end, lines.count) {
            let line = lines[index]
            let indent = line.prefix(while: { $0 == " " }).count
            let body = line.dropFirst(indent)
            if let limit = functionsIndent {
                if indent > limit, body.hasPrefix("- "), let value = scalar(body.dropFirst(2)) {
                    let lead = String(line.prefix(indent + 2))
                    details.append(BlockSource(kind: .function, markdown: value, line: index + 1, place: .value(line: index, lead: lead)))
                    continue
                }
                functionsIndent = nil
            }
            if indent == 0 {
                for kind in [TranslationUnit.Kind.title, .summary, .adoption] where body.hasPrefix(kind.rawValue + ":") {
                    let raw = body.dropFirst(kind.rawValue.count + 1)
                    guard let value = scalar(raw) else { return nil }
                    let lead = String(line.prefix(line.count - raw.count)) + String(raw.prefix(while: { $0 == " " }))
                    found[kind] = BlockSource(kind: kind, markdown: value, line: index + 1, place: .value(line: index, lead: lead))
                }
            }
            var item = body
            if item.hasPrefix("- ") { item = item.dropFirst(2) }
            if item.hasPrefix("description:") {
                let raw = item.dropFirst("description:".count)
                guard let value = scalar(raw) else { return nil }
                let lead = String(line.prefix(line.count - raw.count)) + String(raw.prefix(while: { $0 == " " }))
                details.append(BlockSource(kind: .description, markdown: value, line: index + 1, place: .value(line: index, lead: lead)))
            } else if item.hasPrefix("functions:") {
                let rest = item.dropFirst("functions:".count).trimmingSpaces
                if rest == "[]" { continue }
                guard rest.isEmpty else { return nil }
                functionsIndent = indent + (body.count - item.count)
            }
        }
        let heads = [TranslationUnit.Kind.title, .summary, .adoption].compactMap { found[$0] }
        return (heads + details).filter { !TranslationUnits.collapse($0.markdown).isEmpty }
    }

    /// A one-line YAML scalar: plain, "double-quoted" or 'single-quoted'; nil for anything else.
    static func scalar(_ raw: Substring) -> String? {
        let text = raw.trimmingSpaces
        if text.isEmpty { return "" }
        if text.first == "\"" {
            guard text.count >= 2, text.last == "\"" else { return nil }
            var out = ""
            var escaped = false
            for character in text.dropFirst().dropLast() {
                if escaped {
                    switch character {
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "\"", "\\", "/": out.append(character)
                    default: return nil
                    }
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    return nil
                } else {
                    out.append(character)
                }
            }
            return escaped ? nil : out
        }
        if text.first == "'" {
            guard text.count >= 2, text.last == "'" else { return nil }
            return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        if "|>[{&*!%@`".contains(text.first!) || text.contains(" #") { return nil }
        return String(text)
    }

    /// `value` as a double-quoted YAML scalar: the same four escapes as a PO string.
    static func quoted(_ value: String) -> String {
        "\"" + POFile.escape(value) + "\""
    }

    /// `lines` (a file split at "\n") with each block at `places` given its new Markdown.
    static func apply(_ edits: [(place: BlockSource.Place, markdown: String)], to lines: [String]) -> [String] {
        var lines = lines
        func order(_ place: BlockSource.Place) -> (Int, Int) {
            switch place {
            case .lines(let first, _, _, _, _): return (first, 0)
            case .cell(let line, let from, _): return (line, from)
            case .value(let line, _): return (line, 0)
            }
        }
        for edit in edits.sorted(by: { order($0.place) > order($1.place) }) {
            switch edit.place {
            case .lines(let first, let last, let lead, let trail, let continuation):
                let parts = edit.markdown.lines()
                var replacement = parts.enumerated().map { $0.offset == 0 ? lead + $0.element : continuation + $0.element }
                replacement[replacement.count - 1] += trail
                lines.replaceSubrange(first...last, with: replacement)
            case .cell(let line, let from, let to):
                var bytes = Array(lines[line].utf8)
                bytes.replaceSubrange(from..<to, with: Array(edit.markdown.utf8))
                lines[line] = String(decoding: bytes, as: UTF8.self)
            case .value(let line, let lead):
                lines[line] = lead + quoted(edit.markdown)
            }
        }
        return lines
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text = text.dropLast() }
        return text
    }
}
