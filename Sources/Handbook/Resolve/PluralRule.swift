/// CLDR plural categories for whole numbers, by language: which form of a counted string to show.
/// Chinese, Japanese and Korean have one form (`other`); English `one` and `other`; Russian and
/// Polish `one`, `few` and `many`.
public struct PluralRule: Sendable, Equatable {
    private enum Family: Sendable { case single, oneOther, zeroOneOther, slavic, polish, czech }
    private let family: Family

    /// The rule for a BCP 47 language tag (only the language subtag matters).
    public init(language tag: String) {
        let language = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
        switch language {
        case "zh", "ja", "ko", "th", "vi", "id", "ms", "yue", "lo", "my", "km": family = .single
        case "fr", "pt": family = .zeroOneOther
        case "ru", "uk", "be": family = .slavic
        case "pl": family = .polish
        case "cs", "sk": family = .czech
        default: family = .oneOther
        }
    }

    /// The categories a string of this language may have; `other` always.
    public var categories: [String] {
        switch family {
        case .single: return ["other"]
        case .oneOther, .zeroOneOther: return ["one", "other"]
        case .slavic, .polish: return ["one", "few", "many", "other"]
        case .czech: return ["one", "few", "other"]
        }
    }

    /// The category for `n`.
    public func category(for n: Int) -> String {
        let (ten, hundred) = (abs(n) % 10, abs(n) % 100)
        switch family {
        case .single: return "other"
        case .oneOther: return n == 1 ? "one" : "other"
        case .zeroOneOther: return n == 0 || n == 1 ? "one" : "other"
        case .slavic:
            if ten == 1 && hundred != 11 { return "one" }
            return (2...4).contains(ten) && !(12...14).contains(hundred) ? "few" : "many"
        case .polish:
            if n == 1 { return "one" }
            return (2...4).contains(ten) && !(12...14).contains(hundred) ? "few" : "many"
        case .czech:
            if n == 1 { return "one" }
            return (2...4).contains(n) ? "few" : "other"
        }
    }

    /// Every CLDR category name, to tell a misspelt form from one this language lacks.
    public static let allCategories = ["zero", "one", "two", "few", "many", "other"]
}
