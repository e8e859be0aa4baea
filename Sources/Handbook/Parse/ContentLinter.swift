import Markdown

/// The content accessibility linter: problems a reader would meet that the author can fix in the
/// Markdown. Errors: an image without alt text, a link without text, a skipped heading level, a
/// table without header cells, raw HTML (dropped by the safe renderer), a script URL. Warning: link
/// text that says nothing out of context ("click here", "more"), and a table without a `Table: …`
/// caption line before it. It lints page bodies and the Markdown values of the front matter alike.
struct ContentLinter {
    let diagnostics: DiagnosticEngine
    let lineMap: any SourcePositionMapping
    /// Whether every code block must declare its provenance (`CodeProvenance`): in practices and
    /// sections, which describe the templates.
    var requiresCodeProvenance = false

    /// Link texts that mean nothing when a screen reader lists the page's links.
    static let vagueLinkTexts: Set<String> = [
        "click here", "here", "more", "read more", "this", "link", "this link", "click", "learn more", "details",
        "這裡", "这里", "按此", "点击这里", "更多",
    ]

    func lint(_ body: MarkdownNode) {
        checkCaptions(body)
        checkCriterionNumbers(body)
        var previousLevel = 1
        body.forEach { node in
            let location = lineMap.location(node.start)
            switch node.kind {
            case .heading(let level):
                if level == 1 {
                    diagnostics.error(
                        .headingLevel, "a level-1 heading in the body; the page title is already the h1",
                        at: location, notes: [Diagnostic.Note("start the body's headings at \"##\"")])
                } else if level > previousLevel + 1 {
                    diagnostics.error(
                        .headingLevel, "heading level \(level) follows level \(previousLevel), skipping a level",
                        at: location,
                        notes: [Diagnostic.Note("use \"\(String(repeating: "#", count: previousLevel + 1))\" here")])
                }
                previousLevel = level
            case .image(let url, _):
                let alt = node.children.map(\.plainText).joined()
                if alt.trimmingCharacters(in: .whitespaces).isEmpty {
                    diagnostics.error(
                        .imageAlt, "image \"\(url)\" has no alt text", at: location,
                        notes: [Diagnostic.Note("describe the image between the brackets: ![what it shows](\(url))")])
                }
                checkURL(url, at: location)
            case .link(let url, _):
                checkLink(node, url: url, at: location)
            case .table:
                let header = node.children.first { if case .tableRow(true) = $0.kind { return true } else { return false } }
                let labels = header?.children.map { $0.plainText.trimmingCharacters(in: .whitespaces) } ?? []
                if labels.isEmpty || labels.contains(where: \.isEmpty) {
                    diagnostics.error(
                        .tableHeader, "table without a header cell for every column", at: location,
                        notes: [Diagnostic.Note("give the first row a label for every column")])
                }
            case .codeBlock(let info, _) where requiresCodeProvenance:
                checkProvenance(info, at: location)
            case .htmlBlock, .htmlInline:
                diagnostics.error(
                    .rawHtml, "raw HTML is not allowed in content and would be dropped", at: location,
                    notes: [Diagnostic.Note("write it in Markdown instead")])
            default:
                break
            }
        }
    }

    /// A table's caption is the paragraph `Table: …` right before it; screen readers announce it
    /// when they enter the table.
    private func checkCaptions(_ node: MarkdownNode) {
        for (index, child) in node.children.enumerated() {
            if case .table = child.kind {
                let previous = index > 0 ? node.children[index - 1] : nil
                let captioned: Bool
                if let previous, previous.kind == .paragraph, case .text(let text)? = previous.children.first?.kind {
                    captioned = text.hasPrefix("Table: ")
                } else {
                    captioned = false
                }
                if !captioned {
                    diagnostics.warning(
                        .tableCaption, "table without a caption", at: lineMap.location(child.start),
                        notes: [Diagnostic.Note("write a line \"Table: what the table shows\" and a blank line before it")])
                }
            }
            checkCaptions(child)
        }
    }

    /// A WCAG criterion's number in running text (`1.4.3`, outside a `wcag:` link) usually comes
    /// with a name typed by hand, and hand-typed names drift from `content/wcag.yaml` and from each
    /// other; a `wcag:` link takes its number and name from there in the page's language.
    private func checkCriterionNumbers(_ node: MarkdownNode) {
        if case .link(let url, _) = node.kind, url.hasPrefix("wcag:") { return }
        if case .text(let text) = node.kind {
            for (number, offset) in WCAGMappingChecker.criterionNumbers(in: text) {
                diagnostics.warning(
                    .wcagName, "WCAG criterion \(number) written by hand",
                    at: lineMap.location(SourcePosition(line: node.start.line, column: node.start.column + offset)),
                    notes: [Diagnostic.Note("write [](wcag:\(number)) (its number and name from content/wcag.yaml) or [\(number)](wcag:\(number)) (the number alone), and drop the typed name")])
            }
        }
        for child in node.children { checkCriterionNumbers(child) }
    }

    private func checkProvenance(_ info: String, at location: SourceLocation) {
        guard CodeProvenance(info: info) == nil else { return }
        let language = info.split(separator: " ").first.map(String.init) ?? ""
        let fence = language.isEmpty ? "```text" : "```" + language
        let message: String
        if let word = CodeProvenance.word(in: info) {
            message = "code block provenance \"\(word)\" is neither guide:SECTION nor sketch"
        } else if language.isEmpty {
            message = "code block without a fence language and provenance"
        } else {
            message = "code block does not say where its code comes from"
        }
        diagnostics.error(
            .codeProvenance, message, at: location,
            notes: [Diagnostic.Note(
                "write \"\(fence) guide:14.3.2\" when the guide prints this code in that section, or \"\(fence) sketch\" for an illustration of ours")])
    }

    private func checkLink(_ node: MarkdownNode, url: String, at location: SourceLocation) {
        checkURL(url, at: location)
        let text = node.plainText.trimmingCharacters(in: .whitespaces)
        // A note link takes the note's title, a wcag: link the criterion's name, as bp: and sec: links take the target's.
        let isCrossReference = url.hasPrefix("bp:") || url.hasPrefix("sec:") || url.hasPrefix("note:") || url.hasPrefix("wcag:")
        let hasImageText = node.children.contains { if case .image = $0.kind { return !$0.plainText.isEmpty } else { return false } }
        if text.isEmpty && !isCrossReference && !hasImageText {
            diagnostics.error(
                .emptyLink, "link to \"\(url)\" has no text", at: location,
                notes: [Diagnostic.Note("write what the link leads to between the brackets")])
        } else if ContentLinter.vagueLinkTexts.contains(text.lowercased()) {
            diagnostics.warning(
                .linkText, "link text \"\(text)\" does not say where the link leads", at: location,
                notes: [Diagnostic.Note("name the destination, for example the page's title")])
        }
    }

    private func checkURL(_ url: String, at location: SourceLocation) {
        let lower = url.lowercased().trimmingCharacters(in: .whitespaces)
        for scheme in ["javascript:", "vbscript:", "data:", "file:"] where lower.hasPrefix(scheme) {
            diagnostics.error(.unsafeUrl, "\(scheme) URLs are not allowed", at: location)
        }
    }
}
