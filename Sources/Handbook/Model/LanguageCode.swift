/// A language's code as `site.yaml` gives it (`en`, `zh-Hant`, `pt-BR`): the name of its content
/// folder and its output folder, the key of everything kept per language. A type of its own so that a
/// code is never confused with a `lang` tag, a path or any other text; `Language.tag` is the BCP 47
/// tag written in `lang`, which may say more (`zh-Hant-HK`).
public struct LanguageCode: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The code as written.
    public let rawValue: String

    /// A code as written; `problem(_:)` says whether it may name a language.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    /// The language subtag, lowercased: `zh` of `zh-Hant`, which says the script family a code's
    /// text is in when a rule is about the language rather than one variety of it.
    public var primaryLanguage: String { rawValue.split(separator: "-").first?.lowercased() ?? "" }

    public static func < (lhs: LanguageCode, rhs: LanguageCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Checks the language codes of `site.yaml`, which become folder names, URLs and `lang` values:
/// BCP 47's `language[-script][-region]` in its usual case (`en`, `zh-Hant`, `pt-BR`, `es-419`),
/// and never the name of a folder the build itself writes at the top of the output.
extension LanguageCode {
    /// Top-level names of the output that are not language folders.
    static let reservedNames: Set<String> = ["assets", "data", "index.html", "sitemap.xml"]

    /// Why `code` cannot name a language, with a suggestion when the case alone is wrong; nil when it can.
    static func problem(_ code: String) -> (message: String, suggestion: String?)? {
        if reservedNames.contains(code.lowercased()) {
            return ("\"\(code)\" is a folder of the built site, not a language code", nil)
        }
        if isWellFormed(code) { return nil }
        let canonical = canonicalCase(code)
        return (
            "\"\(code)\" is not a BCP 47 language code of the form language[-script][-region]",
            canonical != code && isWellFormed(canonical) ? canonical : nil
        )
    }

    /// `language` is 2–3 lowercase letters, `Script` 4 letters with a capital, `REGION` 2 capitals or 3 digits.
    static func isWellFormed(_ code: String) -> Bool {
        var parts = code.split(separator: "-", omittingEmptySubsequences: false)[...]
        guard let language = parts.popFirst(), (2...3).contains(language.count), language.allSatisfy(isLower) else {
            return false
        }
        if let script = parts.first, script.count == 4, script.first.map(isUpper) == true, script.dropFirst().allSatisfy(isLower) {
            parts = parts.dropFirst()
        }
        if let region = parts.first,
            (region.count == 2 && region.allSatisfy(isUpper)) || (region.count == 3 && region.allSatisfy(isDigit))
        {
            parts = parts.dropFirst()
        }
        return parts.isEmpty
    }

    private static func canonicalCase(_ code: String) -> String {
        code.split(separator: "-", omittingEmptySubsequences: false).enumerated().map { index, part in
            if index == 0 { return part.lowercased() }
            if part.count == 4 { return part.prefix(1).uppercased() + part.dropFirst().lowercased() }
            return part.uppercased()
        }.joined(separator: "-")
    }

    private static func isLower(_ c: Character) -> Bool { c.isASCII && c.isLowercase }
    private static func isUpper(_ c: Character) -> Bool { c.isASCII && c.isUppercase }
    private static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
}
