/// The words a misspelt query can be corrected to, written into `<lang>-words.js` and loaded only
/// when a query word finds nothing:
/// - `latin`: the words of five letters or more that the pages use (as written, in lower case),
///   most used first, so that among equally near words the reader gets the common one
///   ("contarst" → "contrast", "captoins" → "captions");
/// - `hanPairs`: the index's pairs of Han characters found on two pages or more, from which a query with one wrong character
///   is mended (字募 → 字幕: 字幕 is the pair that shares 字).
struct SpellingVocabulary {
    var latin: [String]
    var hanPairs: [String]

    /// Shorter Latin words are left out: one letter changed in a four-letter word is another word.
    static let shortestWord = 5

    init(documents: [SearchDocument], index: InvertedIndex) {
        var pages: [String: Int] = [:]
        for document in documents {
            var seen = Set<String>()
            for field in document.fields { Self.forEachWord(in: field) { seen.insert($0) } }
            for word in seen { pages[word, default: 0] += 1 }
        }
        latin = pages.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        // A pair on one page only is more often two words side by side than a word a reader meant.
        // Most used first, as for Latin words: the pair a reader most likely meant comes first.
        hanPairs = zip(index.terms, index.postings).compactMap { term, postings -> (String, Int)? in
            let scalars = term.unicodeScalars
            return postings.count >= 2 && scalars.count == 2 && scalars.allSatisfy(SearchTokenizer.isHan) ? (term, postings.count) : nil
        }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
    }

    /// Each run of at least `shortestWord` ASCII letters in `text`, in lower case.
    static func forEachWord(in text: String, _ visit: (String) -> Void) {
        var word: [UInt8] = []
        func flush() {
            if word.count >= shortestWord { visit(String(decoding: word, as: UTF8.self)) }
            word.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte | 0x20)
            // A word glued to digits or other letters ("h1", "é") is no word to correct to.
            default: flush()
            }
        }
        flush()
    }
}
