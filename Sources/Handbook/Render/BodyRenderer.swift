import Foundation
import Markdown

/// Renders page bodies and inline snippets as HTML for the site: header scopes on tables, a caption
/// from a `Table: …` paragraph just before a table, tables in a keyboard-scrollable region, and
/// code blocks labelled with their language and platform. A body is rendered once, as a template
/// (`BodyHTML`) that each output fills.
struct BodyRenderer: Sendable {
    private let renderer: HTMLRenderer

    /// Display names and platforms of the code fence tags authors use.
    static let codeLanguages: [String: (name: String, platform: String?)] = [
        "kotlin": ("Kotlin", "Android"), "java": ("Java", "Android"), "xml": ("XML", "Android"),
        "swift": ("Swift", "iOS"), "objc": ("Objective-C", "iOS"), "objective-c": ("Objective-C", "iOS"),
        "text": ("Text", nil), "json": ("JSON", nil), "yaml": ("YAML", nil), "sh": ("Shell", nil),
        "shell": ("Shell", nil), "bash": ("Shell", nil), "html": ("HTML", nil), "css": ("CSS", nil),
        "javascript": ("JavaScript", nil), "js": ("JavaScript", nil), "markdown": ("Markdown", nil),
        "gradle": ("Gradle", "Android"),
    ]

    /// The words a body's generated labels use, in the page's language.
    struct Labels: Equatable, Sendable {
        /// Names an uncaptioned table's region ("Table", "表格").
        var table = "Table"
        /// Marks a code block of our own making (`sketch`).
        var sketch = "Sketch — not the templates' code"
        /// Credits a code block to the guide section that prints it; `{section}` is its number.
        var fromGuide = "From the guide, section {section}"

        /// The labels of a language's UI strings.
        init(_ strings: UIStrings) {
            table = strings.text("table_label")
            sketch = strings.text("code_sketch")
            fromGuide = strings.text("code_from_guide", ["section": "{section}"])
        }

        init() {}
    }

    let labels: Labels
    var tableWord: String { labels.table }

    init(labels: Labels = Labels()) {
        self.labels = labels
        var options = HTMLRenderer.Options()
        options.tableHeaderScope = true
        options.alignmentClasses = true
        options.codeBlock = { info, literal in BodyRenderer.codeBlock(info: info, literal: literal, labels: labels) }
        renderer = HTMLRenderer(options: options)
    }

    /// A bound body, rendered once for every output that shows it.
    func template(_ body: MarkdownNode) -> BodyHTML {
        var body = body
        Self.attachCaptions(&body)
        Self.joinChineseLines(&body)
        let template = renderer.renderTemplate(body)
        return BodyHTML(template: template, tableLabels: tableLabels(template))
    }

    /// One line of bound inline Markdown (a program-details item) without a paragraph, rendered
    /// once for every output that shows it.
    func inlineTemplate(_ document: MarkdownNode) -> BodyHTML {
        guard document.children.count == 1, let paragraph = document.children.first, paragraph.kind == .paragraph
        else { return BodyHTML(template: renderer.renderTemplate(document), tableLabels: nil) }
        return BodyHTML(template: renderer.renderChildrenTemplate(of: paragraph), tableLabels: nil)
    }

    /// One line of inline Markdown whose links are already addresses (a note's text) as HTML without a paragraph.
    func renderInline(_ document: MarkdownNode) -> String {
        guard document.children.count == 1, let paragraph = document.children.first, paragraph.kind == .paragraph
        else { return renderer.render(document) }
        return renderer.renderChildren(of: paragraph)
    }

    /// A paragraph that starts with `Table:` right before a table becomes that table's caption.
    static func attachCaptions(_ node: inout MarkdownNode) {
        if let changed = captioned(node) { node = changed }
    }

    /// A line break inside a paragraph shows as a space; between two Chinese characters that space
    /// is wrong (Chinese has no spaces between words), so such soft breaks are dropped.
    static func joinChineseLines(_ node: inout MarkdownNode) {
        if let changed = joined(node) { node = changed }
    }

    // Both rewrites return nil where nothing changes, so a body without captions or Chinese line
    // breaks (most of them) is never copied: a body is shared with the page it belongs to.

    private static func captioned(_ node: MarkdownNode) -> MarkdownNode? {
        var children: [MarkdownNode]?
        var index = 0
        while index < (children ?? node.children).count {
            let current = children ?? node.children
            if index + 1 < current.count, case .table = current[index + 1].kind, current[index].kind == .paragraph,
                case .text(let first)? = current[index].children.first?.kind, first.hasPrefix("Table: ")
            {
                var list = current
                var caption = list[index]
                caption.kind = .tableCaption
                caption.children[0].kind = .text(String(first.dropFirst("Table: ".count)))
                list[index + 1].children.insert(caption, at: 0)
                list.remove(at: index)
                children = list
                continue
            }
            if let changed = captioned(current[index]) {
                var list = current
                list[index] = changed
                children = list
            }
            index += 1
        }
        guard let children else { return nil }
        var out = node
        out.children = children
        return out
    }

    private static func joined(_ node: MarkdownNode) -> MarkdownNode? {
        var children: [MarkdownNode]?
        var index = 1
        while index + 1 < (children ?? node.children).count {
            let current = children ?? node.children
            if current[index].kind == .softBreak,
                let before = lastCharacter(of: current[index - 1]), let after = firstCharacter(of: current[index + 1]),
                ContentLinter.isWide(before), ContentLinter.isWide(after)
            {
                var list = current
                list.remove(at: index)
                children = list
                continue
            }
            index += 1
        }
        for child in (children ?? node.children).indices {
            if let changed = joined((children ?? node.children)[child]) {
                if children == nil { children = node.children }
                children![child] = changed
            }
        }
        guard let children else { return nil }
        var out = node
        out.children = children
        return out
    }

    private static func lastCharacter(of node: MarkdownNode) -> Unicode.Scalar? {
        if case .text(let text) = node.kind { return text.unicodeScalars.last }
        return node.children.last.flatMap(lastCharacter)
    }

    private static func firstCharacter(of node: MarkdownNode) -> Unicode.Scalar? {
        if case .text(let text) = node.kind { return text.unicodeScalars.first }
        return node.children.first.flatMap(firstCharacter)
    }

    /// A code block captioned with its language, platform and provenance: where the
    /// guide prints the code, or that it is a sketch of ours (`CodeProvenance`).
    static func codeBlock(info: String, literal: String, labels: Labels = Labels()) -> String {
        let tag = info.split(separator: " ").first.map { $0.lowercased() } ?? ""
        let known = codeLanguages[tag]
        var label = known?.name ?? (tag.isEmpty ? "Code" : tag)
        if let platform = known?.platform { label += " · \(platform)" }
        var provenance = ""
        var name = label.replacingOccurrences(of: " · ", with: ", ")
        switch CodeProvenance(info: info) {
        case .guide(let section)?:
            let text = labels.fromGuide.replacingOccurrences(of: "{section}", with: section)
            provenance = " · <span class=\"code-source\">\(HTMLEscaping.escape(text))</span>"
            name += ", " + text
        case .sketch?:
            provenance = " · <span class=\"code-sketch\">\(HTMLEscaping.escape(labels.sketch))</span>"
            name += ", " + labels.sketch
        case nil:
            break
        }
        let languageClass = tag.isEmpty ? "" : " class=\"language-\(HTMLEscaping.escape(tag))\""
        // The scrolling block is a tab stop (code scrolls sideways on a phone); named by its caption,
        // a screen reader says what it is before reading the code.
        // Not a <figure>: screen readers announce an unnamed "figure" on the way in.
        return "<div class=\"code\"><p class=\"code-caption\">\(HTMLEscaping.escape(label))\(provenance)</p>"
            + "<pre tabindex=\"0\" role=\"group\" aria-label=\"\(HTMLEscaping.escape(name))\"><code\(languageClass)>\(HTMLEscaping.escape(literal))</code></pre></div>\n"
    }

    /// The name of each table's scrolling region (tables scroll sideways, and from the keyboard, on
    /// narrow screens instead of the whole page): its caption, or else its column headers, which say
    /// what it holds; a name used before gets a number.
    private func tableLabels(_ template: HTMLTemplate) -> [String] {
        var labels: [String] = []
        var used: [String: Int] = [:]
        for case .tableStart(let head) in template.holes {
            let table = Self.find("<table>", in: head[...]).map { head[$0.upperBound...] } ?? head[...]
            var label: String
            if table.hasPrefix("\n<caption>"), let end = Self.find("</caption>", in: table) {
                label = Self.stripTags(table[table.utf8.index(table.startIndex, offsetBy: 10)..<end.lowerBound])
            } else {
                let header = Self.find("</thead>", in: table).map { table[..<$0.lowerBound] } ?? ""
                var cells: [String] = []
                var cursor = header
                while let cell = Self.find("<th", in: cursor) {
                    cursor = cursor[cell.upperBound...]
                    // `<th>` or `<th scope…>`, not `<thead>`.
                    guard cursor.first == ">" || cursor.first == " " else { continue }
                    let end = Self.find("</th>", in: cursor)?.lowerBound ?? cursor.endIndex
                    cells.append(Self.stripTags(cursor[..<end].drop { $0 != ">" }.dropFirst()))
                    cursor = cursor[end...]
                }
                label = "\(tableWord): " + cells.joined(separator: ", ")
            }
            used[label, default: 0] += 1
            if let count = used[label], count > 1 { label += " (\(count))" }
            labels.append(label)
        }
        return labels
    }

    /// The first place `needle` (ASCII) occurs in `text`, found with the C library's `memchr` and
    /// `memcmp` on the bytes rather than through Foundation.
    static func find(_ needle: StaticString, in text: Substring) -> Range<String.Index>? {
        var text = text
        let length = needle.utf8CodeUnitCount
        let offset = text.withUTF8 { haystack -> Int? in
            guard let base = haystack.baseAddress else { return nil }
            var position = 0
            while haystack.count - position >= length {
                guard let hit = memchr(base + position, Int32(needle.utf8Start.pointee), haystack.count - position - length + 1)
                else { return nil }
                let candidate = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + candidate, needle.utf8Start, length) == 0 { return candidate }
                position = candidate + 1
            }
            return nil
        }
        guard let offset else { return nil }
        let start = text.utf8.index(text.startIndex, offsetBy: offset)
        return start..<text.utf8.index(start, offsetBy: length)
    }

    /// The text of some HTML with its tags removed, ready for an attribute value.
    private static func stripTags(_ html: Substring) -> String {
        var out = ""
        var inTag = false
        for scalar in html.unicodeScalars {
            if scalar == "<" {
                inTag = true
            } else if scalar == ">" {
                inTag = false
            } else if !inTag {
                if scalar == "\"" { out += "&quot;" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
