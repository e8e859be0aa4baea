/// Typed access to the keys of a YAML mapping, reporting missing, mistyped and unknown keys at their
/// real position in the file.
///
/// `lineOffset` is the number of file lines before the YAML text, so front matter positions land on
/// the file's own lines.
struct FieldReader {
    let node: YAMLNode
    let path: String
    let lineOffset: Int
    let diagnostics: DiagnosticEngine

    init(_ node: YAMLNode, path: String, lineOffset: Int, diagnostics: DiagnosticEngine) {
        self.node = node
        self.path = path
        self.lineOffset = lineOffset
        self.diagnostics = diagnostics
        if case .mapping = node.value {
        } else {
            diagnostics.error(
                .frontMatterType, "expected a mapping of keys and values, found \(node.shapeName)", at: location(node))
        }
    }

    var pairs: [YAMLPair] {
        if case .mapping(let pairs) = node.value { return pairs }
        return []
    }

    func location(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(path: path, line: node.line + lineOffset, column: node.column)
    }

    /// Where a key's value is, or where the mapping starts when the key is absent.
    func location(of key: String) -> SourceLocation {
        location(value(key) ?? node)
    }

    func value(_ key: String) -> YAMLNode? {
        pairs.first { keyText($0.key) == key }?.value
    }

    private func keyText(_ node: YAMLNode) -> String? {
        if case .scalar(let text, _) = node.value { return text }
        return nil
    }

    func has(_ key: String) -> Bool { value(key) != nil }

    /// A text value; numbers written unquoted (`id: 2.10`) are refused because YAML reads them as
    /// numbers and `2.10` would silently become `2.1`.
    func string(_ key: String, required: Bool = false, allowNumber: Bool = false) -> String? {
        guard let node = value(key) else {
            if required { missing(key) }
            return nil
        }
        guard case .scalar(let text, let plain) = node.value, !(plain && isNull(text)) else {
            diagnostics.error(.frontMatterType, "\"\(key)\" must be text, found \(node.shapeName)", at: location(node))
            return nil
        }
        if plain && !allowNumber && Double(text) != nil && text.contains(".") {
            diagnostics.warning(
                .unquotedNumber, "\"\(key)\" is written as a number; quote it so every YAML tool reads it as text",
                at: location(node),
                notes: [Diagnostic.Note("write \(key): \"\(text)\"")])
            return text
        }
        if required && text.trimmingCharacters(in: .whitespaces).isEmpty {
            diagnostics.error(.frontMatterEmpty, "\"\(key)\" must not be empty", at: location(node))
            return nil
        }
        return text
    }

    /// A located text value, for IDs that later stages check and point at.
    func locatedString(_ key: String, required: Bool = false) -> Located<String>? {
        guard let text = string(key, required: required), let node = value(key) else { return nil }
        return Located(text, at: location(node))
    }

    /// One of a fixed set of words, with a suggestion when it is close to one.
    func oneOf(_ key: String, _ choices: [String], required: Bool = false) -> String? {
        guard let text = string(key, required: required) else { return nil }
        guard choices.contains(text) else {
            var notes = [Diagnostic.Note("expected one of: \(choices.joined(separator: ", "))")]
            if let near = NearMiss.suggestion(for: text, among: choices) {
                notes.insert(Diagnostic.Note("did you mean \"\(near)\"?"), at: 0)
            }
            diagnostics.error(
                .frontMatterValue, "\"\(text)\" is not a valid \(key)", at: location(of: key), notes: notes)
            return nil
        }
        return text
    }

    /// The most items a front-matter list may hold: far beyond any real page, and a bound on the
    /// work that every later stage does per item.
    static let maximumListItems = 10_000

    /// A list of nodes; a single scalar is not silently promoted.
    func list(_ key: String, required: Bool = false) -> [YAMLNode] {
        guard let node = value(key) else {
            if required { missing(key) }
            return []
        }
        switch node.value {
        case .sequence(let items) where items.count > Self.maximumListItems:
            diagnostics.error(
                .tooManyItems,
                "\"\(key)\" has \(items.count) items; the limit is \(Self.maximumListItems)", at: location(node))
            return Array(items.prefix(Self.maximumListItems))
        case .sequence(let items): return items
        case .scalar(let text, let plain) where plain && isNull(text): return []
        default:
            diagnostics.error(.frontMatterType, "\"\(key)\" must be a list, found \(node.shapeName)", at: location(node))
            return []
        }
    }

    /// A list of located texts, such as section numbers. A repeated text is a warning (it is kept
    /// once): it is a slip, and the relation it names is already there.
    func stringList(_ key: String) -> [Located<String>] {
        var first: [String: SourceLocation] = [:]
        return list(key).compactMap { item in
            guard case .scalar(let text, let plain) = item.value, !(plain && isNull(text)) else {
                diagnostics.error(
                    .frontMatterType, "items of \"\(key)\" must be text, found \(item.shapeName)", at: location(item))
                return nil
            }
            if plain && Double(text) != nil && text.contains(".") && NumberOrder.normalized(text) != text {
                diagnostics.warning(
                    .unquotedNumber, "\"\(text)\" in \"\(key)\" reads as a number in other YAML tools; quote it",
                    at: location(item))
            }
            if let earlier = first[text] {
                diagnostics.warning(
                    .duplicateItem, "\"\(text)\" appears twice in \"\(key)\"", at: location(item),
                    notes: [Diagnostic.Note("first listed here", at: earlier)])
                return nil
            }
            first[text] = location(item)
            return Located(text, at: location(item))
        }
    }

    /// Reports every key not in `allowed`, suggesting the nearest allowed key.
    func rejectUnknownKeys(_ allowed: [String]) {
        for pair in pairs {
            guard let key = keyText(pair.key) else {
                diagnostics.error(.frontMatterKey, "keys must be text", at: location(pair.key))
                continue
            }
            if allowed.contains(key) { continue }
            var notes = [Diagnostic.Note("known keys: \(allowed.joined(separator: ", "))")]
            if let near = NearMiss.suggestion(for: key, among: allowed) {
                notes.insert(Diagnostic.Note("did you mean \"\(near)\"?"), at: 0)
            }
            diagnostics.error(.unknownKey, "unknown front-matter key \"\(key)\"", at: location(pair.key), notes: notes)
        }
        var seen: [String: YAMLNode] = [:]
        for pair in pairs {
            guard let key = keyText(pair.key) else { continue }
            if let first = seen[key] {
                diagnostics.error(
                    .duplicateKey, "key \"\(key)\" appears twice", at: location(pair.key),
                    notes: [Diagnostic.Note("first defined here", at: location(first))])
            } else {
                seen[key] = pair.key
            }
        }
    }

    private func missing(_ key: String) {
        diagnostics.error(.missingKey, "front matter has no \"\(key)\"", at: location(node))
    }

    private func isNull(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }
}

extension NumberOrder {
    /// How YAML would print a number read from `text` (`2.10` → `2.1`), to spot IDs that would change.
    static func normalized(_ text: String) -> String {
        guard let number = Double(text) else { return text }
        var out = String(number)
        if out.hasSuffix(".0") { out.removeLast(2) }
        return out
    }
}
