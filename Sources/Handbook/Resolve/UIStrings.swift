/// The interface text of one language (`strings.yaml`): "Skip to main content", "Search", …,
/// with the source language's text standing in for any key a translation lacks.
public struct UIStrings: Sendable {
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

    /// Creates a table.
    public init(values: [String: String], missingKeys: [String] = []) {
        self.values = values
        self.missingKeys = missingKeys
    }

    /// The text for `key`, with `{name}` placeholders filled from `arguments`.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        fill(values[key] ?? key, arguments)
    }

    /// The form of `key` for `count` items, with `{count}` and the other placeholders filled.
    public func text(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        let forms = plurals[key]
        let value = forms?[rule.category(for: count)] ?? forms?["other"] ?? values[key] ?? key
        return fill(value, arguments.merging(["count": String(count)]) { a, _ in a })
    }

    private func fill(_ text: String, _ arguments: [String: String]) -> String {
        var value = text
        for (name, replacement) in arguments {
            value = value.replacingOccurrences(of: "{\(name)}", with: replacement)
        }
        return value
    }
}
