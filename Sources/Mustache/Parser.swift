/// Builds the node tree of one template and reports its syntax errors.
///
/// Parsing goes on after an error, so one run reports every problem: a closing tag that matches an
/// outer section closes the sections in between, a stray one is skipped, and sections still open at
/// the end are reported where they open.
struct Parser {
    /// How deeply sections, blocks and parents may nest; rendering recurses once per level.
    static let nestingLimit = 100

    private let source: Source
    private var errors: [TemplateError]
    private var frames = [Frame(tag: nil)]
    /// The margin shared by the content lines of each standalone block, by the block tag's ordinal.
    private var blockMargins: [Int: String] = [:]
    /// The margins removed from content lines, innermost standalone block last.
    private var dedents: [String] = []
    /// The margin to remove from the text that follows a line start.
    private var pendingDedent: String?
    private var reportedNesting = false

    private init(source: Source, errors: [TemplateError]) {
        self.source = source
        self.errors = errors
    }

    /// The nodes of `source` and its syntax errors (nodes are only meant for rendering when there are
    /// no errors).
    static func parse(_ source: Source) -> (nodes: [Node], errors: [TemplateError]) {
        let (tokens, scanErrors) = Scanner.scan(source)
        let lines = StandaloneFilter.lines(of: tokens, in: source)
        var parser = Parser(source: source, errors: scanErrors)
        parser.blockMargins = Self.sharedMargins(of: lines)
        parser.build(lines)
        return (parser.frames[0].nodes, parser.errors)
    }
}

extension Parser {
    /// A tag whose closing tag has not been read yet, with the nodes collected inside it.
    private struct Frame {
        let tag: Tag?
        var nodes: [Node] = []
        var arguments: [String: Block] = [:]
        var name: Name?
        var target: Inclusion.Target?
        var margin: String?
        var blockIndentation: String?
        var dedents = false
        /// Set beyond the nesting limit: the template is in error, so the node is dropped instead of
        /// building a tree deep enough to strain the stack.
        var isDiscarded = false
    }

    /// For each standalone block, the margin shared by the lines between its tags.
    private static func sharedMargins(of lines: [Line]) -> [Int: String] {
        var open: [(tag: Tag, line: Int, ordinal: Int, standalone: Bool)] = []
        var margins: [Int: String] = [:]
        var ordinal = 0
        for (index, line) in lines.enumerated() {
            for case .tag(let tag, let placement) in line.pieces {
                if tag.kind.opensSection {
                    open.append((tag, index, ordinal, placement.margin != nil))
                } else if tag.kind == .close, let top = open.last, top.tag.content == tag.content {
                    open.removeLast()
                    if top.tag.kind == .block, top.standalone {
                        // The closing line is content unless the closing tag stood alone.
                        let end = placement.margin == nil ? index + 1 : index
                        margins[top.ordinal] = sharedMargin(of: lines[min(top.line + 1, end)..<end])
                    }
                }
                ordinal += 1
            }
        }
        return margins
    }

    /// The longest margin that every line with content in `lines` starts with.
    private static func sharedMargin(of lines: ArraySlice<Line>) -> String {
        let margins = lines.compactMap(\.margin)
        guard var shared = margins.first else { return "" }
        for margin in margins.dropFirst() {
            let length = commonPrefixLength(shared, margin)
            shared = String(decoding: shared.utf8.prefix(length), as: UTF8.self)
        }
        return shared
    }

    /// How many leading UTF-8 bytes `text` and `prefix` share.
    private static func commonPrefixLength(_ text: String, _ prefix: String) -> Int {
        var count = 0
        for (left, right) in zip(text.utf8, prefix.utf8) {
            guard left == right else { break }
            count += 1
        }
        return count
    }

    /// `text` without as much of `prefix` as it starts with (margins are ASCII spaces and tabs).
    private static func dropping(_ prefix: String, from text: String) -> String {
        let count = commonPrefixLength(text, prefix)
        guard count > 0 else { return text }
        return String(text[text.utf8.index(text.startIndex, offsetBy: count)...])
    }

    private mutating func build(_ lines: [Line]) {
        var ordinal = 0
        for line in lines {
            for piece in line.pieces {
                switch piece {
                case .lineStart:
                    append(.lineStart)
                    pendingDedent = dedents.last
                case .text(let text):
                    appendText(pendingDedent.map { Self.dropping($0, from: text) } ?? text)
                    pendingDedent = nil
                case .tag(let tag, let placement):
                    pendingDedent = nil
                    handle(tag, placement, ordinal: ordinal)
                    ordinal += 1
                }
            }
        }
        while let frame = frames.last, let tag = frame.tag {
            let reason = TemplateError.Reason.unclosedSection(
                kind: kindName(tag.kind), name: tag.content)
            errors.append(source.error(reason, at: tag.start))
            closeInnermost()
        }
    }

    private mutating func handle(_ tag: Tag, _ placement: Placement, ordinal: Int) {
        switch tag.kind {
        case .comment, .delimiters:
            break
        case .variable, .unescaped:
            if let name = dottedName(tag.content, of: tag) {
                append(.variable(name, escaped: tag.kind == .variable))
            }
        case .partial:
            if let target = target(of: tag) {
                let indentation = relative(placement.margin)
                let location = source.location(of: tag.start)
                append(
                    .partial(
                        Inclusion(target: target, indentation: indentation, location: location)))
            }
        case .section, .inverted, .block, .parent:
            open(tag, placement, ordinal: ordinal)
        case .close:
            close(tag)
        }
    }

    private mutating func open(_ tag: Tag, _ placement: Placement, ordinal: Int) {
        var frame = Frame(tag: tag)
        if frames.count > Self.nestingLimit {
            frame.isDiscarded = true
            if !reportedNesting {
                reportedNesting = true
                errors.append(
                    source.error(.sectionsNestTooDeeply(limit: Self.nestingLimit), at: tag.start))
            }
        }
        frame.margin = relative(placement.margin)
        switch tag.kind {
        case .section, .inverted:
            frame.name = dottedName(tag.content, of: tag)
        case .parent:
            frame.target = target(of: tag)
        default:
            _ = isValidName(tag.content, of: tag)
            if let margin = frame.margin {
                let shared = blockMargins[ordinal] ?? ""
                let intrinsic = Self.dropping(dedents.last ?? "", from: shared)
                frame.blockIndentation = intrinsic.isEmpty ? margin : intrinsic
                frame.dedents = true
                dedents.append(shared)
            }
        }
        frames.append(frame)
    }

    private mutating func close(_ tag: Tag) {
        guard let index = frames.lastIndex(where: { $0.tag?.content == tag.content }) else {
            let reason = TemplateError.Reason.unexpectedClosingTag(
                name: tag.content, expected: frames.last?.tag?.content)
            errors.append(source.error(reason, at: tag.start))
            return
        }
        if index != frames.count - 1 {
            let reason = TemplateError.Reason.unexpectedClosingTag(
                name: tag.content, expected: frames.last?.tag?.content)
            errors.append(source.error(reason, at: tag.start))
        }
        while frames.count > index {
            closeInnermost()
        }
    }

    /// Pops the innermost open frame and hands its node to the frame around it.
    private mutating func closeInnermost() {
        let frame = frames.removeLast()
        if frame.dedents {
            dedents.removeLast()
        }
        guard let tag = frame.tag, !frame.isDiscarded else { return }
        var location: Location { source.location(of: tag.start) }
        switch tag.kind {
        case .section, .inverted:
            if let name = frame.name {
                append(.section(name, frame.nodes, inverted: tag.kind == .inverted))
            }
        case .parent:
            if let target = frame.target {
                let inclusion = Inclusion(
                    target: target, indentation: frame.margin, location: location)
                append(.parent(inclusion, arguments: frame.arguments))
            }
        default:
            let block = Block(
                nodes: frame.nodes,
                indentation: frame.blockIndentation,
                startsMidLine: frame.blockIndentation == nil && Self.startsMidLine(frame.nodes),
                location: location
            )
            append(.block(tag.content, block))
        }
    }

    private static func startsMidLine(_ nodes: [Node]) -> Bool {
        switch nodes.first {
        case nil, .lineStart?: return false
        case .text(let text)?: return text.first?.isNewline != true
        default: return true
        }
    }

    /// Adds `node` to the innermost frame; inside a parent only blocks count, as its arguments.
    private mutating func append(_ node: Node) {
        let last = frames.count - 1
        guard frames[last].tag?.kind == .parent else {
            frames[last].nodes.append(node)
            return
        }
        if case .block(let name, let block) = node, frames[last].arguments[name] == nil {
            frames[last].arguments[name] = block
        }
    }

    private mutating func appendText(_ text: String) {
        let last = frames.count - 1
        guard !text.isEmpty, frames[last].tag?.kind != .parent else { return }
        if case .text(let previous)? = frames[last].nodes.last {
            frames[last].nodes[frames[last].nodes.count - 1] = .text(previous + text)
        } else {
            frames[last].nodes.append(.text(text))
        }
    }

    /// A standalone tag's margin without the margin the enclosing standalone block removes.
    private func relative(_ margin: String?) -> String? {
        margin.map { Self.dropping(dedents.last ?? "", from: $0) }
    }

    private func kindName(_ kind: TagKind) -> String {
        switch kind {
        case .inverted: return "inverted section"
        case .block: return "block"
        case .parent: return "parent"
        default: return "section"
        }
    }

    // MARK: - Names

    private mutating func isValidName(_ content: String, of tag: Tag) -> Bool {
        if content.isEmpty {
            errors.append(
                source.error(.missingName(tag: source.text(tag.start..<tag.end)), at: tag.start))
            return false
        }
        if content.contains(where: { $0.isWhitespace }) {
            errors.append(source.error(.invalidName(content), at: tag.start))
            return false
        }
        return true
    }

    private mutating func dottedName(_ content: String, of tag: Tag) -> Name? {
        guard isValidName(content, of: tag) else { return nil }
        if content == "." {
            return Name(components: [], location: source.location(of: tag.start))
        }
        let parts = content.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.contains(where: \.isEmpty) else {
            errors.append(source.error(.invalidName(content), at: tag.start))
            return nil
        }
        return Name(components: parts.map(String.init), location: source.location(of: tag.start))
    }

    private mutating func target(of tag: Tag) -> Inclusion.Target? {
        guard tag.content.hasPrefix("*") else {
            return isValidName(tag.content, of: tag) ? .named(tag.content) : nil
        }
        let name = String(tag.content.dropFirst().drop { $0.isWhitespace })
        return dottedName(name, of: tag).map { .dynamic($0) }
    }
}
