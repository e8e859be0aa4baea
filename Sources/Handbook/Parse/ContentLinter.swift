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
    /// Whether English sentences about the templates must cite the guide or read as advice.
    var checksTemplateClaims = false
    /// Whether links sit in Chinese text, with no space between them and the Han text beside them.
    var checksHanLinkSpacing = false

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
            case .paragraph:
                if checksTemplateClaims { checkTemplateClaims(node) }
                if checksHanLinkSpacing { checkHanLinkSpacing(node) }
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
            for (number, offset) in WCAGMappingChecker.criterionNumbers(in: text) where !Self.isVersion(at: offset, in: text) {
                diagnostics.warning(
                    .wcagName, "WCAG criterion \(number) written by hand",
                    at: lineMap.location(SourcePosition(line: node.start.line, column: node.start.column + offset)),
                    notes: [Diagnostic.Note("write [](wcag:\(number)) (its number and name from content/wcag.yaml) or [\(number)](wcag:\(number)) (the number alone), and drop the typed name")])
            }
        }
        for child in node.children { checkCriterionNumbers(child) }
    }

    /// Words that make a sentence about the templates advice or report rather than a statement of fact.
    static let adviceWords: Set<String> = [
        "should", "could", "can", "may", "might", "would", "must", "need", "needs", "ought", "recommend", "recommends",
        "suggest", "suggests",
    ]

    /// A sentence that says what the templates do, in the present, is a claim about code readers
    /// cannot see: it cites the guide section that says so (a `sec:` or `note:` link in the
    /// sentence), or it is advice ("should", "can", "the guide recommends").
    private func checkTemplateClaims(_ paragraph: MarkdownNode) {
        var words: [String] = []
        var cited = false
        var start: SourcePosition?
        func finish() {
            defer { words = []; cited = false; start = nil }
            guard !cited, let start, Self.namesTemplates(words), !words.contains(where: Self.adviceWords.contains) else { return }
            diagnostics.warning(
                .templateClaim, "a statement about the templates cites no section of the guide", at: lineMap.location(start),
                notes: [Diagnostic.Note("link the guide's section in the sentence ([](sec:NUMBER)), or write it as advice (\"should\", \"the guide recommends\") where the guide only recommends it")])
        }
        func visit(_ node: MarkdownNode) {
            switch node.kind {
            case .text(let text):
                let bytes = Array(text.utf8)
                var word: [UInt8] = []
                for (offset, byte) in bytes.enumerated() {
                    if start == nil { start = SourcePosition(line: node.start.line, column: node.start.column + offset) }
                    let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x27
                    if isLetter {
                        word.append(byte | 0x20)
                        continue
                    }
                    if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)); word = [] }
                    // ". " ends a sentence, except after a digit ("1.") or an abbreviation ("e.g.").
                    if byte == 0x2E || byte == 0x3F || byte == 0x21, offset + 1 == bytes.count || bytes[offset + 1] == 0x20 {
                        let previous = offset > 0 ? bytes[offset - 1] : 0
                        let last = words.last ?? ""
                        if previous >= 0x30 && previous <= 0x39 || ["e.g", "i.e", "etc", "g", "e", "vs"].contains(last) { continue }
                        finish()
                    }
                }
                if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
            case .code:
                words.append("code")
            case .link(let url, _):
                if url.hasPrefix("sec:") || url.hasPrefix("note:") { cited = true }
                node.children.forEach(visit)
            default:
                node.children.forEach(visit)
            }
        }
        paragraph.children.forEach(visit)
        finish()
    }

    /// "the templates", "both templates", "the Android template's", "the iOS templates".
    static func namesTemplates(_ words: [String]) -> Bool {
        for (index, word) in words.enumerated() where word.hasPrefix("template") && index > 0 {
            guard ["template", "templates", "template's", "templates'"].contains(word) else { continue }
            let before = words[index - 1]
            if ["the", "both", "android", "ios", "two"].contains(before) { return true }
        }
        return false
    }

    /// In Chinese text a link sits right against the Han characters or full-width punctuation
    /// beside it, as any other words would: one rule, so the pages do not space links one way
    /// here and another there.
    private func checkHanLinkSpacing(_ paragraph: MarkdownNode) {
        let children = paragraph.children
        for (index, child) in children.enumerated() {
            guard case .link = child.kind else { continue }
            if index > 0, case .text(let before) = children[index - 1].kind {
                let scalars = Array(before.unicodeScalars)
                if scalars.count >= 2, scalars[scalars.count - 1] == " ", Self.isWide(scalars[scalars.count - 2]) {
                    reportLinkSpace(at: child.start)
                }
            }
            if index + 1 < children.count, case .text(let after) = children[index + 1].kind {
                let scalars = Array(after.unicodeScalars.prefix(2))
                if scalars.count == 2, scalars[0] == " ", Self.isWide(scalars[1]) {
                    reportLinkSpace(at: children[index + 1].start)
                }
            }
        }
    }

    private func reportLinkSpace(at position: SourcePosition) {
        diagnostics.warning(
            .linkSpacing, "a space between a link and the Chinese text beside it", at: lineMap.location(position),
            notes: [Diagnostic.Note("remove the space: in Chinese text a link sits right against the characters beside it")])
    }

    /// Han ideographs and CJK or full-width punctuation.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// Words after which a dotted number is a version ("Android Studio 2.3.3"), not a criterion.
    static let versionWords: Set<String> = ["studio", "version", "versions", "xcode", "ios", "android", "api", "sdk", "swift", "kotlin", "gradle", "java", "版本"]

    static func isVersion(at offset: Int, in text: String) -> Bool {
        let before = String(decoding: text.utf8.prefix(offset), as: UTF8.self)
        let words = before.split(whereSeparator: { $0 == " " || $0 == "\u{3000}" })
        guard let last = words.last else { return false }
        return versionWords.contains(last.lowercased()) || last.hasSuffix("版本")
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
        // A link that is neither a web address nor a cross-reference (`section:13.2`, `13.2.md`) gets the
        // resolver's error, which says what to write; its missing text is part of that one mistake.
        let lower = url.lowercased()
        let isWebAddress = ["http://", "https://", "mailto:", "tel:"].contains { lower.hasPrefix($0) }
        let isResolverMistake = !isCrossReference && !url.hasPrefix("page:") && !url.hasPrefix("#") && !isWebAddress
        if text.isEmpty && !isCrossReference && !hasImageText && !isResolverMistake {
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
