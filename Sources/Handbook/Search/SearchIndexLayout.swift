/// Names and sizes of the index files of one language, all under `assets/search/`.
///
/// - `<lang>.js`: the documents (kind, ID, title, path, language), the Han folding pairs queries
///   need, and which shard holds which terms and texts, loaded when the reader first focuses the
///   search box;
/// - `<lang>-terms-<n>.js`: a range of terms with their postings, loaded when a query needs them;
/// - `<lang>-text-<n>.js`: the plain text of a run of documents, loaded for the snippets of the
///   results shown;
/// - `<lang>-words.js`: the words a misspelt query is corrected to (`SpellingVocabulary`), loaded
///   only when a query word finds nothing.
///
/// Shards keep each load small however large the site grows: a 10,000-page site still loads the
/// documents list and the few shards a query touches, never the whole index.
struct SearchIndexLayout: Sendable {
    /// The language code.
    let language: LanguageCode

    /// The folder below the output root.
    static let folder = "assets/search"
    /// A term shard is closed once its encoded text reaches this many UTF-8 bytes.
    static let termShardBytes = 48 * 1024
    /// A text shard is closed once its texts reach this many UTF-8 bytes.
    static let textShardBytes = 24 * 1024

    /// The registration name of the main file (`en`).
    var mainName: String { language.rawValue }

    /// The registration name of term shard `index` (`en-terms-0`).
    func termShardName(_ index: Int) -> String { "\(language)-terms-\(index)" }

    /// The registration name of the spelling vocabulary (`en-words`).
    var wordsName: String { "\(language)-words" }

    /// The registration name of text shard `index` (`en-text-0`).
    func textShardName(_ index: Int) -> String { "\(language)-text-\(index)" }

    /// The output path of the file registered as `name`.
    static func path(of name: String) -> OutputPath { "\(folder)/\(name).js" }

    /// The main index file's path, which pages load first (`assets/search/en.js`).
    var mainPath: OutputPath { Self.path(of: mainName) }
}
