@testable import Handbook

/// A query as `search.js` plans it (`plan` there): its distinct terms, each with the query's units
/// it covers. A unit is a word, or one character of a Han run; a run's pairs cover their two
/// characters and its single characters are left out, so a pair spanning two words typed together
/// is never required when the words' own pairs cover the run. `Tests/Search/query-plan-vectors.json`
/// holds examples that both must reproduce.
struct SearchQueryPlan: Equatable {
    var terms: [(term: String, units: [Int])]
    var units: Int

    init(_ query: String) {
        let tokens = SearchTokenizer().tokens(query)
        let isHan = { (token: String) in token.unicodeScalars.first.map(SearchTokenizer.isHan) ?? false }
        var terms: [(term: String, units: [Int])] = []
        var units = 0
        // The tokenizer gives a Han run as c0, c0c1, c1, c1c2, c2…: a pair sits between the two
        // characters it joins, which are units of their own.
        var planned: [(term: String, units: [Int])] = []
        for (index, token) in tokens.enumerated() {
            let han = isHan(token)
            if han && token.count == 2 {
                planned.append((token, [units - 1, units]))
            } else {
                let inPair = han
                    && ((index > 0 && isHan(tokens[index - 1]) && tokens[index - 1].count == 2)
                        || (index + 1 < tokens.count && isHan(tokens[index + 1]) && tokens[index + 1].count == 2))
                if !inPair { planned.append((token, [units])) }
                units += 1
            }
        }
        for (term, covered) in planned {
            if let known = terms.firstIndex(where: { $0.term == term }) {
                for unit in covered where !terms[known].units.contains(unit) { terms[known].units.append(unit) }
            } else {
                terms.append((term, covered))
            }
        }
        self.terms = terms
        self.units = units
    }

    static func == (a: SearchQueryPlan, b: SearchQueryPlan) -> Bool {
        a.units == b.units && a.terms.map(\.term) == b.terms.map(\.term) && a.terms.map(\.units) == b.terms.map(\.units)
    }
}

extension InvertedIndex {
    /// The documents a query's terms find, best first, ranked the way `search.js` ranks whole
    /// words: the documents that cover every unit of the query (`SearchQueryPlan`), by the sum of
    /// the stored weights of all the terms they have, spanning pairs included.
    func ranking(_ query: String) -> [Int] {
        let plan = SearchQueryPlan(query)
        var scores: [Int: Int] = [:]
        var covered: [Int: Set<Int>] = [:]
        for (term, units) in plan.terms {
            for posting in postings(of: term) ?? [] {
                scores[posting.document, default: 0] += posting.impact
                covered[posting.document, default: []].formUnion(units)
            }
        }
        return scores.keys.filter { covered[$0]?.count == plan.units }.sorted { (scores[$0]!, $1) > (scores[$1]!, $0) }
    }
}
