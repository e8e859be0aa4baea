import Foundation
import Markdown

/// What a rebuild can take over from the one before it (`handbook watch`): each page's counted
/// search terms, each language's search index files, each page's entry in the single-page edition
/// and each translation's glossary warnings, reused when their inputs are equal, so an
/// edit of one page does not tokenize or render every other page again. Comparing inputs, rather
/// than guessing what an edit touched, keeps the result identical to a full build.
final class BuildMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: (document: SearchDocument, counted: SearchScorer.Counted)] = [:]
    private var entries: [String: (body: MarkdownNode, context: Int, html: String)] = [:]
    private var indexes: [String: (documents: [SearchDocument], files: [OutputFile])] = [:]
    private var glossary: [String: [Diagnostic]] = [:]

    init() {}

    /// The counted terms of `document`, from the last build when the document is the same.
    func counted(_ document: SearchDocument, count: () -> SearchScorer.Counted) -> SearchScorer.Counted {
        if let known = lock.withLock({ counts[document.path] }), known.document == document { return known.counted }
        let counted = count()
        lock.withLock { counts[document.path] = (document, counted) }
        return counted
    }

    /// A language's search index files, from the last build when all its documents are the same
    /// (an edit of an English page re-renders its translations, whose text did not change).
    func indexFiles(_ language: String, documents: [SearchDocument], make: () -> [OutputFile]) -> [OutputFile] {
        if let known = lock.withLock({ indexes[language] }), known.documents == documents { return known.files }
        let files = make()
        lock.withLock { indexes[language] = (documents, files) }
        return files
    }

    /// The glossary warnings of a translation, from the last build when neither it, its source nor
    /// the glossary changed (`key` is made of their fingerprints).
    func glossaryWarnings(_ key: String, check: () -> [Diagnostic]) -> [Diagnostic] {
        if let known = lock.withLock({ glossary[key] }) { return known }
        let found = check()
        lock.withLock { glossary[key] = found }
        return found
    }

    /// The HTML of one entry of a single-page edition, from the last build when the page's body and
    /// `context` (a fingerprint of the other pages its links may point to) are the same.
    func entryHTML(_ path: String, body: MarkdownNode, context: Int, render: () -> String) -> String {
        if let known = lock.withLock({ entries[path] }), known.context == context, known.body == body { return known.html }
        let html = render()
        lock.withLock { entries[path] = (body, context, html) }
        return html
    }
}
