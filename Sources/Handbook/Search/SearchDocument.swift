/// One page as the search index sees it: what the results list shows, and the text of each field
/// that ranking weighs differently.
struct SearchDocument: Sendable, Equatable {
    /// Which group of results the page belongs to; the raw value is what the index file stores.
    enum Kind: String, Sendable {
        /// A best practice.
        case practice = "p"
        /// A section of the guide.
        case section = "s"
        /// Any other page, content or generated.
        case page = "g"
    }

    /// The parts of a page that ranking tells apart, each with how much a term found there counts.
    enum Field: Int, CaseIterable, Sendable {
        /// The `h1`, with the practice's ID or the section's number in front.
        case title
        /// The body's headings (their words count in the body too).
        case headings
        /// The one-sentence summary of the front matter.
        case summary
        /// Everything a reader sees in the page's article: paragraphs, lists, tables, code, program details.
        case body
        /// A practice's WCAG criteria, numbers and names: weighed like headings, so that "1.4.4" or
        /// "Reflow" finds the practices that serve it, but not a title or heading of the page.
        case criteria

        /// How many times a term found here counts, against once in the body.
        var weight: Int {
            switch self {
            case .title: return 6
            case .headings, .criteria: return 2
            case .summary: return 2
            case .body: return 1
            }
        }
    }

    /// Practice, section or other page.
    var kind: Kind
    /// `2.10`, `7.3.6.5` or a page ID such as `about`.
    var id: String
    /// The title without the ID, as lists show it.
    var title: String
    /// Path below the output folder, such as `zh-Hant/practices/2.10.html`.
    var path: OutputPath
    /// The language of the text when it is not the index's (an untranslated page shows English).
    var contentLanguage: LanguageCode?
    /// Text of each field, in `Field` order.
    var fields: [String]
    /// The plain text that snippets are cut from.
    var text: String

    /// The text of `field`; empty for a field the document was made without.
    func text(of field: Field) -> String {
        field.rawValue < fields.count ? fields[field.rawValue] : ""
    }

    /// Whether an exact query for `id` should put this page first: practices and sections only.
    var hasNumberedID: Bool {
        kind != .page
    }
}
