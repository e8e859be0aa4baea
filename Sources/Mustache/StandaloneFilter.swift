/// Groups tokens into lines and strips the lines that hold only a standalone tag.
///
/// A line is standalone when it holds one non-interpolation tag and otherwise only spaces and tabs;
/// such a line disappears from the output together with its line break. The inheritance spec adds
/// pairs of adjacent tags that count as one: `{{<parent}}{{/parent}}`, `{{<parent}}{{$block}}` and
/// `{{/block}}{{/parent}}` remove the whole line; `{{$block}}{{/block}}` removes its margin but keeps
/// the line break, so an empty block leaves an empty line.
struct StandaloneFilter {
    private var openTags: [(kind: TagKind, name: String)] = []
    private let source: Source

    private init(source: Source) {
        self.source = source
    }

    /// The lines of `tokens`, with standalone whitespace removed and line starts marked.
    static func lines(of tokens: [Token], in source: Source) -> [Line] {
        var filter = StandaloneFilter(source: source)
        var lines: [Line] = []
        var lineStart = 0
        for (index, token) in tokens.enumerated() {
            if case .lineBreak = token {
                lines.append(filter.line(tokens[lineStart..<index], lineBreak: token))
                lineStart = index + 1
            }
        }
        if lineStart < tokens.count {
            lines.append(filter.line(tokens[lineStart...], lineBreak: nil))
        }
        return lines
    }
}

extension StandaloneFilter {
    /// The kinds of line a standalone tag or pair of tags makes.
    private enum Shape {
        case removesLine
        case keepsLineBreak
    }

    private mutating func line(_ tokens: ArraySlice<Token>, lineBreak: Token?) -> Line {
        var tags: [Tag] = []
        var blank = true
        var margin = ""
        for token in tokens {
            switch token {
            case .tag(let tag):
                tags.append(tag)
            case .text(let range):
                let text = source.text(range)
                let isWhitespace = text.allSatisfy { $0 == " " || $0 == "\t" }
                if tags.isEmpty && blank {
                    margin = isWhitespace ? text : String(text.prefix { $0 == " " || $0 == "\t" })
                }
                blank = blank && isWhitespace
            case .lineBreak:
                break
            }
        }
        let shape = blank ? self.shape(of: tags) : nil
        track(tags)
        let hasContent = !blank || !tags.isEmpty
        var pieces: [Piece] = []
        if let shape {
            pieces = tags.map { .tag($0, .standalone(margin: margin)) }
            if shape == .keepsLineBreak, case .lineBreak(let range) = lineBreak {
                pieces.append(.text(source.text(range)))
            }
            return Line(margin: margin, pieces: pieces)
        }
        if hasContent {
            pieces.append(.lineStart)
        }
        for token in tokens {
            switch token {
            case .tag(let tag): pieces.append(.tag(tag, .inline))
            case .text(let range), .lineBreak(let range): pieces.append(.text(source.text(range)))
            }
        }
        if case .lineBreak(let range) = lineBreak {
            pieces.append(.text(source.text(range)))
        }
        return Line(margin: hasContent ? margin : nil, pieces: pieces)
    }

    /// How the tags of a line without other content make it standalone, if they do.
    private func shape(of tags: [Tag]) -> Shape? {
        if tags.count == 1 {
            return tags[0].kind.mayStandAlone ? .removesLine : nil
        }
        guard tags.count == 2, tags[0].end == tags[1].start else { return nil }
        let (first, second) = (tags[0], tags[1])
        switch (first.kind, second.kind) {
        case (.parent, .close) where second.content == first.content:
            return .removesLine
        case (.parent, .block):
            return .removesLine
        case (.block, .close) where second.content == first.content:
            return .keepsLineBreak
        case (.close, .close):
            let count = openTags.count
            guard count >= 2 else { return nil }
            let inner = openTags[count - 1]
            let outer = openTags[count - 2]
            let closesBlockThenParent =
                inner == (.block, first.content) && outer == (.parent, second.content)
            return closesBlockThenParent ? .removesLine : nil
        default:
            return nil
        }
    }

    /// Follows which tags are open, so a closing tag's kind is known.
    private mutating func track(_ tags: [Tag]) {
        for tag in tags {
            if tag.kind.opensSection {
                openTags.append((tag.kind, tag.content))
            } else if tag.kind == .close, openTags.last?.name == tag.content {
                openTags.removeLast()
            }
        }
    }
}
