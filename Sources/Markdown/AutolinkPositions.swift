/// Puts autolinks (`<https://…>`, `<javascript:…>`) where they are in the source.
///
/// cmark-gfm gives an autolink the byte offset of its `<` within the paragraph's inline text as
/// its column, not the column on its line: right on a paragraph's first line at the left margin,
/// wrong on every later line (`9:29` for `9:1`) and inside list items. Lines are right. So each
/// autolink is matched, in document order, with the next `<text>` on its reported line.
enum AutolinkPositions {
    /// `document` with every autolink that could be found on its line placed there.
    static func fix(_ document: inout MarkdownNode, source: String) {
        var finder: LineFinder?
        document.transform { node in
            guard case .link(let url, let title) = node.kind, title.isEmpty, node.children.count == 1,
                case .text(let text) = node.children[0].kind, url == text || url == "mailto:" + text, node.start.line > 0
            else { return }
            if finder == nil { finder = LineFinder(source) }
            // A bare address (the autolink extension's) and an autolink on a paragraph's first line
            // are already placed right.
            let line = node.start.line
            if finder!.has(text, at: node.start) || finder!.has("<" + text + ">", at: node.start) { return }
            guard let column = finder!.next("<" + text + ">", onLine: line) else { return }
            let length = text.utf8.count + 2
            node.start = SourcePosition(line: node.start.line, column: column)
            node.end = SourcePosition(line: node.start.line, column: column + length - 1)
            node.children[0].start = SourcePosition(line: node.start.line, column: column + 1)
            node.children[0].end = SourcePosition(line: node.start.line, column: column + length - 2)
        }
    }

    /// Finds texts on source lines left to right, each search starting after the last match on
    /// that line, so a line of many autolinks is read once.
    private struct LineFinder {
        let bytes: [UInt8]
        /// Byte offset where each line starts, and the end of the text.
        let lineStarts: [Int]
        /// Per line, where the next search starts; -1 once a search on it failed.
        var cursors: [Int: Int] = [:]

        init(_ source: String) {
            bytes = Array(source.utf8)
            var starts = [0]
            for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
            starts.append(bytes.count)
            lineStarts = starts
        }

        /// Whether `needle` is in the source at `position`.
        func has(_ needle: String, at position: SourcePosition) -> Bool {
            guard position.line < lineStarts.count, position.column > 0 else { return false }
            let start = lineStarts[position.line - 1] + position.column - 1
            let pattern = needle.utf8
            return start + pattern.count <= bytes.count && bytes[start..<start + pattern.count].elementsEqual(pattern)
        }

        /// The 1-based byte column of the next `needle` on `line`, or nil.
        mutating func next(_ needle: String, onLine line: Int) -> Int? {
            guard line < lineStarts.count else { return nil }
            let lineStart = lineStarts[line - 1]
            let lineEnd = line < lineStarts.count - 1 ? lineStarts[line] : bytes.count
            let from = cursors[line] ?? lineStart
            // After one miss (an autolink whose text differs from its source, such as one with an
            // entity) the line is left alone, so a hostile line cannot make the search quadratic.
            guard from >= 0 else { return nil }
            let pattern = Array(needle.utf8)
            var position = from
            while position + pattern.count <= lineEnd {
                if bytes[position] == pattern[0], bytes[position..<position + pattern.count].elementsEqual(pattern) {
                    cursors[line] = position + pattern.count
                    return position - lineStart + 1
                }
                position += 1
            }
            cursors[line] = -1
            return nil
        }
    }
}
