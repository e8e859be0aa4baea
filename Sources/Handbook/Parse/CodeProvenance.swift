/// Where a code block's code comes from, declared by the second word of its fence's info string:
/// ```` ```swift guide:14.3.2 ```` (the guide prints this code in that section; its identifiers
/// must occur in the guide) or ```` ```kotlin sketch ```` (an illustration of ours, labelled so on
/// the page). Readers copy code; they must be able to tell the templates' code from ours.
enum CodeProvenance: Equatable, Sendable {
    case guide(section: String)
    case sketch

    /// The provenance an info string declares; nil when it declares none or a malformed one.
    init?(info: String) {
        guard let word = Self.word(in: info) else { return nil }
        if word == "sketch" {
            self = .sketch
        } else if word.hasPrefix("guide:"), Self.isSectionNumber(word.dropFirst("guide:".count)) {
            self = .guide(section: String(word.dropFirst("guide:".count)))
        } else {
            return nil
        }
    }

    /// The info string's second word, where provenance is written.
    static func word(in info: String) -> Substring? {
        let words = info.split(whereSeparator: { $0 == " " || $0 == "\t" })
        return words.count > 1 ? words[1] : nil
    }

    /// `14.3.2`: digits in dotted parts.
    static func isSectionNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }
}
