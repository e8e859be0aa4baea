/// Inline nodes packed into one byte buffer: how a table row holds its cells.
///
/// A 20-byte row of three cells is seven nodes and four arrays as values, about 550 bytes; packed,
/// about 60, so a page of 200,000 rows no longer takes a hundred megabytes to hold. Reading a row's
/// `children` unpacks it, a transient copy of one row; writing them packs them again.
///
/// Each node is written in document order as: one byte of kind tag and flags (anchor, attributes,
/// children), the kind's strings (each a varint length and UTF-8 bytes), start and end (the start
/// line as a difference from the node before, the end line from the start line, since the cells of
/// a row share their line; all zigzag-coded varints), the anchor, the attributes (a count, then
/// strings), and the number of children followed by the children. Only inline kinds and cells are
/// packed; `encode` returns nil for anything else, and the caller keeps an array.
enum PackedNodes {
    /// The most nodes one buffer packs: `children` unpacks them all on every read, so a row of
    /// thousands of cells would make a walk over it quadratic.
    static let maximumCount = 64

    private enum Tag: UInt8 {
        case tableCell, text, code, htmlInline, emphasis, strong, strikethrough, softBreak, lineBreak
        case languageSpan, link, image
    }

    /// Flags in the high bits of the tag byte.
    private static let hasAnchor: UInt8 = 0x20, hasAttributes: UInt8 = 0x40, hasChildren: UInt8 = 0x80
    private static let tagMask: UInt8 = 0x1F

    /// `nodes` packed, or nil when one of them (or of their descendants) is not an inline kind or a
    /// cell, or there are more than `maximumCount`.
    static func encode(_ nodes: [MarkdownNode]) -> [UInt8]? {
        var writer = Writer()
        var count = 0
        for node in nodes {
            guard writer.write(node, count: &count), count <= maximumCount else { return nil }
        }
        // An exact copy: the buffer grew by doubling, and it is held for the whole build.
        return [UInt8](unsafeUninitializedCapacity: writer.bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: writer.bytes)
        }
    }

    /// The nodes `encode` packed into `bytes`.
    static func decode(_ bytes: [UInt8]) -> [MarkdownNode] {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            var nodes: [MarkdownNode] = []
            while reader.offset < buffer.count { nodes.append(reader.node()) }
            return nodes
        }
    }

    private struct Writer {
        var bytes: [UInt8] = []

        /// The start line of the node written last.
        var line = 0

        mutating func write(_ node: MarkdownNode, count: inout Int) -> Bool {
            count += 1
            guard count <= PackedNodes.maximumCount else { return false }
            let tag: Tag
            var strings: [String] = []
            switch node.kind {
            case .tableCell: tag = .tableCell
            case .text(let text): (tag, strings) = (.text, [text])
            case .code(let code): (tag, strings) = (.code, [code])
            case .htmlInline(let html): (tag, strings) = (.htmlInline, [html])
            case .emphasis: tag = .emphasis
            case .strong: tag = .strong
            case .strikethrough: tag = .strikethrough
            case .softBreak: tag = .softBreak
            case .lineBreak: tag = .lineBreak
            case .languageSpan(let lang): (tag, strings) = (.languageSpan, [lang])
            case .link(let url, let title): (tag, strings) = (.link, [url, title])
            case .image(let url, let title): (tag, strings) = (.image, [url, title])
            default: return false
            }
            let anchor = node.anchor
            let attributes = node.attributes
            let children = node.children
            var first = tag.rawValue
            if anchor != nil { first |= PackedNodes.hasAnchor }
            if !attributes.isEmpty { first |= PackedNodes.hasAttributes }
            if !children.isEmpty { first |= PackedNodes.hasChildren }
            bytes.append(first)
            for string in strings { write(string) }
            write(signed: node.start.line - line)
            write(signed: node.start.column)
            write(signed: node.end.line - node.start.line)
            write(signed: node.end.column)
            line = node.start.line
            if let anchor { write(anchor) }
            if !attributes.isEmpty {
                write(UInt64(attributes.count))
                for (name, value) in attributes {
                    write(name)
                    write(value)
                }
            }
            if !children.isEmpty {
                write(UInt64(children.count))
                for child in children {
                    guard write(child, count: &count) else { return false }
                }
            }
            return true
        }

        /// A signed number, zigzag-coded so that small differences of either sign take one byte.
        mutating func write(signed value: Int) {
            write(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
        }

        mutating func write(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        mutating func write(_ text: String) {
            write(UInt64(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        /// The start line of the node read last.
        var line = 0

        mutating func node() -> MarkdownNode {
            let first = bytes[offset]
            offset += 1
            let kind: MarkdownNode.Kind
            switch Tag(rawValue: first & PackedNodes.tagMask)! {
            case .tableCell: kind = .tableCell
            case .text: kind = .text(string())
            case .code: kind = .code(string())
            case .htmlInline: kind = .htmlInline(string())
            case .emphasis: kind = .emphasis
            case .strong: kind = .strong
            case .strikethrough: kind = .strikethrough
            case .softBreak: kind = .softBreak
            case .lineBreak: kind = .lineBreak
            case .languageSpan: kind = .languageSpan(lang: string())
            case .link: kind = .link(url: string(), title: string())
            case .image: kind = .image(url: string(), title: string())
            }
            line += signed()
            let start = SourcePosition(line: line, column: signed())
            let end = SourcePosition(line: line + signed(), column: signed())
            let anchor = first & PackedNodes.hasAnchor != 0 ? string() : nil
            let attributes = first & PackedNodes.hasAttributes != 0 ? (0..<Int(varint())).map { _ in (string(), string()) } : []
            var children: [MarkdownNode] = []
            if first & PackedNodes.hasChildren != 0 {
                let count = Int(varint())
                children.reserveCapacity(count)
                for _ in 0..<count { children.append(node()) }
            }
            var node = MarkdownNode(kind: kind, children: children, start: start, end: end)
            if anchor != nil { node.anchor = anchor }
            if !attributes.isEmpty { node.attributes = attributes }
            return node
        }

        mutating func signed() -> Int {
            let value = varint()
            return Int(Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1))
        }

        mutating func varint() -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }

        mutating func string() -> String {
            let length = Int(varint())
            defer { offset += length }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        }
    }
}
