/// The success criteria of WCAG 2.2 as `content/wcag.yaml` lists them: the closed set that the
/// practices' `wcag:` lists name, and the facts the WCAG 2.2 map, the audit checklist and the data
/// export show.
public struct WCAGCatalog: Sendable {
    /// A conformance level.
    public enum Level: String, Sendable, CaseIterable, Comparable {
        case a = "A"
        case aa = "AA"
        case aaa = "AAA"

        /// A before AA before AAA.
        public static func < (a: Level, b: Level) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// A principle or guideline: its number and names by language code.
    public struct Group: Sendable {
        /// `1` or `1.4`.
        public var number: String
        /// Names by language code.
        public var names: [LanguageCode: String]
    }

    /// One success criterion.
    public struct Criterion: Sendable {
        /// `1.4.10`.
        public var number: String
        /// Its level.
        public var level: Level
        /// The WCAG version that added it (`2.0`, `2.1`, `2.2`).
        public var since: String
        /// The version that removed it (`2.2` for 4.1.1 Parsing), nil while it stands.
        public var removed: String?
        /// Short names by language code (`Reflow`).
        public var names: [LanguageCode: String]
        /// Whether the Chinese names are the handbook's own rather than the W3C authorised translation's.
        public var ownNames: Bool
        /// Why no practice serves it: a key of `gaps`, for A and AA criteria the guide leaves out.
        public var gap: String?
        /// Where `content/wcag.yaml` lists it.
        public var location: SourceLocation

        /// `1.4`.
        public var guideline: String { String(number[..<number.lastIndex(of: ".")!]) }
        /// `1`.
        public var principle: String { String(number[..<number.firstIndex(of: ".")!]) }
    }

    /// The four principles in order.
    public var principles: [Group]
    /// The guidelines in order.
    public var guidelines: [Group]
    /// Every criterion in number order, 4.1.1 included.
    public var criteria: [Criterion]
    /// Notes on why a criterion is served by no practice, by key, each with its text by language code.
    public var gaps: [String: [LanguageCode: String]]

    private var positions: [String: Int]

    /// Creates a catalogue.
    public init(principles: [Group], guidelines: [Group], criteria: [Criterion], gaps: [String: [LanguageCode: String]]) {
        self.principles = principles
        self.guidelines = guidelines
        self.criteria = criteria
        self.gaps = gaps
        positions = Dictionary(criteria.enumerated().map { ($1.number, $0) }) { first, _ in first }
    }

    /// The criterion numbered `number`.
    public func criterion(_ number: String) -> Criterion? {
        positions[number].map { criteria[$0] }
    }

    /// The criteria in force in WCAG 2.2 (all but the removed 4.1.1).
    public var current: [Criterion] { criteria.filter { $0.removed == nil } }

    /// `numbers` in the catalogue's order (unknown ones dropped).
    public func ordered(_ numbers: some Sequence<String>) -> [String] {
        numbers.compactMap { positions[$0] }.sorted().map { criteria[$0].number }
    }
}

extension WCAGCatalog.Criterion {
    /// The name in `language`, or the English one.
    func name(in language: LanguageCode) -> String { names[language] ?? names["en"] ?? "" }

    /// `en` when `name(in: language)` is the English standing in for a missing name, else nil.
    func nameFallbackLanguage(in language: LanguageCode) -> LanguageCode? {
        WCAGCatalog.fallbackLanguage(of: names, in: language)
    }
}

extension WCAGCatalog.Group {
    /// The name in `language`, or the English one.
    func name(in language: LanguageCode) -> String { names[language] ?? names["en"] ?? "" }

    /// `en` when `name(in: language)` is the English standing in for a missing name, else nil.
    func nameFallbackLanguage(in language: LanguageCode) -> LanguageCode? {
        WCAGCatalog.fallbackLanguage(of: names, in: language)
    }
}

extension WCAGCatalog {
    /// The tag of a name in `wcag.yaml` read in `language`: `en` when the language has none of its own.
    static func fallbackLanguage(of names: [LanguageCode: String], in language: LanguageCode) -> LanguageCode? {
        names[language] == nil && names["en"] != nil && language != "en" ? "en" : nil
    }
}
