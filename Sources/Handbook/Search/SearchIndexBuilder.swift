/// Search stage: one offline search index per language, built from the resolved site.
///
/// 1. Collect each page's title (with its ID or number), headings, summary and body text
///    (`SearchDocumentCollector`), and the generated pages' titles and intros.
/// 2. Split every field into terms (`SearchTokenizer`: stemmed English words, Han characters and
///    pairs folded to Simplified, IDs kept whole) and weigh them with BM25 (`SearchScorer`).
/// 3. Write the documents list, the term shards and the snippet texts as `.js` files that register
///    themselves with `templates/assets/search.js` (`SearchIndexFiles`, `SearchIndexLayout`), because
///    a page opened from disk may load scripts but not fetch data.
/// Documents are numbered in page-key order and terms sorted, so the files are the same on every run.
public struct SearchIndexBuilder: Sendable {
    /// Creates a builder.
    public init() {}

    /// The index files of every language, or of the languages in `only` (an incremental rebuild).
    public func build(_ site: ResolvedSite, only codes: Set<LanguageCode>? = nil) -> [OutputFile] {
        let plan = plan(site, only: codes)
        return files(plan, entries: Parallel.map(plan.entries.count) { plan.entries[$0].make() })
    }

    /// One page's part of the index: its document and its counted terms.
    struct Entry: Sendable {
        var document: SearchDocument
        var counted: SearchScorer.Counted
    }

    /// The index's work cut into one job per page (collecting and counting, most of the work), so
    /// that it can share a thread pool with rendering, then `files(_:entries:)` per language.
    struct Plan: Sendable {
        var languages: [LanguageCode]
        /// Each language's groups of words that stand for one another, for queries.
        var synonyms: [[[String]]] = []
        var entries: [(language: Int, make: @Sendable () -> Entry)]
    }

    /// The jobs for every language, or for those in `codes`.
    func plan(_ site: ResolvedSite, only codes: Set<LanguageCode>? = nil, memo: BuildMemo? = nil) -> Plan {
        let collector = SearchDocumentCollector(site: site)
        let scorer = SearchScorer()
        let languages = site.config.languages.map(\.code).filter { codes?.contains($0) ?? true }
        var entries: [(language: Int, make: @Sendable () -> Entry)] = []
        for (position, code) in languages.enumerated() {
            for make in collector.documentMakers(in: code, memo: memo) {
                entries.append((position, {
                    let document = make()
                    let counted = memo?.searchCounts.value(document.path, inputs: document) { scorer.count(document) } ?? scorer.count(document)
                    return Entry(document: document, counted: counted)
                }))
            }
        }
        return Plan(languages: languages, synonyms: languages.map { Self.synonyms(site, language: $0) }, entries: entries)
    }

    /// The groups of `content/synonyms.yaml` in `language`, then each WCAG criterion's number with
    /// its dots and without (`1.4.3`, `143`), since readers type both.
    static func synonyms(_ site: ResolvedSite, language: LanguageCode) -> [[String]] {
        let criteria = (site.wcag?.criteria ?? []).map { [$0.number, $0.number.replacingASCII(".", with: nil)] }
        return site.synonyms.searchGroups(in: language) + criteria
    }

    /// Weighs the counted terms of each language and writes its files; `entries` are the results of
    /// `plan.entries`, in order.
    func files(_ plan: Plan, entries: [Entry], memo: BuildMemo? = nil) -> [OutputFile] {
        Parallel.map(plan.languages.count) { files(ofLanguage: $0, plan, entries: entries, memo: memo) }.flatMap { $0 }
    }

    /// The files of the plan's language at `position` alone.
    func files(ofLanguage position: Int, _ plan: Plan, entries: [Entry], memo: BuildMemo? = nil) -> [OutputFile] {
        let mine = zip(plan.entries, entries).filter { $0.0.language == position }.map(\.1)
        let documents = mine.map(\.document)
        let synonyms = plan.synonyms[position]
        let make = {
            let index = SearchScorer().index(counted: mine.map(\.counted))
            let layout = SearchIndexLayout(language: plan.languages[position])
            return SearchIndexFiles(layout: layout).files(documents: documents, index: index, synonyms: synonyms)
        }
        let inputs = BuildMemo.SearchIndexInputs(documents: documents, synonyms: synonyms)
        return memo?.searchIndexes.value(plan.languages[position], inputs: inputs, make: make) ?? make()
    }
}
