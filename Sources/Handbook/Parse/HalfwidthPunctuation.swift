/// Finds half-width `,` `:` `;` `(` `)` used as Chinese punctuation, where the text should have
/// `，` `：` `；` `（` `）`. Chinese prose sets these full-width; half-width ones beside Han
/// characters look cramped and read as code or English.
///
/// A mark is reported when it is clearly part of Chinese prose:
/// 1. a comma, colon or semicolon right after or right before a Han character, or between two Han
///    characters with only spaces around it (`文字, 文字`);
/// 2. a pair of parentheses right after a Han character, right before one, or around Han text
///    (`方法(法律)`, `使用(TalkBack)說明`, `文字 (中文說明)`); an unmatched parenthesis right beside a
///    Han character.
/// Text that the caller masks (code, link destinations, URLs, placeholders) is never reported and
/// counts as neither Han nor space, so `{count})` after Han is judged by the Han before `(`, and
/// `4.5:1` or `(a)` between Latin letters and digits is left alone.
enum HalfwidthPunctuation {
    /// One mark to replace: its offset in the scanned scalars and what it should be.
    struct Finding: Equatable, Sendable {
        var offset: Int
        var mark: Character
        var replacement: Character
    }

    /// The full-width form of each mark the scan looks for.
    static let replacements: [Unicode.Scalar: Character] = [",": "，", ":": "：", ";": "；", "(": "（", ")": "）"]

    /// Whether a UTF-8 byte is one of the marks `replacements` knows (all ASCII).
    static func isMarkByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
    }

    /// The marks in `scalars` to replace, in order; `masked[i]` hides scalar `i` from the scan.
    static func findings(in scalars: [Unicode.Scalar], masked: [Bool]) -> [Finding] {
        let count = scalars.count
        let isHan = { (index: Int) in index >= 0 && index < count && !masked[index] && SearchTokenizer.isHan(scalars[index]) }
        let isSpace = { (index: Int) in index >= 0 && index < count && !masked[index] && (scalars[index] == " " || scalars[index] == "\t") }
        var flagged = [Bool](repeating: false, count: count)
        var openings: [Int] = []
        for index in 0..<count where !masked[index] {
            switch scalars[index] {
            case ",", ":", ";":
                var before = index - 1
                while isSpace(before) { before -= 1 }
                var after = index + 1
                while isSpace(after) { after += 1 }
                if isHan(index - 1) || isHan(index + 1) || (isHan(before) && isHan(after)) { flagged[index] = true }
            case "(":
                openings.append(index)
            case ")":
                if let opening = openings.popLast() {
                    let around = isHan(opening - 1) || isHan(index + 1)
                    let inside = (opening + 1..<index).contains { isHan($0) }
                    if around || inside {
                        flagged[opening] = true
                        flagged[index] = true
                    }
                } else if isHan(index - 1) || isHan(index + 1) {
                    flagged[index] = true
                }
            default:
                break
            }
        }
        for opening in openings where isHan(opening - 1) || isHan(opening + 1) { flagged[opening] = true }
        return (0..<count).filter { flagged[$0] }.map { index in
            Finding(offset: index, mark: Character(scalars[index]), replacement: replacements[scalars[index]]!)
        }
    }

    /// A mask for text outside Markdown: URLs and `{placeholder}`s.
    static func plainTextMask(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var masked = [Bool](repeating: false, count: scalars.count)
        maskURLs(scalars, &masked)
        maskPlaceholders(scalars, &masked)
        return masked
    }

    /// A mask for one line of a Markdown body: code spans, link destinations and reference
    /// definitions, autolinks, bare URLs, and `{…}` placeholders or attributes.
    static func markdownLineMask(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var masked = [Bool](repeating: false, count: scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "`" {
                var run = index
                while run < scalars.count && scalars[run] == "`" { run += 1 }
                let width = run - index
                var close = run
                var found: Int?
                while close < scalars.count {
                    if scalars[close] == "`" {
                        var end = close
                        while end < scalars.count && scalars[end] == "`" { end += 1 }
                        if end - close == width {
                            found = end
                            break
                        }
                        close = end
                    } else {
                        close += 1
                    }
                }
                let end = found ?? scalars.count
                for position in index..<end { masked[position] = true }
                index = end
            } else if scalar == "]" && index + 1 < scalars.count && scalars[index + 1] == "(" {
                var depth = 0
                var end = index + 1
                while end < scalars.count {
                    if scalars[end] == "(" { depth += 1 }
                    if scalars[end] == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    end += 1
                }
                for position in index + 1..<min(end + 1, scalars.count) { masked[position] = true }
                index = end + 1
            } else if scalar == "]" && index + 1 < scalars.count && scalars[index + 1] == ":"
                && scalars.first == "[" {
                for position in index + 1..<scalars.count { masked[position] = true }
                index = scalars.count
            } else if scalar == "<", let end = scalars[index...].firstIndex(of: ">"),
                scalars[index..<end].contains(where: { $0 == ":" || $0 == "@" }) {
                for position in index...end { masked[position] = true }
                index = end + 1
            } else {
                index += 1
            }
        }
        maskURLs(scalars, &masked)
        maskPlaceholders(scalars, &masked)
        return masked
    }

    /// `http://…`, `https://…` and `mailto:…` up to a space or a character that is not ASCII.
    private static func maskURLs(_ scalars: [Unicode.Scalar], _ masked: inout [Bool]) {
        let prefixes = ["http://", "https://", "mailto:"].map { Array($0.unicodeScalars) }
        var index = 0
        while index < scalars.count {
            if prefixes.contains(where: { scalars[index...].starts(with: $0) }) {
                var end = index
                while end < scalars.count && scalars[end].isASCII && scalars[end] != " " && scalars[end] != "\t" { end += 1 }
                for position in index..<end { masked[position] = true }
                index = end
            } else {
                index += 1
            }
        }
    }

    /// `{name}` placeholders of UI strings and `{#anchor}` attributes of headings.
    private static func maskPlaceholders(_ scalars: [Unicode.Scalar], _ masked: inout [Bool]) {
        var index = 0
        while index < scalars.count {
            if scalars[index] == "{", let end = scalars[index...].firstIndex(of: "}") {
                for position in index...end { masked[position] = true }
                index = end + 1
            } else {
                index += 1
            }
        }
    }
}
