/// The `id`s that the page templates give their own elements (`templates/layout.mustache`,
/// `practice.mustache`, `section.mustache`, `partials/search.mustache`, `partials/source-notes.mustache`,
/// and the search script's result groups). A heading with one of them would make the skip link or a landmark jump to the
/// wrong place, so explicit heading anchors may not take them and generated ones step around them.
enum TemplateAnchors {
    /// Literal ids of the templates that show a content page.
    static let reserved: Set<String> = [
        "main", "search-input", "page-related-sections", "page-related-practices", "page-referenced-by",
        "page-related-sections-guide", "page-related-sections-derived",
    ]

    /// Prefixes of ids made at run time (`search-group-practice`) or from data (`note-title-2-10`,
    /// `notes-titles` on the Notes on the source page).
    static let reservedPrefixes = ["search-group-", "note-", "notes-"]

    /// Whether a heading may not have `anchor` as its id.
    static func isReserved(_ anchor: String) -> Bool {
        reserved.contains(anchor) || reservedPrefixes.contains { anchor.hasPrefix($0) }
    }
}
