/// One piece of a scanned template: a run of text, a line break, or a tag.
enum Token {
    /// Text without line breaks, as a byte range of the source.
    case text(Range<Int>)
    /// `\n` or `\r\n`, kept apart from text so standalone lines are easy to find.
    case lineBreak(Range<Int>)
    /// A tag with its delimiters.
    case tag(Tag)
}

/// A tag as written: its kind, its trimmed content and where it sits in the source.
struct Tag {
    /// What the sigil after the opening delimiter makes of the tag.
    let kind: TagKind
    /// The text between the sigil and the closing delimiter, without surrounding whitespace.
    let content: String
    /// The byte offset of the opening delimiter.
    let start: Int
    /// The byte offset just past the closing delimiter.
    let end: Int
}

/// The kinds of Mustache tag, named after what they do.
enum TagKind {
    /// `{{name}}`: HTML-escaped interpolation.
    case variable
    /// `{{{name}}}` or `{{&name}}`: interpolation as is.
    case unescaped
    /// `{{#name}}`: a section.
    case section
    /// `{{^name}}`: an inverted section.
    case inverted
    /// `{{/name}}`: the end of a section, inverted section, block or parent.
    case close
    /// `{{>name}}`: a partial.
    case partial
    /// `{{<name}}`: a parent template whose blocks may be overridden.
    case parent
    /// `{{$name}}`: a block, a named slot with default content.
    case block
    /// `{{! text }}`: a comment.
    case comment
    /// `{{=<% %>=}}`: a change of delimiters.
    case delimiters

    /// Whether a tag of this kind, alone on a line, takes the whole line away with it.
    var mayStandAlone: Bool {
        switch self {
        case .variable, .unescaped: return false
        default: return true
        }
    }

    /// Whether a tag of this kind opens something that a `{{/name}}` must close.
    var opensSection: Bool {
        switch self {
        case .section, .inverted, .block, .parent: return true
        default: return false
        }
    }
}
