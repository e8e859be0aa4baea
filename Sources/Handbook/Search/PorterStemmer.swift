/// Martin Porter's stemming algorithm (1980), as in his reference C implementation, so that
/// `captions`, `captioning` and `captioned` all become `caption`, and `labelled` becomes `label`.
///
/// It follows the reference code's two departures from the paper (`bli` → `ble` and `logi` → `log`
/// in step 2, and words of one or two letters left alone). `templates/assets/search.js` carries
/// the same algorithm line for line; `Tests/Search/tokenizer-vectors.json` checks that both agree.
/// It works on ASCII bytes: the tokenizer only stems words of the letters `a`–`z`.
struct PorterStemmer: Sendable {
    /// The stem of a lower-case word of the letters `a`–`z`; any other word is returned unchanged.
    func stem(_ word: String) -> String {
        guard word.utf8.count > 2, word.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return word }
        var state = State(word: Array(word.utf8))
        state.step1ab()
        if state.k > 0 {
            state.step1c()
            state.step2()
            state.step3()
            state.step4()
            state.step5()
        }
        return String(decoding: state.b[0...state.k], as: UTF8.self)
    }
}

// The names follow the reference implementation: `b` is the word, `k` the index of its last
// letter, `j` the end of the stem that the last successful `ends` left in front of a suffix.
private struct State {
    var b: [UInt8]
    var k: Int
    var j = 0

    init(word: [UInt8]) {
        b = word
        k = word.count - 1
    }

    func isConsonant(_ i: Int) -> Bool {
        switch b[i] {
        case 0x61, 0x65, 0x69, 0x6F, 0x75: return false  // a e i o u
        case 0x79: return i == 0 ? true : !isConsonant(i - 1)  // y
        default: return true
        }
    }

    /// The number of vowel–consonant sequences in `b[0...j]`.
    func measure() -> Int {
        var n = 0
        var i = 0
        while true {
            if i > j { return n }
            if !isConsonant(i) { break }
            i += 1
        }
        i += 1
        while true {
            while true {
                if i > j { return n }
                if isConsonant(i) { break }
                i += 1
            }
            i += 1
            n += 1
            while true {
                if i > j { return n }
                if !isConsonant(i) { break }
                i += 1
            }
            i += 1
        }
    }

    func vowelInStem() -> Bool {
        guard j >= 0 else { return false }
        return (0...j).contains { !isConsonant($0) }
    }

    func doubleConsonant(_ i: Int) -> Bool {
        i >= 1 && b[i] == b[i - 1] && isConsonant(i)
    }

    /// Consonant–vowel–consonant ending at `i`, the last not `w`, `x` or `y` (`hop`, not `snow`).
    func cvc(_ i: Int) -> Bool {
        guard i >= 2, isConsonant(i), !isConsonant(i - 1), isConsonant(i - 2) else { return false }
        return b[i] != 0x77 && b[i] != 0x78 && b[i] != 0x79
    }

    mutating func ends(_ suffix: String) -> Bool {
        let count = suffix.utf8.count
        guard count <= k + 1, b[k] == suffix.utf8.last else { return false }
        var position = k - count + 1
        for byte in suffix.utf8 {
            guard b[position] == byte else { return false }
            position += 1
        }
        j = k - count
        return true
    }

    mutating func setTo(_ replacement: String) {
        b.replaceSubrange((j + 1)..., with: replacement.utf8)
        k = j + replacement.utf8.count
    }

    mutating func replaceIfMeasured(_ replacement: String) {
        if measure() > 0 { setTo(replacement) }
    }

    /// Plurals and `-ed` or `-ing`.
    mutating func step1ab() {
        if b[k] == 0x73 {  // s
            if ends("sses") {
                k -= 2
            } else if ends("ies") {
                setTo("i")
            } else if b[k - 1] != 0x73 {
                k -= 1
            }
        }
        if ends("eed") {
            if measure() > 0 { k -= 1 }
        } else if (ends("ed") || ends("ing")) && vowelInStem() {
            k = j
            if ends("at") {
                setTo("ate")
            } else if ends("bl") {
                setTo("ble")
            } else if ends("iz") {
                setTo("ize")
            } else if doubleConsonant(k) {
                k -= 1
                if b[k] == 0x6C || b[k] == 0x73 || b[k] == 0x7A { k += 1 }  // l s z
            } else if measure() == 1 && cvc(k) {
                setTo("e")
            }
        }
        b.removeSubrange((k + 1)...)
    }

    /// A final `y` after a vowel in the stem becomes `i`.
    mutating func step1c() {
        if ends("y") && vowelInStem() { b[k] = 0x69 }
    }

    /// Double suffixes to single ones (`-ization` → `-ize`), chosen by the next-to-last letter.
    static let step2Rules: [UInt8: [(String, String)]] = [
        0x61: [("ational", "ate"), ("tional", "tion")],
        0x63: [("enci", "ence"), ("anci", "ance")],
        0x65: [("izer", "ize")],
        0x6C: [("bli", "ble"), ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous")],
        0x6F: [("ization", "ize"), ("ation", "ate"), ("ator", "ate")],
        0x73: [("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous")],
        0x74: [("aliti", "al"), ("iviti", "ive"), ("biliti", "ble")],
        0x67: [("logi", "log")],
    ]

    /// `-ic-`, `-full`, `-ness` and the like, chosen by the last letter.
    static let step3Rules: [UInt8: [(String, String)]] = [
        0x65: [("icate", "ic"), ("ative", ""), ("alize", "al")],
        0x69: [("iciti", "ic")],
        0x6C: [("ical", "ic"), ("ful", "")],
        0x73: [("ness", "")],
    ]

    /// The suffixes step 4 removes, chosen by the next-to-last letter (`o` is handled apart).
    static let step4Suffixes: [UInt8: [String]] = [
        0x61: ["al"], 0x63: ["ance", "ence"], 0x65: ["er"], 0x69: ["ic"], 0x6C: ["able", "ible"],
        0x6E: ["ant", "ement", "ment", "ent"], 0x73: ["ism"], 0x74: ["ate", "iti"], 0x75: ["ous"],
        0x76: ["ive"], 0x7A: ["ize"],
    ]

    mutating func step2() {
        applyFirst(Self.step2Rules[b[k - 1]] ?? [])
    }

    mutating func step3() {
        applyFirst(Self.step3Rules[b[k]] ?? [])
    }

    mutating func applyFirst(_ rules: [(String, String)]) {
        for (suffix, replacement) in rules where ends(suffix) {
            replaceIfMeasured(replacement)
            b.removeSubrange((k + 1)...)
            return
        }
    }

    /// `-ant`, `-ence` and the other suffixes of a stem with two or more syllables.
    mutating func step4() {
        var found = false
        if b[k - 1] == 0x6F {  // o
            if ends("ion") && j >= 0 && (b[j] == 0x73 || b[j] == 0x74) {
                found = true
            } else if ends("ou") {
                found = true
            }
        } else {
            found = (Self.step4Suffixes[b[k - 1]] ?? []).contains { ends($0) }
        }
        if found && measure() > 1 {
            k = j
            b.removeSubrange((k + 1)...)
        }
    }

    /// A final `-e`, and `-ll` to `-l`, on long stems.
    mutating func step5() {
        j = k
        if b[k] == 0x65 {
            let m = measure()
            if m > 1 || (m == 1 && !cvc(k - 1)) { k -= 1 }
        }
        if b[k] == 0x6C && doubleConsonant(k) && measure() > 1 { k -= 1 }
        b.removeSubrange((k + 1)...)
    }
}
