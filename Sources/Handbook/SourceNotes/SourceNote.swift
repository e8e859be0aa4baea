import Markdown

/// One entry of `content/source-notes.yaml`: a place where the handbook departs from the guide it is
/// written from, or where that guide contradicts itself. The Notes on the source page lists every
/// entry, and pages cite one with a `note:ID` link, so a correction made in the content can always
/// be traced back to what the guide says.
public struct SourceNote: Sendable {
    /// The kinds of note, in the order the page groups them.
    public enum Topic: String, Sendable, CaseIterable {
        case titles, relations, versions, platforms, references, names, apis, code, other
    }

    /// Stable identifier, used in `note:` links and as the entry's anchor (`note-<id>`).
    public var id: String
    /// Which group of the page the note belongs to.
    public var topic: Topic
    /// The guide's locations, as the guide numbers them ("6.3", "11.5.1", "3").
    public var guide: [String]
    /// The handbook pages concerned, checked like front-matter relations.
    public var pages: [Located<PageKey>]
    /// Short name, what the guide says, and what the handbook does, each by language code
    /// (inline Markdown without links).
    public var title: [LanguageCode: MarkdownNode]
    public var says: [LanguageCode: MarkdownNode]
    public var does: [LanguageCode: MarkdownNode]
    /// Where the entry starts, for diagnostics.
    public var location: SourceLocation
}
