/// Terms and, for each, the documents that contain it with the weight the term has there: what the
/// index files store, before encoding.
struct InvertedIndex: Sendable, Equatable {
    /// One document of a term's list.
    struct Posting: Sendable, Equatable {
        /// The document's position in the language's document list.
        var document: Int
        /// The term's BM25 weight in the document, in `SearchScorer.unitsPerPoint` units (at least 1).
        var impact: Int
        /// Whether the term is in the document's title or one of its headings: a document whose
        /// title or headings hold the whole query outranks those that have it in their text only.
        var titled = false
    }

    /// Every term, in the order JavaScript compares strings (UTF-16 code units), so the page can
    /// binary-search them.
    var terms: [String]
    /// The postings of each term, by increasing document position.
    var postings: [[Posting]]

    /// The postings of `term`, if the index has it.
    func postings(of term: String) -> [Posting]? {
        var low = 0, high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if Self.less(terms[middle], term) { low = middle + 1 } else { high = middle }
        }
        return low < terms.count && terms[low] == term ? postings[low] : nil
    }

    /// JavaScript's `<` on strings: code unit by code unit in UTF-16.
    static func less(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }
}
