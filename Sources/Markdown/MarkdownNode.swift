/// One node of a parsed Markdown document, a plain value detached from cmark's C tree.
///
/// Kept small (56 bytes) because a body is a tree of these held for the whole build: the kinds with
/// two strings are boxed, positions are 32-bit, the rarely set anchor and attributes share one
/// optional box, and a table row's cells are packed into bytes (`PackedNodes`).
public struct MarkdownNode: Sendable, Equatable {
    /// Column alignment of a GFM table.
    public enum Alignment: Sendable, Equatable {
        case none, left, center, right
    }

    /// What the node is, with the data that kind carries.
    public enum Kind: Sendable, Equatable {
        case document
        case blockQuote
        case list(ordered: Bool, start: Int, tight: Bool)
        case item(task: Bool?)
        indirect case codeBlock(info: String, literal: String)
        case htmlBlock(String)
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case table(alignments: [Alignment])
        /// A table caption: only made by callers (cmark has none); rendered as `<caption>`.
        case tableCaption
        case tableRow(isHeader: Bool)
        case tableCell
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case htmlInline(String)
        case emphasis
        case strong
        case strikethrough
        /// An inline run in another language than the text around it: only made by callers (text
        /// generated in the reader's language inside a fallback passage, English quoted in a
        /// Chinese page); rendered as `<span lang>`, so screen readers switch voice (WCAG 3.1.2).
        case languageSpan(lang: String)
        indirect case link(url: String, title: String)
        indirect case image(url: String, title: String)
    }

    /// The node's kind.
    public var kind: Kind
    /// Child nodes in document order.
    public var children: [MarkdownNode] {
        get {
            switch storage {
            case .nodes(let nodes): return nodes
            case .packed(let bytes): return PackedNodes.decode(bytes)
            }
        }
        set { storage = Self.store(newValue, of: kind) }
    }
    /// The children as values, or packed when this is a table row (`PackedNodes`).
    private var storage: Children

    private enum Children: Sendable {
        case nodes([MarkdownNode])
        case packed([UInt8])
    }

    private static func store(_ children: [MarkdownNode], of kind: Kind) -> Children {
        guard case .tableRow = kind, !children.isEmpty, let bytes = PackedNodes.encode(children) else { return .nodes(children) }
        return .packed(bytes)
    }
    /// Where the node starts in the source (line 0 for nodes made by callers).
    public var start: SourcePosition
    /// Where the node ends in the source.
    public var end: SourcePosition
    /// HTML `id` for a heading; set by callers that number anchors.
    public var anchor: String? {
        get { extras?.anchor }
        set { setExtras(anchor: newValue, attributes: extras?.attributes ?? []) }
    }
    /// Extra HTML attributes for a link (`class`, `hreflang`, …) or an image (`width`, `height`), written in this order.
    public var attributes: [(String, String)] {
        get { (extras?.attributes ?? []).map { ($0.name, $0.value) } }
        set { setExtras(anchor: extras?.anchor, attributes: newValue.map { Attribute(name: $0.0, value: $0.1) }) }
    }
    /// Anchor and attributes; immutable, so copies of a node never see each other's changes.
    private var extras: Extras?

    private mutating func setExtras(anchor: String?, attributes: [Attribute]) {
        extras = anchor == nil && attributes.isEmpty ? nil : Extras(anchor: anchor, attributes: attributes)
    }

    /// Creates a node.
    public init(
        kind: Kind, children: [MarkdownNode] = [],
        start: SourcePosition = SourcePosition(line: 0, column: 0),
        end: SourcePosition = SourcePosition(line: 0, column: 0)
    ) {
        self.kind = kind
        self.storage = Self.store(children, of: kind)
        self.start = start
        self.end = end
    }

    /// The text a reader would see, without markup: used for titles, anchors and search.
    public var plainText: String {
        var out = ""
        appendPlainText(to: &out)
        return out
    }

    private func appendPlainText(to out: inout String) {
        switch kind {
        case .text(let s), .code(let s): out += s
        case .softBreak, .lineBreak: out += " "
        case .codeBlock(_, let literal): out += literal
        case .htmlBlock, .htmlInline, .image: break
        default:
            for child in children { child.appendPlainText(to: &out) }
        }
    }

    /// Calls `body` for this node and every descendant, parents before children.
    public func forEach(_ body: (MarkdownNode) throws -> Void) rethrows {
        try body(self)
        for child in children { try child.forEach(body) }
    }

    /// Rewrites this node and every descendant in place, children first.
    public mutating func transform(_ body: (inout MarkdownNode) throws -> Void) rethrows {
        // Children read and written back once: each access to a table row's unpacks or packs it.
        var children = self.children
        if !children.isEmpty {
            for index in children.indices { try children[index].transform(body) }
            self.children = children
        }
        try body(&self)
    }

    /// This node with `rewrite` applied to it and every descendant (children first), or nil when
    /// nothing changed. Unlike `transform`, subtrees that do not change stay shared with the
    /// original: a body is shared by its page in every language, and copying a tree of 200,000 table
    /// rows per language to rewrite a few links made memory grow far beyond the input.
    public func rewritten(_ rewrite: (MarkdownNode) throws -> MarkdownNode?) rethrows -> MarkdownNode? {
        var children: [MarkdownNode]?
        let original = self.children
        for index in original.indices {
            guard let changed = try original[index].rewritten(rewrite) else { continue }
            if children == nil { children = original }
            children![index] = changed
        }
        guard let children else { return try rewrite(self) }
        var node = self
        node.children = children
        return try rewrite(node) ?? node
    }

    private struct Attribute: Sendable, Equatable {
        var name: String
        var value: String
    }

    private final class Extras: Sendable {
        let anchor: String?
        let attributes: [Attribute]

        init(anchor: String?, attributes: [Attribute]) {
            self.anchor = anchor
            self.attributes = attributes
        }
    }

    /// Two nodes are equal when kind, children, positions, anchor and attributes are.
    public static func == (a: MarkdownNode, b: MarkdownNode) -> Bool {
        a.kind == b.kind && a.children == b.children && a.start == b.start && a.end == b.end
            && a.extras?.anchor == b.extras?.anchor && (a.extras?.attributes ?? []) == (b.extras?.attributes ?? [])
    }
}
