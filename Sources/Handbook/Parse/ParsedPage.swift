import Markdown

/// Parse stage output for one file: front matter as typed values and the body as a tree, every
/// piece located, nothing yet checked against other pages.
public struct ParsedPage: Sendable {
    /// The file.
    public var file: SourceFile
    /// Which page this is.
    public var key: PageKey
    /// Where the ID or number was written.
    public var keyLocation: SourceLocation
    /// The page title (the `h1`).
    public var title: String
    /// One sentence for lists, link titles and search snippets.
    public var summary: String
    /// The day the page's text was last checked (`reviewed:`, `2026-12-01`), if its front matter says.
    public var reviewed: String?
    /// Kind-specific front matter.
    public var details: Details
    /// The Markdown body with heading anchors set.
    public var body: MarkdownNode
    /// The body's headings in order.
    public var headings: [Heading]
    /// For translations made before block tracking: the hash of the whole English file.
    public var sourceHash: Located<String>?
    /// For translations: the fingerprints of the English blocks the translation follows (`source_blocks`).
    public var sourceBlocks: Located<String>?
    /// For translations: a fingerprint of the translation's own blocks when it was marked current
    /// (`translation_hash`), to tell whether anyone revised it since.
    public var translationHash: Located<String>?
    /// The page's translatable blocks, worked out when asked: only translation tracking needs them,
    /// and keeping them for every page was a fifth of a large build's memory. Read it once per use.
    public var units: [TranslationUnit] { TranslationUnits.of(self) }
    /// Converts body positions to file locations.
    public var lineMap: LineMap

    /// Front matter that only some kinds of page have.
    public enum Details: Sendable {
        case practice(PracticeDetails)
        case section(SectionDetails)
        case page
    }
}

/// A heading of a page body.
public struct Heading: Sendable, Hashable {
    /// 2 to 6 (the page title is the only level 1).
    public var level: Int
    /// The heading's plain text.
    public var text: String
    /// The `id` it gets, unique within the page.
    public var anchor: String
    /// Where it is.
    public var location: SourceLocation
}

/// A practice's own front matter.
public struct PracticeDetails: Sendable {
    /// `perceivable`, `operable`, `understandable` or `other`.
    public var principle: Principle
    /// The category within the principle; 4.1 has none.
    public var category: Category?
    /// How the templates adopt the practice, in one sentence.
    public var adoption: String
    /// Related sections named in the front matter.
    public var sections: [Located<String>]
    /// The WCAG 2.2 success criteria the practice serves (`wcag:`), checked against `content/wcag.yaml`.
    public var wcag: [Located<String>] = []
}

/// A section's own front matter.
public struct SectionDetails: Sendable {
    /// `android`, `ios` or `common`.
    public var platform: Platform
    /// The parent section when it is not the number minus its last part (the guide's 9.1.3 and 9.1.4).
    public var parent: Located<String>?
    /// Related practices named in the front matter.
    public var practices: [Located<String>]
    /// Other sections this one refers to.
    public var related: [Located<String>]
    /// The program details tables.
    public var programDetails: [ProgramDetail]
    /// Numbers the section had before it was renumbered: each old address becomes a redirect, and
    /// a link to an old number is told the new one.
    public var previousNumbers: [Located<String>] = []
}

/// One "Program Details" block of the guide: which layout or view controller, which code file,
/// and what its classes and functions do.
public struct ProgramDetail: Sendable {
    /// What the code is for, as inline Markdown.
    public var description: FieldMarkdown
    /// Android layout file.
    public var layout: String?
    /// iOS view controller.
    public var viewController: String?
    /// Source file.
    public var codeFile: String?
    /// What the class or function does, one item each, as inline Markdown.
    public var functions: [FieldMarkdown]
    /// Sections the block refers to.
    public var related: [Located<String>]
}
