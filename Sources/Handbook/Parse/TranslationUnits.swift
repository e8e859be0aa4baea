import Markdown

/// One block of a page: the title, the summary, a front-matter sentence, a heading, a paragraph, a
/// list item, a table cell, a quoted paragraph or a code block. Outdatedness, `i18n diff` and the
/// site's notices all speak of these blocks.
public struct TranslationUnit: Sendable, Equatable {
    /// What kind of block it is.
    public enum Kind: String, Sendable {
        case title, summary, adoption, description, function, heading, paragraph, item, quote, cell, caption
        /// A code block: not translated in PO catalogs, but a change to it outdates the translation,
        /// whose copy of the code must follow.
        case code
    }

    /// The kind of block.
    public var kind: Kind
    /// The text a reader sees, whitespace collapsed (for a code block, its info string and code).
    public var text: String
    /// Where the block's links and images lead, in order: part of what a reader gets from it.
    public var targets: [String]
    /// Ten hex digits of the SHA-256 of the text and the targets: what a translation records of
    /// the English it follows. Re-wrapping changes neither; a new link target or image does.
    /// (Records of eight digits were made from the text alone; `i18n upgrade` converts them.)
    public var fingerprint: String
    /// The heading the block stands under (nil before the first heading and in the front matter).
    public var heading: Heading?
    /// The line in the file (1-based), or 0 for front-matter blocks.
    public var line: Int
    /// The text as `i18n diff` shows it: `text` with each link that has no words of its own written
    /// as it is in the file (`[](sec:13.2)`), which the reader sees as its target's title. Not part
    /// of the fingerprint, which stays what translations recorded.
    public var shown: String

    /// Creates a block of `text`.
    public init(kind: Kind, text: String, heading: Heading?, line: Int, shown: String? = nil, targets: [String] = []) {
        self.kind = kind
        self.text = text
        self.targets = targets
        self.shown = shown ?? text
        let hashed = targets.isEmpty ? text : ([text] + targets).joined(separator: "\u{1F}")
        self.fingerprint = String(SHA256.hex(Array(hashed.utf8)).prefix(10))
        self.heading = heading
        self.line = line
    }

    /// Where the block is, for people: "title", "program details", or the heading it stands under.
    public var place: String {
        switch kind {
        case .title, .summary, .adoption: return kind.rawValue
        case .description, .function: return "program details"
        default: return heading.map { "“\(TranslationUnits.collapse($0.text))”" } ?? "introduction"
        }
    }
}

/// Splits a parsed page into its translation units, in reading order.
public enum TranslationUnits {
    /// The page's blocks; blocks with no text (a paragraph that is only `[](bp:2.10)`) are left out,
    /// since there is nothing in them to translate.
    public static func of(_ page: ParsedPage) -> [TranslationUnit] {
        var units: [TranslationUnit] = []
        func add(_ kind: TranslationUnit.Kind, _ text: String, heading: Heading? = nil, line: Int = 0, shown: String? = nil, targets: [String] = []) {
            let collapsed = collapse(text)
            if !collapsed.isEmpty {
                units.append(TranslationUnit(kind: kind, text: collapsed, heading: heading, line: line, shown: shown.map(collapse), targets: targets))
            }
        }
        func add(_ kind: TranslationUnit.Kind, _ node: MarkdownNode, heading: Heading? = nil, line: Int = 0) {
            add(kind, inlineText(node), heading: heading, line: line, shown: inlineText(node, showingLinks: true), targets: targets(of: node))
        }
        add(.title, page.title)
        add(.summary, page.summary)
        switch page.details {
        case .practice(let details): add(.adoption, details.adoption)
        case .section(let details):
            for detail in details.programDetails {
                add(.description, detail.description.node)
                detail.functions.forEach { add(.function, $0.node) }
            }
        case .page: break
        }
        var headings = page.headings.makeIterator()
        var current: Heading?
        func visit(_ node: MarkdownNode, container: TranslationUnit.Kind?) {
            let line = node.start.line > 0 ? page.lineMap.location(node.start).line : 0
            switch node.kind {
            case .heading:
                current = headings.next()
                add(.heading, node, heading: current, line: line)
            case .paragraph: add(container ?? .paragraph, node, heading: current, line: line)
            case .tableCell: add(.cell, node, heading: current, line: line)
            case .tableCaption: add(.caption, node, heading: current, line: line)
            case .item: node.children.forEach { visit($0, container: .item) }
            case .blockQuote: node.children.forEach { visit($0, container: .quote) }
            case .codeBlock(let info, let literal): add(.code, codeText(info: info, literal: literal), heading: current, line: line)
            case .htmlBlock, .thematicBreak: break
            default: node.children.forEach { visit($0, container: container) }
            }
        }
        visit(page.body, container: nil)
        return units
    }

    /// The fingerprints of `units` as a translation records them: `source_blocks: "1a2b3c4d …"`.
    public static func record(_ units: [TranslationUnit]) -> String {
        units.map(\.fingerprint).joined(separator: " ")
    }

    /// A code block as its unit's text: the info string (language, provenance) and the code.
    static func codeText(info: String, literal: String) -> String {
        info + "\n" + literal
    }

    /// The link and image targets in inline content, in order.
    static func targets(of node: MarkdownNode) -> [String] {
        var out: [String] = []
        func visit(_ node: MarkdownNode) {
            switch node.kind {
            case .link(let url, _), .image(let url, _): out.append(url)
            default: break
            }
            node.children.forEach(visit)
        }
        visit(node)
        return out
    }

    /// Whether a record was made before link targets and code blocks counted (eight hex digits a
    /// block); such a record is converted once by `i18n upgrade`.
    public static func isLegacy(_ record: some StringProtocol) -> Bool {
        record.split(separator: " ").contains { $0.count == 8 }
    }

    /// Stands in a record for a block whose translation nobody has reviewed against any English
    /// yet: it matches no fingerprint, so the block counts as changed until it is marked.
    public static let unreviewed: Substring = "-"

    /// The text of inline content as a reader sees it: text, code spans and image descriptions;
    /// `showingLinks` writes a link with no words of its own as it is in the file.
    static func inlineText(_ node: MarkdownNode, showingLinks: Bool = false) -> String {
        var out = ""
        func append(_ node: MarkdownNode) {
            switch node.kind {
            case .text(let text), .code(let text): out += text
            case .softBreak, .lineBreak: out += " "
            case .htmlInline, .htmlBlock, .codeBlock: break
            case .link(let url, _) where showingLinks && node.plainText.trimmingCharacters(in: .whitespaces).isEmpty:
                out += "[](\(url))"
            default: node.children.forEach(append)
            }
        }
        append(node)
        return out
    }

    /// Runs of white space become one space, so re-wrapping a paragraph changes nothing.
    /// Works on UTF-8 bytes, scalar by scalar, not on characters (which cost a table lookup each):
    /// the same result for any text in which no combining mark follows white space.
    static func collapse(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return "" }
            let count = bytes.count
            // White space is one byte at least, so the result is never longer than the text.
            return String(unsafeUninitializedCapacity: count) { out in
                var written = 0
                var pendingSpace = false
                var index = 0
                while index < count {
                    let lead = base[index]
                    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                    if isWhitespace(utf8: base + index, length: min(length, count - index)) {
                        pendingSpace = written > 0
                    } else {
                        if pendingSpace {
                            out[written] = 0x20
                            written += 1
                            pendingSpace = false
                        }
                        var offset = 0
                        while offset < length, index + offset < count {
                            out[written] = base[index + offset]
                            written += 1
                            offset += 1
                        }
                    }
                    index += length
                }
                return written
            }
        }
    }

    /// Whether the scalar whose `length` UTF-8 bytes start at `bytes` is white space: the Unicode
    /// White_Space property (`Character.isWhitespace` for one scalar), written out as UTF-8.
    static func isWhitespace(utf8 bytes: UnsafePointer<UInt8>, length: Int) -> Bool {
        let first = bytes[0]
        switch length {
        case 1: return first == 0x20 || (first >= 0x09 && first <= 0x0D)
        case 2: return first == 0xC2 && (bytes[1] == 0x85 || bytes[1] == 0xA0)
        case 3:
            let (second, third) = (bytes[1], bytes[2])
            switch (first, second) {
            case (0xE1, 0x9A): return third == 0x80
            case (0xE2, 0x80): return (third >= 0x80 && third <= 0x8A) || third == 0xA8 || third == 0xA9 || third == 0xAF
            case (0xE2, 0x81): return third == 0x9F
            case (0xE3, 0x80): return third == 0x80
            default: return false
            }
        default: return false
        }
    }

}
