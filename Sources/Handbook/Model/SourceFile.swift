/// One content file as loaded from disk: where it is, which language and page it is, and its text.
public struct SourceFile: Sendable {
    /// Path relative to the project root, such as `content/en/practices/2.10.md`.
    public var path: String
    /// Language code of the tree the file is in.
    public var language: LanguageCode
    /// Path inside the language tree, such as `practices/2.10.md`: the same for a page and its translations.
    public var relativePath: String
    /// The file's text, with a byte-order mark removed and line ends normalised to `\n`.
    public var text: String
    /// Hex SHA-256 of the file's bytes as stored, so translations can record which source they follow.
    public var hash: String

    /// Creates a source file.
    public init(path: String, language: LanguageCode, relativePath: String, text: String, hash: String) {
        self.path = path
        self.language = language
        self.relativePath = relativePath
        self.text = text
        self.hash = hash
    }
}
