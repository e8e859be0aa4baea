/// The pages the render stage makes from the whole site rather than from one content file: the one
/// list of them, which `page:` links may name, the templates must provide and every stage iterates.
public enum GeneratedPage: String, CaseIterable, Sendable {
    case practices
    case sections
    case principles
    case aToZ = "a-z"
    case translationStatus = "translation-status"
    case handbook
    case checklist
    /// The results page: every result of the query in its address (`search.html?q=…`).
    case search
    /// The WCAG 2.2 map, made only when the site has a catalogue to map to.
    case wcag

    /// The page's ID in `page:` links and its file name; also its template's name.
    public var id: String { rawValue }

    /// Whether every site has it (a template for it is required).
    var isAlwaysMade: Bool { self != .wcag }
}
