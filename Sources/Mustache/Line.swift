/// One source line after standalone processing: what the parser still has to see of it.
struct Line {
    /// The spaces and tabs that open the line as written, or nil when the line holds nothing else;
    /// standalone blocks dedent their content by the margin their lines share.
    let margin: String?
    /// The line's text, tags and line break, minus what a standalone line drops.
    let pieces: [Piece]
}

/// What a line hands the parser.
enum Piece {
    /// Literal text, line breaks included.
    case text(String)
    /// The start of a line with content: where an indented partial or block adds its indentation.
    case lineStart
    /// A tag and whether it stood alone on its line.
    case tag(Tag, Placement)
}

/// Whether a tag shares its line with other content.
enum Placement {
    /// The tag is part of a line with other content.
    case inline
    /// The tag stood alone on its line (or with its partner, see `StandaloneFilter`); `margin` is the
    /// whitespace that preceded it, which indents partials, parents and blocks.
    case standalone(margin: String)

    /// The whitespace before a standalone tag, nil for an inline one.
    var margin: String? {
        switch self {
        case .inline: return nil
        case .standalone(let margin): return margin
        }
    }
}
