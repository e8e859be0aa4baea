/// Writes a `MarkdownNode` tree as HTML.
///
/// Default options reproduce cmark-gfm's HTML renderer exactly (checked against the spec suites);
/// the site turns on header scopes, alignment classes and its own code-block markup.
public struct HTMLRenderer: Sendable {
    /// Choices that differ between cmark-compatible output and the handbook's pages.
    public struct Options: Sendable {
        /// Pass raw HTML through (cmark's `--unsafe`); the handbook never does.
        public var allowRawHTML = false
        /// Neutralise `<script>`, `<iframe>` and the other tags GFM's tagfilter names, in raw HTML.
        public var tagFilter = true
        /// Put `scope="col"` on header cells, so screen readers announce column headers.
        public var tableHeaderScope = false
        /// Write column alignment as `class="align-…"` instead of the obsolete `align` attribute.
        public var alignmentClasses = false
        /// Renders a fenced code block in place of cmark's `<pre><code>`, given its info string and text.
        public var codeBlock: (@Sendable (_ info: String, _ literal: String) -> String)?

        /// Creates cmark-compatible options.
        public init() {}
    }

    /// The options in force.
    public var options: Options

    /// Creates a renderer.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Renders a document or any node as HTML.
    public func render(_ node: MarkdownNode) -> String {
        var state = State()
        state.out.reserveCapacity(4096)
        write(node, parents: [], into: &state)
        return state.out
    }

    /// Renders only the children of `node` (for example the inline content of a heading).
    public func renderChildren(of node: MarkdownNode) -> String {
        var state = State()
        for child in node.children { write(child, parents: [node.kind], into: &state) }
        return state.out
    }

    /// Renders a document or any node once as a template whose links, images, headings and
    /// tables the page it is placed in fills (`HTMLTemplate`); raw HTML is never passed through.
    public func renderTemplate(_ node: MarkdownNode) -> HTMLTemplate {
        var state = State(template: HTMLTemplate(literals: [], holes: []))
        state.out.reserveCapacity(4096)
        write(node, parents: [], into: &state)
        return state.finished()
    }

    /// `renderTemplate` of only the children of `node`.
    public func renderChildrenTemplate(of node: MarkdownNode) -> HTMLTemplate {
        var state = State(template: HTMLTemplate(literals: [], holes: []))
        for child in node.children { write(child, parents: [node.kind], into: &state) }
        return state.finished()
    }

    fileprivate struct State {
        var out = ""
        var inTableHeader = false
        var needsTableBodyClose = false
        /// When rendering a template: the literals before each hole, and the holes.
        var template: HTMLTemplate?

        mutating func cr() {
            if let last = out.utf8.last {
                if last != UInt8(ascii: "\n") { out += "\n" }
            } else if template?.holes.isEmpty == false {
                // What was written last is a hole's, which never ends a line.
                out += "\n"
            }
        }

        /// Ends the current literal at a hole.
        mutating func hole(_ hole: HTMLTemplate.Hole) {
            template?.literals.append(out)
            template?.holes.append(hole)
            out = ""
        }

        mutating func finished() -> HTMLTemplate {
            var done = template ?? HTMLTemplate(literals: [], holes: [])
            done.literals.append(out)
            return done
        }
    }
}

private extension HTMLRenderer {
    func writeChildren(_ node: MarkdownNode, parents: [MarkdownNode.Kind], into state: inout State) {
        let inner = parents + [node.kind]
        for child in node.children { write(child, parents: inner, into: &state) }
    }

    func write(_ node: MarkdownNode, parents: [MarkdownNode.Kind], into state: inout State) {
        switch node.kind {
        case .document:
            writeChildren(node, parents: parents, into: &state)
        case .blockQuote:
            state.cr()
            state.out += "<blockquote>\n"
            writeChildren(node, parents: parents, into: &state)
            state.cr()
            state.out += "</blockquote>\n"
        case .list(let ordered, let start, _):
            state.cr()
            if !ordered {
                state.out += "<ul>\n"
            } else if start == 1 {
                state.out += "<ol>\n"
            } else {
                state.out += "<ol start=\"\(start)\">\n"
            }
            writeChildren(node, parents: parents, into: &state)
            state.out += ordered ? "</ol>\n" : "</ul>\n"
        case .item(let task):
            state.cr()
            state.out += "<li>"
            if let checked = task {
                state.out += checked ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
                    : "<input type=\"checkbox\" disabled=\"\" /> "
            }
            writeChildren(node, parents: parents, into: &state)
            state.out += "</li>\n"
        case .heading(let level) where state.template != nil:
            state.cr()
            state.hole(.headingStart(level: level, anchor: node.anchor))
            writeChildren(node, parents: parents, into: &state)
            state.hole(.headingEnd(level: level))
            state.out += "\n"
        case .heading(let level):
            state.cr()
            HTMLTemplate.appendHeadingStart(level: level, anchor: node.anchor, to: &state.out)
            writeChildren(node, parents: parents, into: &state)
            state.out += "</h\(level)>\n"
        case .codeBlock(let info, let literal):
            state.cr()
            if let custom = options.codeBlock {
                state.out += custom(info, literal)
                state.cr()
                return
            }
            let language = info.prefix { !$0.isWhitespace && $0 != "\u{0B}" && $0 != "\u{0C}" }
            if language.isEmpty && info.isEmpty {
                state.out += "<pre><code>"
            } else {
                state.out += "<pre><code class=\"language-"
                HTMLEscaping.appendEscaped(String(language), to: &state.out)
                state.out += "\">"
            }
            HTMLEscaping.appendEscaped(literal, to: &state.out)
            state.out += "</code></pre>\n"
        case .htmlBlock(let literal):
            state.cr()
            if options.allowRawHTML {
                state.out += options.tagFilter ? TagFilter.filter(literal) : literal
            } else {
                state.out += "<!-- raw HTML omitted -->"
            }
            state.cr()
        case .thematicBreak:
            state.cr()
            state.out += "<hr />\n"
        case .paragraph:
            var tight = false
            if parents.count >= 2, case .list(_, _, let isTight) = parents[parents.count - 2] {
                tight = isTight
            }
            if tight {
                writeChildren(node, parents: parents, into: &state)
            } else {
                state.cr()
                state.out += "<p>"
                writeChildren(node, parents: parents, into: &state)
                state.out += "</p>\n"
            }
        case .table:
            state.cr()
            if state.template != nil { state.hole(tableStart(node)) }
            state.out += "<table>"
            state.needsTableBodyClose = false
            writeChildren(node, parents: parents, into: &state)
            if state.needsTableBodyClose {
                state.cr()
                state.out += "</tbody>"
                state.cr()
            }
            state.needsTableBodyClose = false
            state.cr()
            state.out += "</table>"
            if state.template != nil { state.hole(.tableEnd) }
            state.cr()
        case .tableCaption:
            state.cr()
            state.out += "<caption>"
            writeChildren(node, parents: parents, into: &state)
            state.out += "</caption>"
        case .tableRow(let isHeader):
            state.cr()
            if isHeader {
                state.inTableHeader = true
                state.out += "<thead>"
                state.cr()
            } else if !state.needsTableBodyClose {
                state.out += "<tbody>"
                state.cr()
                state.needsTableBodyClose = true
            }
            state.out += "<tr>"
            let inner = parents + [node.kind]
            for (column, cell) in node.children.enumerated() {
                writeTableCell(cell, column: column, parents: inner, into: &state)
            }
            state.cr()
            state.out += "</tr>"
            if isHeader {
                state.cr()
                state.out += "</thead>"
                state.inTableHeader = false
            }
        case .tableCell:
            writeTableCell(node, column: 0, parents: parents, into: &state)
        case .text(let literal):
            HTMLEscaping.appendEscaped(literal, to: &state.out)
        case .softBreak:
            state.out += "\n"
        case .lineBreak:
            state.out += "<br />\n"
        case .code(let literal):
            state.out += "<code>"
            HTMLEscaping.appendEscaped(literal, to: &state.out)
            state.out += "</code>"
        case .htmlInline(let literal):
            if !options.allowRawHTML {
                state.out += "<!-- raw HTML omitted -->"
            } else {
                state.out += options.tagFilter ? TagFilter.filterInline(literal) : literal
            }
        case .emphasis:
            state.out += "<em>"
            writeChildren(node, parents: parents, into: &state)
            state.out += "</em>"
        case .strong:
            state.out += "<strong>"
            writeChildren(node, parents: parents, into: &state)
            state.out += "</strong>"
        case .strikethrough:
            state.out += "<del>"
            writeChildren(node, parents: parents, into: &state)
            state.out += "</del>"
        case .languageSpan(let lang):
            state.out += "<span lang=\""
            HTMLEscaping.appendEscaped(lang, to: &state.out)
            state.out += "\">"
            writeChildren(node, parents: parents, into: &state)
            state.out += "</span>"
        case .link(let url, let title) where state.template != nil:
            state.hole(.linkStart(url: url, title: title, attributes: node.attributes.map { (name: $0.0, value: $0.1) }))
            writeChildren(node, parents: parents, into: &state)
            state.hole(.linkEnd)
        case .image(let url, let title) where state.template != nil:
            state.hole(.image(url: url, alt: imageAlt(node), title: title, attributes: node.attributes.map { (name: $0.0, value: $0.1) }))
        case .link(let url, let title):
            HTMLTemplate.appendLinkStart(
                url: url, title: title, attributes: node.attributes.map { (name: $0.0, value: $0.1) }, anyURL: options.allowRawHTML,
                to: &state.out)
            writeChildren(node, parents: parents, into: &state)
            state.out += "</a>"
        case .image(let url, let title):
            HTMLTemplate.appendImage(
                url: url, alt: imageAlt(node), title: title, attributes: node.attributes.map { (name: $0.0, value: $0.1) },
                anyURL: options.allowRawHTML, to: &state.out)
        }
    }

    func writeTableCell(
        _ node: MarkdownNode, column: Int, parents: [MarkdownNode.Kind], into state: inout State
    ) {
        state.cr()
        let header = state.inTableHeader
        state.out += header ? "<th" : "<td"
        if header && options.tableHeaderScope { state.out += " scope=\"col\"" }
        var alignment = MarkdownNode.Alignment.none
        if parents.count >= 2, case .table(let alignments) = parents[parents.count - 2], column < alignments.count {
            alignment = alignments[column]
        }
        if alignment != .none {
            let name: String
            switch alignment {
            case .left: name = "left"
            case .center: name = "center"
            default: name = "right"
            }
            state.out += options.alignmentClasses ? " class=\"align-\(name)\"" : " align=\"\(name)\""
        }
        state.out += ">"
        writeChildren(node, parents: parents, into: &state)
        state.out += header ? "</th>" : "</td>"
    }

    /// The table with only its caption and header row, as the plain renderer writes it (links
    /// with their URLs as written), for `.tableStart`.
    func tableStart(_ table: MarkdownNode) -> HTMLTemplate.Hole {
        var head = table
        head.children = table.children.filter {
            switch $0.kind {
            case .tableCaption, .tableRow(isHeader: true): return true
            default: return false
            }
        }
        return .tableStart(head: render(head))
    }

    /// Alt text is the image description's plain text, with inline HTML kept as text (as cmark does).
    func imageAlt(_ node: MarkdownNode) -> String {
        var out = ""
        func visit(_ n: MarkdownNode) {
            switch n.kind {
            case .text(let s), .code(let s), .htmlInline(let s): out += s
            case .softBreak, .lineBreak: out += " "
            default: n.children.forEach(visit)
            }
        }
        node.children.forEach(visit)
        return out
    }
}
