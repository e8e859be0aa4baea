import Foundation

/// Splits text into search terms, with the rules that `templates/assets/search.js` applies to what
/// the reader types, so that a query and the index always agree. `Tests/Search/tokenizer-vectors.json`
/// holds the examples both implementations must reproduce.
///
/// 1. Each character is mapped on its own: Unicode compatibility form (NFKC, so full-width `Ｔａｌｋ`
///    and `１．１０` become ASCII), then lower case, then Traditional Han characters folded to their
///    Simplified form (`HanFolding`), so 對比度 and 对比度 are one term.
/// 2. A run of Han characters gives each character and each overlapping pair, in order
///    (`字幕檔` → 字, 字幕, 幕, 幕档, 档), which finds 字幕 inside a longer run without a dictionary.
/// 3. Any other run of letters, marks and digits is a word. A `.` between two digits stays in it,
///    so IDs such as `2.10` and section numbers such as `7.3.6.5` are one term; an apostrophe between
///    two letters joins them and is dropped (`user's` → `users`). Everything else separates words.
/// 4. Words of three or more letters `a`–`z` are stemmed with `PorterStemmer`.
///
/// The rules do not depend on the page's language: Chinese pages quote English names (TalkBack,
/// `contentDescription`), untranslated pages show English text, and a query is read the same way
/// whichever language's page it is typed on.
public struct SearchTokenizer: Sendable {
    private let stemmer = PorterStemmer()

    /// Creates a tokenizer.
    public init() {}

    /// The terms of `text`, in order, repeats included.
    public func tokens(_ text: String) -> [String] {
        var out: [String] = []
        var cache = Cache()
        forEachToken(in: text, cache: &cache) { out.append($0) }
        return out
    }

    /// What tokenizing learns once and reuses for the next text: how each non-ASCII character maps,
    /// and each word's stem. One cache serves one thread.
    struct Cache {
        fileprivate var mapping: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        fileprivate var stems: [String: String] = [:]
        fileprivate var scalars: [Unicode.Scalar] = []
        fileprivate var word: [UInt8] = []
    }

    /// Calls `body` with each term of `text`, in order, repeats included, without building a list.
    func forEachToken(in text: String, cache: inout Cache, _ body: (String) -> Void) {
        forEachTerm(in: text, cache: &cache, han: { body(Self.hanTerm($0)) }, word: body)
    }

    /// A Han term as a number: one character is its code point, a pair is the first code point
    /// shifted left by 21 bits plus the second, with bit 63 set. Counting numbers instead of
    /// strings spares a string and a hash of its bytes for every character of Chinese text.
    static func hanTerm(_ number: UInt64) -> String {
        if number & (1 << 63) == 0 { return String(Character(Unicode.Scalar(UInt32(number))!)) }
        var pair = String(Character(Unicode.Scalar(UInt32((number >> 21) & 0x1F_FFFF))!))
        pair.unicodeScalars.append(Unicode.Scalar(UInt32(number & 0x1F_FFFF))!)
        return pair
    }

    /// Like `forEachToken`, but hands Han terms over as numbers (`hanTerm(_:)` turns one back into text).
    func forEachTerm(in text: String, cache: inout Cache, han: (UInt64) -> Void, word body: (String) -> Void) {
        var scalars = cache.scalars
        scalars.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars {
            Self.map(scalar, into: &scalars, cache: &cache.mapping)
        }
        var word = cache.word
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if Self.splitsLikeHan(scalar) {
                var end = index
                while end < scalars.count && Self.splitsLikeHan(scalars[end]) { end += 1 }
                for position in index..<end {
                    let first = UInt64(scalars[position].value)
                    han(first)
                    if position + 1 < end { han(1 << 63 | first << 21 | UInt64(scalars[position + 1].value)) }
                }
                index = end
            } else if Self.isWordCharacter(scalar) {
                word.removeAll(keepingCapacity: true)
                var plainLetters = true
                var end = index
                while end < scalars.count {
                    let current = scalars[end]
                    if Self.isWordCharacter(current) && !Self.splitsLikeHan(current) {
                        if current.value < 0x80 {
                            if current.value < 0x61 { plainLetters = false }
                            word.append(UInt8(current.value))
                        } else {
                            plainLetters = false
                            word.append(contentsOf: UTF8.encode(current)!)
                        }
                    } else if Self.joins(scalars, at: end) {
                        if current == "." {
                            plainLetters = false
                            word.append(0x2E)
                        }
                    } else {
                        break
                    }
                    end += 1
                }
                let text = String(decoding: word, as: UTF8.self)
                // Only words of three or more letters a–z have a stem to look up.
                if plainLetters && word.count > 2 {
                    if let stem = cache.stems[text] {
                        body(stem)
                    } else {
                        let stem = stemmer.stem(text)
                        cache.stems[text] = stem
                        body(stem)
                    }
                } else {
                    body(text)
                }
                index = end
            } else {
                index += 1
            }
        }
        cache.scalars = scalars
        cache.word = word
    }

    /// Appends the character after NFKC, lower-casing and folding; usually one scalar, sometimes none or several.
    private static func map(
        _ scalar: Unicode.Scalar, into scalars: inout [Unicode.Scalar], cache: inout [Unicode.Scalar: [Unicode.Scalar]]
    ) {
        if scalar.isASCII {
            scalars.append(scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(UInt8(scalar.value + 32)) : scalar)
            return
        }
        // Unified ideographs are their own NFKC and lower case: only folding applies.
        if isHan(scalar) && !(0xF900...0xFAFF).contains(scalar.value) && !(0x2F800...0x2FA1F).contains(scalar.value) {
            scalars.append(HanFolding.fold(scalar))
            return
        }
        if let known = cache[scalar] {
            scalars.append(contentsOf: known)
            return
        }
        var out: [Unicode.Scalar] = []
        for mapped in String(scalar).precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            out.append(HanFolding.fold(mapped))
        }
        cache[scalar] = out
        scalars.append(contentsOf: out)
    }

    /// Whether the `.` or apostrophe at `index` sits inside a word: a dot between two ASCII digits,
    /// an apostrophe between two letters.
    private static func joins(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index > 0, index + 1 < scalars.count else { return false }
        let before = scalars[index - 1], after = scalars[index + 1]
        switch scalars[index] {
        case ".":
            return isASCIIDigit(before) && isASCIIDigit(after)
        case "'", "\u{2019}":
            return isLetter(before) && isLetter(after) && !splitsLikeHan(before) && !splitsLikeHan(after)
        default:
            return false
        }
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// Han, kana and Hangul: scripts written without spaces between words, so a Japanese or Korean
    /// run is split into characters and overlapping pairs as Chinese is.
    static func splitsLikeHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3041...0x309F, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF, 0x1100...0x11FF, 0x3131...0x318E, 0xAC00...0xD7A3: return true
        default: return isHan(scalar)
        }
    }

    /// CJK Unified Ideographs and their extensions, and the compatibility ideographs.
    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F, 0x30000...0x3134F: return true
        default: return false
        }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    /// Letters, marks and numbers (Unicode categories L, M and N).
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
