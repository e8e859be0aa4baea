import Markdown

/// The numbers the site states about itself, counted from the content, so that adding a practice
/// changes every page that says how many there are.
///
/// - In `strings.yaml`, `{practices}` and `{sections}` are the counts. A string with plural forms
///   that uses one of them takes the form for that count (`one: "The {practices} best practice"`).
/// - In page text (bodies, titles and summaries, outside code), `{practices}` is the number and
///   `{practices:KEY}` is the counted UI string KEY for that number, in the page's language
///   (`{practices:best_practice_count}` → "33 best practices", "1 best practice", "33 項最佳作業模式").
public struct SiteCounts: Sendable, Equatable {
    /// The counts by placeholder name.
    public let values: [String: Int]

    /// Counts of the resolved practices and sections.
    public init(practices: Int, sections: Int) {
        values = ["practices": practices, "sections": sections]
    }

    /// `strings` with the counts filled into every value, counted strings in the form their count takes.
    func fill(_ strings: UIStrings) -> UIStrings {
        var out = strings
        for (key, value) in strings.values where value.contains("{") {
            if let forms = strings.plurals[key], let name = values.keys.sorted().first(where: { name in
                forms.values.contains { $0.contains("{\(name)}") }
            }) {
                let form = forms[strings.rule.category(for: values[name]!)] ?? forms["other"] ?? value
                out.values[key] = fill(form)
            } else {
                out.values[key] = fill(value)
            }
        }
        return out
    }

    /// `text` with each `{name}` of a count replaced by its number.
    func fill(_ text: String) -> String {
        guard text.contains("{") else { return text }
        var out = text
        for (name, count) in values { out = out.replacingOccurrences(of: "{\(name)}", with: String(count)) }
        return out
    }

    /// What filling `text` takes from `strings`: each string KEY its `{name:KEY}` placeholders name,
    /// with its value and plural forms (and, when one is missing, every key, which the error's
    /// suggestion is drawn from). A page published with the same is the same page.
    func namedStrings(in text: String, strings: UIStrings) -> String {
        // Read as bytes: most pages hold code with braces, and every page is looked at after each save.
        let bytes = Array(text.utf8)
        let (open, close, colon) = (UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ":"))
        var out = ""
        var index = bytes.firstIndex(of: open)
        while let start = index {
            guard let end = bytes[start...].firstIndex(of: close) else { break }
            index = bytes[(end + 1)...].firstIndex(of: open)
            guard let separator = bytes[start..<end].firstIndex(of: colon),
                values[String(decoding: bytes[(start + 1)..<separator], as: UTF8.self)] != nil
            else { continue }
            let key = String(decoding: bytes[(separator + 1)..<end], as: UTF8.self)
            if let value = strings.values[key] {
                out += "\(key)=\(value)\(strings.plurals[key].map { "\($0.sorted { $0.key < $1.key })" } ?? "")\n"
            } else {
                out += "\(key) missing from \(strings.values.keys.sorted())\n"
            }
        }
        return out
    }

    /// Page text with `{name}` and `{name:KEY}` filled; `strings` are the text's language's. An
    /// unknown KEY is reported with the UTF-8 offset of its `{` in `text`.
    func fill(page text: String, strings: UIStrings, report: (String, Int) -> Void) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let inside = rest[rest.index(after: open)..<close]
            let parts = inside.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            if let count = values[parts[0]] {
                if parts.count == 1 {
                    out += String(count)
                } else if strings.values[parts[1]] != nil {
                    out += strings.text(parts[1], count: count)
                } else {
                    let near = NearMiss.suggestion(for: parts[1], among: Array(strings.values.keys))
                    report(
                        "{\(inside)} names no string \"\(parts[1])\"" + (near.map { " (did you mean \"\($0)\"?)" } ?? ""),
                        text.utf8.distance(from: text.startIndex, to: open))
                    out += rest[open...close]
                }
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// `body` with the counts filled into its text (runs of text nodes are joined first, since the
    /// Markdown parser may split `{practices:best_practice_count}` at its underscores).
    func fill(body: MarkdownNode, strings: UIStrings, report: (String, SourcePosition) -> Void) -> MarkdownNode {
        let filled = body.rewritten { node -> MarkdownNode? in
            guard node.children.contains(where: { if case .text(let t) = $0.kind { return t.utf8.contains(UInt8(ascii: "{")) } else { return false } })
            else { return nil }
            var node = node
            var children: [MarkdownNode] = []
            for child in node.children {
                if case .text(let text) = child.kind, let last = children.last, case .text(let previous) = last.kind {
                    children[children.count - 1].kind = .text(previous + text)
                    children[children.count - 1].end = child.end
                } else {
                    children.append(child)
                }
            }
            for index in children.indices {
                guard case .text(let text) = children[index].kind else { continue }
                let start = children[index].start
                children[index].kind = .text(fill(page: text, strings: strings) { message, offset in
                    report(message, SourcePosition(line: start.line, column: start.column + offset))
                })
            }
            node.children = children
            return node
        }
        return filled ?? body
    }
}
