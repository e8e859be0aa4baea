/// A 1-based line and column in a template, the column counted in Characters.
struct Location: Sendable, Equatable {
    /// The line, starting at 1.
    let line: Int
    /// The column, starting at 1, in Unicode grapheme clusters so CJK text counts one per character.
    let column: Int
}
