import Foundation

/// Which code spans name an API, for the A–Z index: a reader looks up `contentDescription` or
/// `UIAccessibilityTraitButton`, not `true` or `self.firstName == nil || …`.
///
/// A code span names an API when, after dropping a leading `self.` and a trailing setting
/// (`= value` or `="value"`), it is one name:
/// 1. a dotted path of identifiers (`UIAccessibility.isReduceMotionEnabled`, `Build.VERSION.SDK_INT`),
///    optionally behind an XML namespace (`android:contentDescription`);
/// 2. optionally followed by an empty argument list or a Swift selector (`requestFocus()`,
///    `viewWillDisappear(_:)`), or written as an Objective-C selector (`openURL:options:`);
/// 3. with a capital letter in it (camelCase, PascalCase or CONSTANT_CASE), which sets API names
///    apart from plain words (`timer`, `sp`, `tel:`);
/// 4. and not a literal (`YES`, `NO`) or a file name (`RegisterFragment.java`).
/// Anything else (calls with arguments, expressions, paths, resource qualifiers) is a code line.
enum APIName {
    /// The API name a code span shows, or nil when the span is not one name.
    static func name(inCodeSpan code: String) -> String? {
        var text = Substring(code.trimmingCharacters(in: .whitespaces))
        if text.contains("==") || text.contains("!=") { return nil }
        if let equals = text.firstIndex(of: "=") {
            text = text[..<equals]
            while text.last == " " { text = text.dropLast() }
        }
        if text.hasPrefix("self.") { text = text.dropFirst(5) }
        guard !text.isEmpty, isName(text) else { return nil }
        guard text.contains(where: { $0.isUppercase }) else { return nil }
        if literals.contains(String(text)) { return nil }
        if let dot = text.lastIndex(of: "."), fileExtensions.contains(String(text[text.index(after: dot)...])) { return nil }
        return String(text)
    }

    /// Words that are values of the language, not names of an API.
    static let literals: Set<String> = ["YES", "NO", "TRUE", "FALSE", "NULL", "NIL"]
    /// Endings that make a dotted name a file name.
    static let fileExtensions: Set<String> = ["java", "kt", "m", "h", "swift", "xml", "html", "json", "plist", "png", "storyboard", "xib"]

    /// Whether `text` is a name as the rules above describe.
    private static func isName(_ text: Substring) -> Bool {
        var rest = text
        // An XML namespace such as `android:` in front of an attribute name.
        if let colon = rest.firstIndex(of: ":"), rest[..<colon].allSatisfy({ $0.isASCII && $0.isLowercase }),
            colon != rest.startIndex, rest.index(after: colon) < rest.endIndex, isIdentifierStart(rest[rest.index(after: colon)]) {
            rest = rest[rest.index(after: colon)...]
        }
        // The dotted path.
        let path = rest.prefix { $0 != "(" && $0 != ":" }
        guard !path.isEmpty, path.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier) else { return false }
        rest = rest[path.endIndex...]
        if rest.isEmpty { return true }
        if rest.first == "(" {
            // `()` or a Swift selector of argument labels: `(_:)`, `(forTextStyle:)`, `(_:options:)`.
            guard rest.last == ")" else { return false }
            let labels = rest.dropFirst().dropLast()
            if labels.isEmpty { return true }
            guard labels.last == ":" else { return false }
            return labels.dropLast().split(separator: ":", omittingEmptySubsequences: false).allSatisfy { $0 == "_" || isIdentifier($0) }
        }
        // An Objective-C selector: `name:` or `name:part:part:`.
        guard rest.first == ":", text.last == ":", !text.contains(".") else { return false }
        return text.dropLast().split(separator: ":", omittingEmptySubsequences: false).allSatisfy(isIdentifier)
    }

    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, isIdentifierStart(first) else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    private static func isIdentifierStart(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character == "_")
    }
}
