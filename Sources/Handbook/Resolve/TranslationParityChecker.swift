import Markdown

/// Checks that a translation says what its English says about structure: the anchors that links
/// point at, the relations between pages, the cross-reference targets and the code.
///
/// - error `missing-anchor`: the anchor of an English heading (`who-it-helps`, made from its text or
///   given as `{#name}`) is not the anchor of any heading of the translation, so links into the
///   page would break in this language;
/// - error `translation-relation`: a relation or classification in the front matter (`sections`,
///   `practices`, `related`, `parent`, `principle`, `wcag`, `category`, `platform`, the related sections of
///   program details) differs from the English. Translations may leave these out (they inherit the
///   English); what they state must equal it;
/// - warning `translation-link`: a `bp:`, `sec:` or `page:` target of the English is missing from the
///   translation, or the translation links somewhere the English does not;
/// - warning `translation-code`: a code block differs from the English other than in its comments
///   (which are translated).
struct TranslationParityChecker {
    let diagnostics: DiagnosticEngine

    func check(_ translation: ParsedPage, source: ParsedPage) {
        checkAnchors(translation, source: source)
        checkRelations(translation, source: source)
        checkLinks(translation, source: source)
        checkCode(translation, source: source)
    }
}

private extension TranslationParityChecker {
    func checkAnchors(_ translation: ParsedPage, source: ParsedPage) {
        let own = Set(translation.headings.map(\.anchor))
        let parallel = translation.headings.count == source.headings.count
        for (index, heading) in source.headings.enumerated() where !own.contains(heading.anchor) {
            // With as many headings as the English, the one at the same place is the one that lost it.
            let location = parallel ? translation.headings[index].location : SourceLocation(path: translation.file.path, line: 1, column: 1)
            diagnostics.error(
                .missingAnchor, "the English heading \"\(heading.text)\" has the anchor #\(heading.anchor), which no heading of this translation has",
                at: location,
                notes: [
                    Diagnostic.Note("links to #\(heading.anchor) would break in this language", at: heading.location),
                    Diagnostic.Note("end the translated heading with {#\(heading.anchor)}"),
                ])
        }
    }

    func checkRelations(_ translation: ParsedPage, source: ParsedPage) {
        func compare(_ key: String, _ own: [String], _ english: [String]) {
            guard !own.isEmpty, own != english else { return }
            diagnostics.error(
                .translationRelation,
                "\"\(key)\" is \(show(own)) here but \(show(english)) in the English; translations follow the English",
                at: frontMatterLocation(of: key, in: translation),
                notes: [Diagnostic.Note("remove \"\(key)\" from the translation (it inherits the English), or correct it in the English")])
        }
        switch (translation.details, source.details) {
        case (.practice(let own), .practice(let english)):
            compare("principle", [own.principle.rawValue], [english.principle.rawValue])
            compare("category", own.category.map { [$0.rawValue] } ?? [], english.category.map { [$0.rawValue] } ?? [])
            compare("sections", own.sections.map(\.value), english.sections.map(\.value))
            compare("wcag", own.wcag.map(\.value), english.wcag.map(\.value))
        case (.section(let own), .section(let english)):
            if own.platform != .common { compare("platform", [own.platform.rawValue], [english.platform.rawValue]) }
            compare("parent", own.parent.map { [$0.value] } ?? [], english.parent.map { [$0.value] } ?? [])
            compare("practices", own.practices.map(\.value), english.practices.map(\.value))
            compare("related", own.related.map(\.value), english.related.map(\.value))
            for (index, detail) in own.programDetails.enumerated() where index < english.programDetails.count {
                compare("program_details", detail.related.map(\.value), english.programDetails[index].related.map(\.value))
            }
        default:
            break
        }
    }

    func checkLinks(_ translation: ParsedPage, source: ParsedPage) {
        let english = Self.crossReferences(in: source.body)
        let own = Self.crossReferences(in: translation.body)
        var counts: [String: Int] = [:]
        for link in english { counts[link.target, default: 0] += 1 }
        for link in own {
            if let count = counts[link.target], count > 0 {
                counts[link.target] = count - 1
            } else {
                diagnostics.warning(
                    .translationLink, "this translation links to \(link.target), which the English page does not",
                    at: translation.lineMap.location(link.start))
            }
        }
        for (target, count) in counts.sorted(by: { $0.key < $1.key }) where count > 0 {
            let first = english.first { $0.target == target }!
            diagnostics.warning(
                .translationLink, "the English page links to \(target)\(count > 1 ? " \(count) times" : ""), this translation \(count > 1 ? "fewer times" : "does not")",
                at: SourceLocation(path: translation.file.path, line: 1, column: 1),
                notes: [Diagnostic.Note("the English link", at: source.lineMap.location(first.start))])
        }
    }

    func checkCode(_ translation: ParsedPage, source: ParsedPage) {
        let english = Self.codeBlocks(in: source.body)
        let own = Self.codeBlocks(in: translation.body)
        let known = Set(english.map { Self.withoutComments($0.literal) })
        for (index, block) in own.enumerated() where !known.contains(Self.withoutComments(block.literal)) {
            let counterpart = index < english.count ? [Diagnostic.Note("the English code block", at: source.lineMap.location(english[index].start))] : []
            diagnostics.warning(
                .translationCode, "this code block differs from every code block of the English page",
                at: translation.lineMap.location(block.start), notes: counterpart)
        }
    }

    static func crossReferences(in body: MarkdownNode) -> [(target: String, start: SourcePosition)] {
        var out: [(String, SourcePosition)] = []
        body.forEach { node in
            guard case .link(let url, _) = node.kind, url.hasPrefix("bp:") || url.hasPrefix("sec:") || url.hasPrefix("page:") else { return }
            out.append((url, node.start))
        }
        return out
    }

    static func codeBlocks(in body: MarkdownNode) -> [(literal: String, start: SourcePosition)] {
        var out: [(String, SourcePosition)] = []
        body.forEach { node in
            if case .codeBlock(_, let literal) = node.kind { out.append((literal, node.start)) }
        }
        return out
    }

    /// The code with `//`, `/* */` and `<!-- -->` comments and runs of white space taken out, in one pass.
    static func withoutComments(_ code: String) -> String {
        var out: [UInt8] = []
        let bytes = Array(code.utf8)
        var index = 0
        var quote: UInt8?
        func starts(_ text: String) -> Bool { bytes[index...].starts(with: text.utf8) }
        func skip(past end: String) {
            while index < bytes.count, !starts(end) { index += 1 }
            index = min(bytes.count, index + end.utf8.count)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                out.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count { out.append(bytes[index + 1]); index += 1 }
                else if byte == open { quote = nil }
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                quote = byte
                out.append(byte)
                index += 1
            } else if starts("//") {
                skip(past: "\n")
                out.append(UInt8(ascii: " "))
            } else if starts("/*") {
                skip(past: "*/")
                out.append(UInt8(ascii: " "))
            } else if starts("<!--") {
                skip(past: "-->")
                out.append(UInt8(ascii: " "))
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    func show(_ values: [String]) -> String {
        values.count == 1 ? "\"\(values[0])\"" : "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    /// Where `key:` starts in the translation's front matter (line 1 when it is not found).
    func frontMatterLocation(of key: String, in page: ParsedPage) -> SourceLocation {
        var line = 1
        for text in page.file.text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line > 1 && text == "---" { break }
            if text.hasPrefix(key + ":") { return SourceLocation(path: page.file.path, line: line, column: 1) }
            if text.hasPrefix("  - ") && key == "program_details" { return SourceLocation(path: page.file.path, line: line, column: 1) }
            line += 1
        }
        return SourceLocation(path: page.file.path, line: 1, column: 1)
    }
}
