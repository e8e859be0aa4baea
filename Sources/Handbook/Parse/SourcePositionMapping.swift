import Markdown

/// Turns cmark positions into file locations. A page body (`LineMap`) and a Markdown value in the
/// front matter (`FieldMarkdown`) sit at different places in their file, but the linter and the
/// link resolver report problems in both the same way.
public protocol SourcePositionMapping: Sendable {
    /// The file location of a cmark position.
    func location(_ position: SourcePosition) -> SourceLocation
}

extension LineMap: SourcePositionMapping {}
