import CCmarkGFM

/// Copies a cmark-gfm node tree into `MarkdownNode` values.
///
/// The copy stops at `MarkdownParser.maximumDepth` levels and reports where, so a pathological input
/// (thousands of nested quotes or lists) can neither overflow the stack here nor in later walks.
enum CmarkTreeConverter {
    /// Each child is freed as soon as it is copied, so a large document is not held twice (once in
    /// C, once in Swift) while it is converted; `node` itself is left for the caller to free.
    static func convert(_ node: OpaquePointer, depth: Int = 0, tooDeep: inout SourcePosition?) -> MarkdownNode {
        let start = SourcePosition(
            line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)))
        let end = SourcePosition(
            line: Int(cmark_node_get_end_line(node)), column: Int(cmark_node_get_end_column(node)))
        let kind = kind(of: node)
        var child = cmark_node_first_child(node)
        if child != nil && depth >= MarkdownParser.maximumDepth {
            if tooDeep == nil { tooDeep = start }
            child = nil
        }
        // Exact capacity: appending one by one leaves up to half of each array unused, and a
        // table row's cells are most of a large page's memory.
        var count = 0
        var counted = child
        while let current = counted {
            count += 1
            counted = cmark_node_next(current)
        }
        var children: [MarkdownNode] = []
        children.reserveCapacity(count)
        while let current = child {
            children.append(convert(current, depth: depth + 1, tooDeep: &tooDeep))
            child = cmark_node_next(current)
            cmark_node_free(current)
        }
        return MarkdownNode(kind: kind, children: children, start: start, end: end)
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        let typeName = string(cmark_node_get_type_string(node))
        switch typeName {
        case "table":
            let count = Int(cmark_gfm_extensions_get_table_columns(node))
            let raw = cmark_gfm_extensions_get_table_alignments(node)
            let alignments: [MarkdownNode.Alignment] = (0..<count).map { index in
                switch raw?[index] {
                case UInt8(ascii: "l"): return .left
                case UInt8(ascii: "c"): return .center
                case UInt8(ascii: "r"): return .right
                default: return .none
                }
            }
            return .table(alignments: alignments)
        case "table_header", "table_row":
            return .tableRow(isHeader: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
        case "table_cell": return .tableCell
        case "strikethrough": return .strikethrough
        default: break
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(
                ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)),
                tight: cmark_node_get_list_tight(node) != 0)
        case CMARK_NODE_ITEM:
            let isTask = typeName == "tasklist"
            return .item(task: isTask ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil)
        case CMARK_NODE_CODE_BLOCK:
            return .codeBlock(
                info: string(cmark_node_get_fence_info(node)), literal: string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock(string(cmark_node_get_literal(node)))
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text(string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: return .htmlInline(string(cmark_node_get_literal(node)))
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK:
            return .link(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            return .image(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        default:
            // Footnotes and custom nodes are not enabled; keep their text readable anyway.
            return .paragraph
        }
    }
}
