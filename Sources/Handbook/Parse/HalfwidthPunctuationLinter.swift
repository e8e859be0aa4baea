import Markdown

/// Warns about half-width punctuation in Chinese text (`HalfwidthPunctuation`), at the mark's own
/// line and code-point column: in a Chinese page's body and front matter, in a Chinese
/// `strings.yaml`, and in the Chinese translations of `glossary.yaml`. English text is not checked:
/// an English page may quote a Chinese name followed by an English comma.
struct HalfwidthPunctuationLinter {
    let diagnostics: DiagnosticEngine

    /// Whether text in `language` sets its punctuation full-width.
    static func applies(to language: LanguageCode) -> Bool {
        language.primaryLanguage == "zh"
    }

    /// Lints the prose lines of a Markdown body that starts on file line `firstLine`; code and HTML
    /// blocks of `body` are skipped.
    func lint(body text: String, parsed body: MarkdownNode, firstLine: Int, path: String) {
        var skipped = Set<Int>()
        body.forEach { node in
            switch node.kind {
            case .codeBlock, .htmlBlock:
                if node.start.line > 0 { skipped.formUnion(node.start.line...max(node.start.line, node.end.line)) }
            default:
                break
            }
        }
        // Lines are found and tried as bytes: the marks are ASCII, and most lines have none.
        let bytes = text.utf8
        var start = bytes.startIndex
        var offset = 0
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            if !skipped.contains(offset + 1), bytes[start..<end].contains(where: HalfwidthPunctuation.isMarkByte) {
                let scalars = Array(Substring(bytes[start..<end]).unicodeScalars)
                report(HalfwidthPunctuation.findings(in: scalars, masked: HalfwidthPunctuation.markdownLineMask(scalars))) {
                    SourceLocation(path: path, line: firstLine + offset, column: $0 + 1)
                }
            }
            guard end < bytes.endIndex else { break }
            start = bytes.index(after: end)
            offset += 1
        }
    }

    /// Lints every scalar value (not the keys) of a YAML tree read from `file`, whose line 1 is file
    /// line `lineOffset + 1`.
    func lint(yaml node: YAMLNode, in file: SourceFile, lineOffset: Int = 0) {
        switch node.value {
        case .scalar(let text, let plain):
            lint(scalar: text, plain: plain, in: file, line: node.line + lineOffset, column: node.column)
        case .sequence(let items):
            for item in items { lint(yaml: item, in: file, lineOffset: lineOffset) }
        case .mapping(let pairs):
            for pair in pairs { lint(yaml: pair.value, in: file, lineOffset: lineOffset) }
        }
    }

    /// Lints one YAML scalar that starts at file `line`:`column`. A value written on one line is
    /// found in the file's line, so each mark gets its own column; a value folded over several lines
    /// is reported at its start.
    func lint(scalar text: String, plain: Bool, in file: SourceFile, line: Int, column: Int) {
        let scalars = Array(text.unicodeScalars)
        let dashes = Self.dashes(in: scalars)
        guard !dashes.isEmpty || scalars.contains(where: { HalfwidthPunctuation.replacements[$0] != nil }) else { return }
        let findings = HalfwidthPunctuation.findings(in: scalars, masked: HalfwidthPunctuation.plainTextMask(scalars))
        guard !findings.isEmpty || !dashes.isEmpty else { return }
        let start = column - 1 + (plain ? 0 : 1)
        let source = Self.line(line, of: file.text).map { Array($0.unicodeScalars) } ?? []
        let exact = start >= 0 && start + scalars.count <= source.count && Array(source[start..<start + scalars.count]) == scalars
        let location = { (offset: Int) in SourceLocation(path: file.path, line: line, column: exact ? start + offset + 1 : column) }
        report(findings, at: location)
        for offset in dashes {
            diagnostics.warning(
                .halfwidthPunctuation, "Latin \"\(scalars[offset])\" between Chinese words; use the Chinese dash \"——\"",
                at: location(offset))
        }
    }

    /// The offsets of `-` and `–` used as a dash beside Chinese text in a YAML value (a title:
    /// `取消按鈕 - Android`): a Han character on one side and a space or another Han character
    /// around it. `Wi-Fi` and `7.3–7.4` are left alone.
    static func dashes(in scalars: [Unicode.Scalar]) -> [Int] {
        var out: [Int] = []
        for (offset, scalar) in scalars.enumerated() where scalar == "-" || scalar == "\u{2013}" {
            var left = offset - 1
            while left >= 0, scalars[left] == " " { left -= 1 }
            var right = offset + 1
            while right < scalars.count, scalars[right] == " " { right += 1 }
            let hanLeft = left >= 0 && ContentLinter.isWide(scalars[left])
            let hanRight = right < scalars.count && ContentLinter.isWide(scalars[right])
            let spaced = left < offset - 1 || right > offset + 1
            if (hanLeft && hanRight) || ((hanLeft || hanRight) && spaced) { out.append(offset) }
        }
        return out
    }

    private func report(_ findings: [HalfwidthPunctuation.Finding], at location: (Int) -> SourceLocation) {
        for finding in findings {
            diagnostics.warning(
                .halfwidthPunctuation,
                "half-width \"\(finding.mark)\" in Chinese text; use the full-width \"\(finding.replacement)\"",
                at: location(finding.offset))
        }
    }

    /// Line `number` (1-based) of `text`.
    private static func line(_ number: Int, of text: String) -> Substring? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = text.startIndex
        while current < number {
            guard let newline = text[start...].firstIndex(of: "\n") else { return nil }
            start = text.index(after: newline)
            current += 1
        }
        let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
        return text[start..<end]
    }
}
