/// The shape of the handbook's content, declared in one place: for each kind of page, its front-matter
/// keys (required and optional) and allowed values, and the headings its body must have. The parse
/// stage checks every page against it; CONTRIBUTING describes the same rules for authors.
///
/// It is Swift rather than a data file because the rules are few, change with the code that renders
/// them, and a typo in them should fail to compile rather than at build time.
public enum ContentSchema {
    /// The principles, in the guide's order.
    public static let principles = Principle.allCases

    /// Every category's name, in the guide's order.
    public static let categories = Category.allCases.map(\.rawValue)

    /// The platforms a section can be about.
    public static let platforms = Platform.allCases.map(\.rawValue)

    /// The principle named `name`.
    public static func principle(named name: String) -> Principle? {
        Principle(rawValue: name)
    }

    /// A heading a page body must have: its anchor (which translations keep with `{#anchor}`), its
    /// level and its English text, which messages quote.
    public struct RequiredHeading: Sendable, Equatable {
        /// The heading's anchor, the same in every language.
        public var anchor: String
        /// `2` for `##`.
        public var level: Int
        /// The English heading.
        public var text: String
    }

    /// The front-matter keys and body headings of one kind of page.
    public struct Kind: Sendable {
        /// What messages call a page of this kind.
        public var noun: String
        /// Keys every page of the kind must have.
        public var required: [String]
        /// Keys it may have.
        public var optional: [String]
        /// Headings its body must have, in this order; other headings may come between them.
        public var headings: [RequiredHeading]

        /// Every key a page of this kind may have.
        public var keys: [String] { required + optional }
    }

    /// Keys that translations record; any page may have them.
    static let translationKeys = ["source_hash", "source_blocks", "translation_hash"]

    /// Keys any page may have: `reviewed`, the day its text was last checked (`2026-12-01`), shown as
    /// the page's "Last updated" date instead of `site.yaml`'s `modified`.
    static let pageKeys = ["reviewed"]

    /// A practice page, `practices/<id>.md`.
    public static let practice = Kind(
        noun: "practice",
        required: ["id", "title", "principle"],
        // `category` is required for every principle that has categories; `checkPractice` says so.
        optional: ["category", "adoption", "sections", "wcag", "summary"] + pageKeys + translationKeys,
        headings: [
            RequiredHeading(anchor: "who-it-helps", level: 2, text: "Who it helps"),
            RequiredHeading(anchor: "on-android", level: 2, text: "On Android"),
            RequiredHeading(anchor: "on-ios", level: 2, text: "On iOS"),
            RequiredHeading(anchor: "in-the-templates", level: 2, text: "In the templates"),
            RequiredHeading(anchor: "how-to-test", level: 2, text: "How to test"),
        ])

    /// A section page, `sections/<number>.md`.
    public static let section = Kind(
        noun: "section",
        required: ["number", "title"],
        optional: ["summary", "platform", "parent", "practices", "related", "program_details", "previous_numbers"] + pageKeys + translationKeys,
        headings: [])

    /// The keys of one item of a section's `program_details`.
    public static let programDetailKeys = (
        required: ["description"], optional: ["layout", "view_controller", "code_file", "functions", "related"])

    /// Any other page, `pages/<id>.md`.
    public static let page = Kind(
        noun: "page", required: ["id", "title"], optional: ["summary"] + pageKeys + translationKeys, headings: [])

    /// The kind of the page in `folder` (`practices`, `sections`, anything else is a page).
    public static func kind(ofFolder folder: String) -> Kind {
        switch folder {
        case "practices": return practice
        case "sections": return section
        default: return page
        }
    }

    /// Whether `id` has the shape of a practice ID: `N.M` in ASCII decimal, `N` a principle's number,
    /// `M` from 1, without leading zeros. The principle it must belong to is `principle(ofID:)`.
    public static func isPracticeID(_ id: String) -> Bool {
        principle(ofID: id) != nil
    }

    /// The principle whose number starts `id`, when `id` is a well-formed practice ID.
    public static func principle(ofID id: String) -> Principle? {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = decimal(parts[0]), decimal(parts[1]) != nil else { return nil }
        return principles.first { $0.number == first }
    }

    /// The rule for practice IDs, for notes.
    static var practiceIDRule: String {
        "a practice ID is N.M, where N is its principle's number ("
            + principles.map { "\($0.number) \($0.name)" }.joined(separator: ", ") + ")"
    }

    private static func decimal(_ part: Substring) -> Int? {
        guard !part.isEmpty, part.count <= 4, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }), part.first != "0"
        else { return nil }
        return Int(part)
    }
}
