/// Writes one language's documents and weighted terms as the `.js` files of `SearchIndexLayout`,
/// each a single `HandbookSearch.register(name, data)` call.
struct SearchIndexFiles {
    /// The language's file names.
    let layout: SearchIndexLayout

    /// The main file, then the term shards, then the text shards.
    func files(documents: [SearchDocument], index: InvertedIndex, synonyms: [[String]] = []) -> [OutputFile] {
        let termShards = termShards(index)
        let textShards = textShards(documents)
        var out: [OutputFile] = []
        let docs = documents.map { document -> String in
            var fields = [document.kind.rawValue, document.id, document.title, document.path.rawValue].map(JavaScriptLiteral.string)
            if let language = document.contentLanguage { fields.append(JavaScriptLiteral.string(language.rawValue)) }
            return JavaScriptLiteral.array(fields)
        }
        let terms = termShards.enumerated().map { position, shard in
            JavaScriptLiteral.array([JavaScriptLiteral.string(shard.first), JavaScriptLiteral.string(layout.termShardName(position))])
        }
        let texts = textShards.enumerated().map { position, shard in
            JavaScriptLiteral.array([String(shard.first), JavaScriptLiteral.string(layout.textShardName(position))])
        }
        let words = SpellingVocabulary(documents: documents, index: index)
        let main = JavaScriptLiteral.object([
            ("format", "1"), ("language", JavaScriptLiteral.string(layout.language.rawValue)),
            ("words", JavaScriptLiteral.string(layout.wordsName)),
            ("folding", JavaScriptLiteral.string(foldingPairs(index))),
            ("docs", "[\n" + docs.joined(separator: ",\n") + "\n]"),
            ("terms", JavaScriptLiteral.array(terms)), ("text", JavaScriptLiteral.array(texts)),
            ("synonyms", JavaScriptLiteral.array(synonyms.map { JavaScriptLiteral.array($0.map(JavaScriptLiteral.string)) })),
        ])
        out.append(OutputFile(path: layout.mainPath, text: JavaScriptLiteral.registration(layout.mainName, main)))
        for (position, shard) in termShards.enumerated() {
            let data = JavaScriptLiteral.object([
                ("terms", JavaScriptLiteral.string(SearchIndexEncoder.terms(shard.terms))),
                ("postings", JavaScriptLiteral.string(shard.postings)),
            ])
            let name = layout.termShardName(position)
            out.append(OutputFile(path: SearchIndexLayout.path(of: name), text: JavaScriptLiteral.registration(name, data)))
        }
        let vocabulary = JavaScriptLiteral.object([
            ("latin", JavaScriptLiteral.string(words.latin.joined(separator: " "))),
            ("han", JavaScriptLiteral.string(words.hanPairs.joined(separator: " "))),
        ])
        out.append(OutputFile(path: SearchIndexLayout.path(of: layout.wordsName), text: JavaScriptLiteral.registration(layout.wordsName, vocabulary)))
        for (position, shard) in textShards.enumerated() {
            let data = JavaScriptLiteral.object([
                ("first", String(shard.first)),
                ("texts", "[\n" + shard.texts.map(JavaScriptLiteral.string).joined(separator: ",\n") + "\n]"),
            ])
            let name = layout.textShardName(position)
            out.append(OutputFile(path: SearchIndexLayout.path(of: name), text: JavaScriptLiteral.registration(name, data)))
        }
        return out
    }
}

extension SearchIndexFiles {
    /// The folding pairs a query in this language can need: those whose Simplified form is one of
    /// the index's terms. Any other Traditional character a reader types matches nothing folded or not.
    func foldingPairs(_ index: InvertedIndex) -> String {
        let characters = Set(index.terms.compactMap { term -> Unicode.Scalar? in
            let scalars = term.unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first, SearchTokenizer.isHan(scalar) else { return nil }
            return scalar
        })
        let scalars = Array(HanFolding.pairs.unicodeScalars)
        var out = String.UnicodeScalarView()
        for position in stride(from: 0, to: scalars.count - 1, by: 2) where characters.contains(scalars[position + 1]) {
            out.append(scalars[position])
            out.append(scalars[position + 1])
        }
        return String(out)
    }
}

private extension SearchIndexFiles {
    struct TermShard {
        var first: String
        var terms: [String] = []
        var postings = ""
        var bytes = 0
    }

    struct TextShard {
        var first: Int
        var texts: [String] = []
        var bytes = 0
    }

    /// Consecutive runs of terms, each closed once it reaches `termShardBytes`; the first shard starts
    /// at the empty string so that every term has a shard.
    func termShards(_ index: InvertedIndex) -> [TermShard] {
        var shards = [TermShard(first: "")]
        for (term, postings) in zip(index.terms, index.postings) {
            if shards[shards.count - 1].bytes >= SearchIndexLayout.termShardBytes {
                shards.append(TermShard(first: term))
            }
            let encoded = SearchIndexEncoder.postings(postings)
            shards[shards.count - 1].terms.append(term)
            shards[shards.count - 1].postings += encoded
            shards[shards.count - 1].bytes += term.utf8.count + 2 + encoded.utf8.count
        }
        return shards
    }

    func textShards(_ documents: [SearchDocument]) -> [TextShard] {
        var shards: [TextShard] = []
        for (position, document) in documents.enumerated() {
            if shards.isEmpty || shards[shards.count - 1].bytes >= SearchIndexLayout.textShardBytes {
                shards.append(TextShard(first: position))
            }
            shards[shards.count - 1].texts.append(document.text)
            shards[shards.count - 1].bytes += document.text.utf8.count
        }
        return shards
    }
}
