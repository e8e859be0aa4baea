import Foundation

/// A translation named on the command line, with its English source: found from any working
/// folder, by walking up from the file to the content folder that holds `site.yaml`.
public struct TranslationFile: Sendable {
    /// Why a file is not a translation the commands can work on.
    public struct Failure: Error, Equatable {
        /// The path as given.
        public var path: String
        /// What is wrong.
        public var message: String
    }

    /// The path as given, for messages.
    public var given: String
    /// The translation's absolute path.
    public var url: URL
    /// The English source's absolute path.
    public var sourceURL: URL
    /// The content folder.
    public var content: URL
    /// The translation's language code.
    public var language: LanguageCode
    /// The path inside the language tree, such as `practices/2.10.md`.
    public var relativePath: String

    /// Finds the translation at `path` (relative to `workingDirectory`); `content` is the content
    /// folder when the user named one, else the nearest folder above the file that holds `site.yaml`.
    public static func locate(_ path: String, workingDirectory: URL, content: URL?) throws(Failure) -> TranslationFile {
        let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : workingDirectory.appendingPathComponent(path)).standardizedFileURL
        var folder = url.deletingLastPathComponent()
        var root = content?.standardizedFileURL
        while root == nil, folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("site.yaml").path) { root = folder }
            folder = folder.deletingLastPathComponent()
        }
        guard let root, url.path.hasPrefix(root.path + "/") else {
            throw Failure(path: path, message: "not a file inside a content folder (none of the folders above it holds site.yaml)")
        }
        let parts = String(url.path.dropFirst(root.path.count + 1)).split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw Failure(path: path, message: "not a file inside a language folder of \(root.path)") }
        let source = sourceLanguage(in: root)
        guard parts[0] != source.rawValue else { throw Failure(path: path, message: "this is an English source, not a translation") }
        let sourceURL = root.appendingPathComponent(source.rawValue).appendingPathComponent(parts[1])
        guard FileManager.default.fileExists(atPath: sourceURL.path) else {
            throw Failure(path: path, message: "no English source at \(display(sourceURL, from: workingDirectory))")
        }
        return TranslationFile(given: path, url: url, sourceURL: sourceURL, content: root, language: LanguageCode(parts[0]), relativePath: parts[1])
    }

    /// Parses the translation (nil when it is not there or cannot be parsed, with the problems).
    public func parseTranslation() -> (page: ParsedPage?, diagnostics: [Diagnostic]) {
        Self.parse(url, language: language, relativePath: relativePath, shownAs: given)
    }

    /// Parses the English source.
    public func parseSource() -> (page: ParsedPage?, diagnostics: [Diagnostic]) {
        Self.parse(sourceURL, language: Self.sourceLanguage(in: content), relativePath: relativePath, shownAs: sourceURL.path)
    }

    /// Parses a file's text as the page at `relativePath` would be.
    static func parse(text: String, hash: String, path: String, language: LanguageCode, relativePath: String) -> ParsedPage? {
        let file = SourceFile(path: path, language: language, relativePath: relativePath, text: text, hash: hash)
        return PageParser(diagnostics: DiagnosticEngine()).parse(file)
    }

    private static func parse(_ url: URL, language: LanguageCode, relativePath: String, shownAs path: String) -> (page: ParsedPage?, diagnostics: [Diagnostic]) {
        let engine = DiagnosticEngine()
        do {
            let (text, hash) = try FileReader.read(url)
            let file = SourceFile(path: path, language: language, relativePath: relativePath, text: text, hash: hash)
            return (PageParser(diagnostics: engine).parse(file), engine.diagnostics)
        } catch {
            engine.error(.unreadable, "cannot read the file", at: SourceLocation(path: path))
            return (nil, engine.diagnostics)
        }
    }

    /// The source language named in `content/site.yaml`; English when it cannot be read.
    public static func sourceLanguage(in content: URL) -> LanguageCode {
        let url = content.appendingPathComponent("site.yaml")
        guard let (text, hash) = try? FileReader.read(url) else { return "en" }
        let file = SourceFile(path: url.path, language: "", relativePath: "site.yaml", text: text, hash: hash)
        return SiteConfigReader(diagnostics: DiagnosticEngine()).read(file)?.sourceLanguage.code ?? "en"
    }

    static func display(_ url: URL, from folder: URL) -> String {
        let base = folder.standardizedFileURL.path + "/"
        return url.path.hasPrefix(base) ? String(url.path.dropFirst(base.count)) : url.path
    }
}
