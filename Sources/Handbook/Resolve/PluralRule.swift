import CICU

/// CLDR plural categories for whole numbers, by language, from the system's ICU: which form of a
/// counted string to show. Chinese and Japanese have one form (`other`); English `one` and `other`;
/// Russian `one`, `few`, `many` and `other`; Arabic all six.
public struct PluralRule: Sendable, Equatable {
    /// The language's rules as ICU holds them, closed when the last copy of the rule goes.
    private final class Rules: @unchecked Sendable {
        // ICU's plural rules are immutable once open, and selecting with them is thread-safe.
        let pointer: UnsafeMutableRawPointer?
        init(tag: String) { pointer = handbook_plural_rules_open(tag) }
        deinit { if let pointer { handbook_plural_rules_close(pointer) } }
    }

    /// The BCP 47 tag the rule is for.
    public let language: String
    /// The categories a string of this language may have, in CLDR's order; `other` always.
    public let categories: [String]
    private let rules: Rules

    /// The rule for a BCP 47 language tag; a tag ICU does not know has the root rule (`other` only).
    public init(language tag: String) {
        language = tag
        rules = Rules(tag: tag)
        var buffer = [CChar](repeating: 0, count: 64)
        let found: Set<String>
        if let pointer = rules.pointer, handbook_plural_keywords(pointer, &buffer, Int32(buffer.count)) >= 0 {
            found = Set(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ").map(String.init))
        } else {
            found = []
        }
        categories = Self.allCategories.filter { found.contains($0) || $0 == "other" }
    }

    /// The category for `n`.
    public func category(for n: Int) -> String {
        guard let pointer = rules.pointer else { return "other" }
        var keyword = [CChar](repeating: 0, count: 16)
        guard handbook_plural_select(pointer, Double(n), &keyword, Int32(keyword.count)) > 0 else { return "other" }
        return String(decoding: keyword.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whole numbers that take `category`, the smallest first (up to three), for messages such as
    /// "few (2, 3, 4)". Empty when no number up to a million does (a form for decimals only).
    public func examples(of form: String) -> [Int] {
        var found: [Int] = []
        for n in Array(0...200) + [1_000, 1_000_000] where category(for: n) == form {
            found.append(n)
            if found.count == 3 { break }
        }
        return found
    }

    public static func == (a: PluralRule, b: PluralRule) -> Bool { a.language == b.language }

    /// Every CLDR category name, in CLDR's order, to tell a misspelt form from one this language lacks.
    public static let allCategories = ["zero", "one", "two", "few", "many", "other"]
}
