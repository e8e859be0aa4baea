@testable import Handbook

extension InvertedIndex {
    /// The documents a query's terms find, best first, ranked the way `search.js` ranks them when
    /// every term must match: the sum of the stored weights.
    func ranking(_ query: String) -> [Int] {
        let terms = SearchTokenizer().tokens(query)
        var scores: [Int: Int] = [:]
        var matched: [Int: Int] = [:]
        for term in Set(terms) {
            for posting in postings(of: term) ?? [] {
                scores[posting.document, default: 0] += posting.impact
                matched[posting.document, default: 0] += 1
            }
        }
        let all = Set(terms).count
        return scores.keys.filter { matched[$0] == all }.sorted { (scores[$0]!, $1) > (scores[$1]!, $0) }
    }
}
