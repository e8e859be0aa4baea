/// The interface text of one language (`strings.yaml`): "Skip to main content", "Search", …,
/// with the source language's text standing in for any key a translation lacks.
public struct UIStrings: Sendable, Equatable {
    /// Text by key (a counted string's `other` form).
    public var values: [String: String]
    /// Counted strings' forms by CLDR category (`one`, `other`, …).
    public var plurals: [String: [String: String]] = [:]
    /// Which form a count takes in this language.
    public var rule = PluralRule(language: "en")
    /// Keys that fell back to the source language.
    public var missingKeys: [String]
    /// Keys whose English changed since they were translated.
    public var outdatedKeys: [String] = []
    /// The source language's notes for translators, by key (the comments above each string).
    public var notes: [String: String] = [:]
    /// Keys whose text is the source language's in a translation: missing from its file, or still
    /// the English that `i18n init` copied there. Such text is marked with `fallbackTag`.
    public var fallbackKeys: Set<String> = []
    /// The tag of the language fallback text is in (the source language's).
    public var fallbackTag = "en"

    /// Creates a table.
    public init(values: [String: String], missingKeys: [String] = []) {
        self.values = values
        self.missingKeys = missingKeys
    }

    /// The text for `key`, with `{name}` placeholders filled from `arguments`.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        fill(values[key] ?? key, arguments)
    }

    /// The tag to write in `lang` around the text of `key`, nil when the text is in the edition's
    /// own language. Text without letters (a bracket, a separator) is in no language and never marked.
    public func fallbackLanguage(of key: String) -> String? {
        guard fallbackKeys.contains(key), let value = values[key], value.contains(where: \.isLetter) else { return nil }
        return fallbackTag
    }

    /// The form of `key` for `count` items, with `{count}` and the other placeholders filled.
    public func text(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        let forms = plurals[key]
        let value = forms?[rule.category(for: count)] ?? forms?["other"] ?? values[key] ?? key
        return fill(value, arguments.merging(["count": String(count)]) { a, _ in a })
    }

    /// `text` with each `{name}` of `arguments` replaced, in one pass over the text (so a value that
    /// itself holds braces is never filled again); other braces stay as they are. A placeholder is
    /// the text between a `{` and the next `}` with no `{` between them, so no character is looked
    /// at more than twice, however many braces the text holds.
    private func fill(_ text: String, _ arguments: [String: String]) -> String {
        guard !arguments.isEmpty, text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 32)
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let end = rest[afterOpen...].firstIndex(where: { $0 == "{" || $0 == "}" }) else {
                rest = rest[open...]
                break
            }
            if rest[end] == "}", let value = arguments[String(rest[afterOpen..<end])] {
                out += value
                rest = rest[rest.index(after: end)...]
            } else {
                // Not a placeholder: keep it as it is, up to the brace that may start one.
                let next = rest[end] == "}" ? rest.index(after: end) : end
                out += rest[open..<next]
                rest = rest[next...]
            }
        }
        out += rest
        return out
    }

    /// A fingerprint of the texts and which of them are fallback, for keys of reusable results.
    var fingerprint: Int {
        var hasher = Hasher()
        for key in values.keys.sorted() { hasher.combine(key); hasher.combine(values[key]) }
        for key in fallbackKeys.sorted() { hasher.combine(key) }
        hasher.combine(fallbackTag)
        return hasher.finalize()
    }
}
