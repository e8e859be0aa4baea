import Foundation

/// Weighs every term of every document with BM25 at build time, so a query only adds up numbers.
///
/// 1. Each field is tokenized (`SearchTokenizer`); a term's frequency is the sum over the fields of
///    its count times the field's weight (BM25F's idea: a word of the title counts six times).
/// 2. A document's length is its number of terms, compared with the language's average.
/// 3. The weight is idf × tf × (k1 + 1) / (tf + k1 × (1 − b + b × length / average)), with
///    idf = ln(1 + (N − df + 0.5) / (df + 0.5)), k1 = 1.2 and b = 0.75.
/// 4. A practice's weights are multiplied by `practiceWeight`: the practice is the page that explains
///    a topic, while the sections that show it in the templates (often twice, Android and iOS, in
///    fewer words, so BM25's length normalisation favours them) would otherwise take the first
///    places for the topic's own words (`vibration`, `background music`).
/// 5. A practice's ID or a section's number, as a term of its own page, gets `idBoost` on top, so an
///    exact query for `2.10` or `7.3.6.5` puts that page first.
/// 6. Weights are stored as whole units of 1/8 (`unitsPerPoint`), at least 1: small numbers, the
///    same on every machine.
/// 7. Each posting says whether its term is in the page's title or headings (`Posting.titled`), for
///    the page's tier in the results.
struct SearchScorer: Sendable {
    /// BM25's term-frequency saturation.
    static let k1 = 1.2
    /// BM25's length normalisation.
    static let b = 0.75
    /// What a practice's BM25 weights are multiplied by, against 1 for sections and other pages.
    static let practiceWeight = 1.2
    /// Added to the weight of a page's own ID or number.
    static let idBoost = 100.0
    /// Stored units per BM25 point.
    static let unitsPerPoint = 8.0

    private let tokenizer = SearchTokenizer()

    /// The weighted terms of `documents`.
    func index(_ documents: [SearchDocument]) -> InvertedIndex {
        index(counted: Parallel.map(documents.count) { count(documents[$0]) })
    }

    /// The weighted terms of documents already counted (`count(_:)`), in document order.
    func index(counted: [Counted]) -> InvertedIndex {
        // Number the terms once, so the rest works on integers.
        var numbers: [TermKey: Int] = [:]
        var terms: [String] = []
        var frequency: [Int] = []
        var documentTerms: [[(term: Int, tf: Int, titled: Bool)]] = []
        documentTerms.reserveCapacity(counted.count)
        for document in counted {
            var list: [(term: Int, tf: Int, titled: Bool)] = []
            list.reserveCapacity(document.terms.count)
            for (term, tf) in document.terms {
                let number: Int
                if let known = numbers[term] {
                    number = known
                } else {
                    number = terms.count
                    numbers[term] = number
                    terms.append(term.text)
                    frequency.append(0)
                }
                frequency[number] += 1
                list.append((number, tf, document.titled.contains(term)))
            }
            documentTerms.append(list)
        }
        let total = Double(counted.count)
        let average = max(1, Double(counted.reduce(0) { $0 + $1.length }) / max(1, total))
        let idf = frequency.map { df in log(1 + (total - Double(df) + 0.5) / (Double(df) + 0.5)) }
        let idNumbers = counted.map { $0.id.flatMap { numbers[TermKey(text: $0)] } }
        var postings = [[InvertedIndex.Posting]](repeating: [], count: terms.count)
        for (position, list) in documentTerms.enumerated() {
            let normaliser = Self.k1 * (1 - Self.b + Self.b * Double(counted[position].length) / average)
            let scale = counted[position].isPractice ? Self.practiceWeight : 1
            for (term, tf, titled) in list {
                var weight = scale * idf[term] * Double(tf) * (Self.k1 + 1) / (Double(tf) + normaliser)
                if term == idNumbers[position] { weight += Self.idBoost }
                let impact = max(1, Int((weight * Self.unitsPerPoint).rounded()))
                postings[term].append(InvertedIndex.Posting(document: position, impact: impact, titled: titled))
            }
        }
        let keys = terms.map { Array($0.utf16) }
        let order = terms.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        return InvertedIndex(terms: order.map { terms[$0] }, postings: order.map { postings[$0] })
    }
}

extension SearchScorer {
    /// One document's terms with their weighted frequencies, its length, its own ID as a term, and
    /// whether it is a practice (`practiceWeight`).
    struct Counted: Sendable {
        /// Each term once with its weighted frequency; an array, not the dictionary that counted them,
        /// since every page's terms are held until its language's index is made.
        var terms: [(key: TermKey, tf: Int)]
        /// The terms of the title and the headings.
        var titled: Set<TermKey> = []
        var length: Int
        var id: String?
        var isPractice = false
    }

    func count(_ document: SearchDocument) -> Counted {
        var terms: [TermKey: Int] = [:]
        var han: [UInt64: Int] = [:]
        var titled: Set<TermKey> = []
        var titledHan: Set<UInt64> = []
        var length = 0
        var cache = SearchTokenizer.Cache()
        for field in SearchDocument.Field.allCases {
            let weight = field.weight
            let isTitled = field == .title || field == .headings
            tokenizer.forEachTerm(
                in: document.text(of: field), cache: &cache,
                han: { term in
                    han[term, default: 0] += weight
                    if isTitled { titledHan.insert(term) }
                    length += 1
                },
                word: { term in
                    let key = TermKey(text: term)
                    terms[key, default: 0] += weight
                    if isTitled { titled.insert(key) }
                    length += 1
                })
        }
        for (term, tf) in han {
            let key = TermKey(text: SearchTokenizer.hanTerm(term))
            terms[key] = tf
            if titledHan.contains(term) { titled.insert(key) }
        }
        let id = document.hasNumberedID ? tokenizer.tokens(document.id).first : nil
        return Counted(
            terms: Array(terms.lazy.map { (key: $0.key, tf: $0.value) }), titled: titled, length: length, id: id, isPractice: document.kind == .practice)
    }
}

/// A term as a dictionary key that hashes and compares its UTF-8 bytes. The tokenizer has already
/// mapped every character to one form, and the reader's browser compares terms by code units, so
/// String's Unicode-aware hashing and comparison (which normalise first) would be work for nothing.
struct TermKey: Hashable, Sendable {
    let text: String
    /// FNV-1a of the bytes, worked out once: a key is hashed on every lookup.
    private let fingerprint: UInt64

    init(text: String) {
        self.text = text
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
        fingerprint = value
    }

    static func == (a: TermKey, b: TermKey) -> Bool {
        guard a.fingerprint == b.fingerprint else { return false }
        var left = a.text, right = b.text
        return left.withUTF8 { x in right.withUTF8 { y in x.elementsEqual(y) } }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }
}
