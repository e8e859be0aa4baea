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
    public func build(_ site: ResolvedSite, only codes: Set<String>? = nil) -> [OutputFile] {
        let collector = SearchDocumentCollector(site: site)
        let languages = site.config.languages.filter { codes?.contains($0.code) ?? true }
        return Parallel.map(languages.count) { position -> [OutputFile] in
            let code = languages[position].code
            let documents = collector.documents(in: code)
            let index = SearchScorer().index(documents)
            return SearchIndexFiles(layout: SearchIndexLayout(language: code)).files(documents: documents, index: index)
        }.flatMap { $0 }
    }
}
