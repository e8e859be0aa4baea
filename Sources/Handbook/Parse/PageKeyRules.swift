/// The shapes that page keys must have: practice IDs as `ContentSchema` numbers them, sections of
/// the guide's chapters 6–16; anything else (`9.9`, `1e3`, a full-width `１.１` that looks like
/// `1.1`) is a typo that would otherwise publish a page nobody can find.
enum PageKeyRules {
    /// The guide's chapters that hold the numbered sections.
    static let chapters = 6...16

    /// IDs of the pages the render stage generates, which a content page may not take: its output
    /// path would be overwritten by the generated page.
    static var reservedPageIDs: [String] { SiteResolver.generatedPageIDs }

    /// Whether `number` is dotted ASCII decimal (`7.3.6.5`) starting with a chapter from 6 to 16.
    static func isSectionNumber(_ number: String) -> Bool {
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard let first = parts.first, let chapter = decimal(first), chapters.contains(chapter) else { return false }
        return parts.dropFirst().allSatisfy { decimal($0) != nil }
    }

    /// `text` with other scripts' digits (full-width `１`, Arabic-Indic `١`) and full-width or
    /// ideographic full stops written in ASCII, or nil when nothing would change.
    static func asciiForm(_ text: String) -> String? {
        var out = ""
        for character in text {
            if character.isASCII {
                out.append(character)
            } else if let digit = character.wholeNumberValue, character.isNumber, (0...9).contains(digit) {
                out += String(digit)
            } else if character == "．" || character == "。" || character == "｡" {
                out += "."
            } else {
                return nil
            }
        }
        return out == text ? nil : out
    }

    /// A positive decimal number without sign, exponent or leading zero.
    private static func decimal(_ part: Substring) -> Int? {
        guard !part.isEmpty, part.count <= 4, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }), part.first != "0"
        else { return nil }
        return Int(part)
    }
}
