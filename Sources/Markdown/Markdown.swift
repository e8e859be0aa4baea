/// `Markdown` turns CommonMark + GFM text into a tree of Swift values and renders that tree as HTML.
///
/// 1. `MarkdownParser.parse(_:)` runs cmark-gfm with the table, strikethrough, autolink, tagfilter and
///    tasklist extensions, converts every cmark node into a `MarkdownNode` (with its source position)
///    and frees the C tree at once, so the rest of the program never touches C memory.
/// 2. Callers may rewrite the tree (links, anchors, captions) as plain values.
/// 3. `HTMLRenderer` writes the tree as HTML. With default options its output is byte-for-byte what
///    cmark-gfm's own HTML renderer gives, which the peer spec tests check; options add what the site
///    needs (heading anchors, table header scopes and captions, labelled code blocks).
import CCmarkGFM
import Foundation

/// Parses Markdown text with cmark-gfm and the GFM extensions the handbook uses.
public struct MarkdownParser: Sendable {
    /// The GFM extensions attached to every parser, in cmark-gfm's names.
    public static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// The extensions this parser attaches.
    public let extensions: [String]

    /// Creates a parser; registering cmark-gfm's core extensions happens once per process.
    /// Pass no extensions for plain CommonMark (the CommonMark spec examples assume none).
    public init(extensions: [String] = MarkdownParser.extensionNames) {
        _ = MarkdownParser.registration
        self.extensions = extensions
    }

    /// How deeply nodes may nest; deeper content is dropped and reported by `parseChecked`.
    public static let maximumDepth = 64

    /// Parses `text` into a document tree whose positions are 1-based lines and UTF-8 byte columns.
    public func parse(_ text: String) -> MarkdownNode {
        parseChecked(text).document
    }

    /// Parses `text`, also telling where nesting first went past `maximumDepth` (nil when it did not).
    public func parseChecked(_ text: String) -> (document: MarkdownNode, tooDeep: SourcePosition?) {
        // cmark-gfm's tree takes about 90 times a table's source (a 4 MB table, 360 MB), so two
        // large documents are never parsed at once.
        let isLarge = text.utf8.count > MarkdownParser.largeDocument
        if isLarge { MarkdownParser.largeDocumentLock.lock() }
        defer {
            if isLarge {
                // Freed in this thread's arena, where the next large parse (on another thread) would not reuse it.
                FreedMemory.release()
                MarkdownParser.largeDocumentLock.unlock()
            }
        }
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8) else {
            return (MarkdownNode(kind: .document), nil)
        }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var source = text
        source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        // cmark-gfm's inline parser keeps its table of special characters in a global that each
        // parser's finish step changes (adding and then removing the extensions' characters), so two
        // threads finishing at once lose each other's autolinks. Finishing is serialised.
        MarkdownParser.finishLock.lock()
        let finished = cmark_parser_finish(parser)
        MarkdownParser.finishLock.unlock()
        guard let root = finished else { return (MarkdownNode(kind: .document), nil) }
        defer { cmark_node_free(root) }
        var tooDeep: SourcePosition?
        var document = CmarkTreeConverter.convert(root, tooDeep: &tooDeep)
        AutolinkPositions.fix(&document, source: text)
        return (document, tooDeep)
    }

    private static let finishLock = NSLock()
    /// Source size in bytes above which parsing takes `largeDocumentLock`.
    static let largeDocument = 1 << 20
    private static let largeDocumentLock = NSLock()

    private static let registration: Void = {
        cmark_gfm_core_extensions_ensure_registered()
    }()
}
