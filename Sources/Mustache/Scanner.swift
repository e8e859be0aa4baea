/// Cuts a template's bytes into text runs, line breaks and tags.
///
/// Set-delimiter tags take effect as soon as they are read, so the scanner, not the parser, owns the
/// current delimiters. An unclosed tag ends the scan: what follows it cannot be told apart from text.
struct Scanner {
    private let source: Source
    private var opening = Array("{{".utf8)
    private var closing = Array("}}".utf8)
    private var tokens: [Token] = []
    private var errors: [TemplateError] = []

    private init(source: Source) {
        self.source = source
    }

    /// The tokens of `source` in order, and the errors met on the way.
    static func scan(_ source: Source) -> (tokens: [Token], errors: [TemplateError]) {
        var scanner = Scanner(source: source)
        scanner.run()
        return (scanner.tokens, scanner.errors)
    }
}

extension Scanner {
    private var bytes: [UInt8] { source.bytes }

    private mutating func run() {
        var position = 0
        while position < bytes.count {
            guard let tagStart = find(opening, from: position) else {
                emitText(position..<bytes.count)
                return
            }
            emitText(position..<tagStart)
            position = readTag(at: tagStart)
        }
    }

    /// Reads the tag whose opening delimiter is at `start` and returns where scanning goes on.
    private mutating func readTag(at start: Int) -> Int {
        var bodyStart = start + opening.count
        var terminator = closing
        let kind: TagKind
        switch bodyStart < bytes.count ? bytes[bodyStart] : 0 {
        case UInt8(ascii: "{"):
            kind = .unescaped
            terminator = Array("}".utf8) + closing
        case UInt8(ascii: "="):
            kind = .delimiters
            terminator = Array("=".utf8) + closing
        case UInt8(ascii: "&"): kind = .unescaped
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "!"): kind = .comment
        default: kind = .variable
        }
        if kind != .variable {
            bodyStart += 1
        }
        let closingText = String(decoding: terminator, as: UTF8.self)
        guard let bodyEnd = find(terminator, from: bodyStart) else {
            errors.append(source.error(.unclosedTag(closing: closingText), at: start))
            return bytes.count
        }
        if kind != .comment, kind != .delimiters,
            let nested = find(opening, from: bodyStart), nested < bodyEnd
        {
            // `{{name` followed later by another tag: report the first and scan on from the second.
            errors.append(source.error(.unclosedTag(closing: closingText), at: start))
            return nested
        }
        let end = bodyEnd + terminator.count
        let tag = Tag(kind: kind, content: trimmed(bodyStart..<bodyEnd), start: start, end: end)
        tokens.append(.tag(tag))
        if kind == .delimiters {
            changeDelimiters(to: tag)
        }
        return end
    }

    private mutating func changeDelimiters(to tag: Tag) {
        let parts = tag.content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            let written = source.text(tag.start..<tag.end)
            errors.append(source.error(.invalidDelimiters(written), at: tag.start))
            return
        }
        opening = Array(parts[0].utf8)
        closing = Array(parts[1].utf8)
    }

    /// Emits `range` as text tokens split at each `\n` or `\r\n`.
    private mutating func emitText(_ range: Range<Int>) {
        var lineStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "\n") {
                let hasReturn = index > lineStart && bytes[index - 1] == UInt8(ascii: "\r")
                let breakStart = hasReturn ? index - 1 : index
                if breakStart > lineStart {
                    tokens.append(.text(lineStart..<breakStart))
                }
                tokens.append(.lineBreak(breakStart..<index + 1))
                lineStart = index + 1
            }
            index += 1
        }
        if range.upperBound > lineStart {
            tokens.append(.text(lineStart..<range.upperBound))
        }
    }

    /// The offset of the first occurrence of `needle` at or after `offset`.
    private func find(_ needle: [UInt8], from offset: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = offset
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] {
                    matched += 1
                }
                if matched == needle.count {
                    return index
                }
            }
            index += 1
        }
        return nil
    }

    /// The text of `range` without leading and trailing spaces, tabs and line breaks.
    private func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Self.isSpace(bytes[lower]) {
            lower += 1
        }
        while upper > lower, Self.isSpace(bytes[upper - 1]) {
            upper -= 1
        }
        return source.text(lower..<upper)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
