import Markdown

/// Resolve stage output: every page of every language, with cross-references bound to files,
/// relations gathered from both sides, and missing translations filled from the source language.
///
/// Pages, strings and the single-page parts are read through accessors that record each read
/// (`SiteReads`); what else the site holds is its shape (`BuildMemo.SiteShape`), which every
/// recorded result depends on: a property added here belongs in one or the other.
public struct ResolvedSite: Sendable {
    /// Languages and the source language.
    public var config: SiteConfig
    /// Language-independent facts about each practice, by ID order.
    public var practices: [PracticeInfo]
    /// Language-independent facts about each section, in number order.
    public var sections: [SectionInfo]
    /// Content pages other than practices and sections (`about`, `index`, …), by ID.
    public var pageIDs: [String]
    /// Each language's pages and strings, in `config.languages` order.
    public var editions: [Edition] {
        SiteReads.record(.editions)
        return allEditions
    }
    private var allEditions: [Edition]
    /// In a watch session, a fingerprint of what search documents take from the site besides their
    /// page: the WCAG catalogue's file and each language's UI strings (nil in a one-off build).
    var searchFingerprint: BuildMemo.SearchShared?
    /// In a watch session, everything besides pages and strings that a page may show (nil in a one-off build).
    var shape: BuildMemo.SiteShape?
    /// Whether the UI strings could be resolved (the source language's strings.yaml was read);
    /// without them every edition's strings are empty.
    public let hasStrings: Bool
    /// The glossary's terms (`content/glossary.yaml`), which the A–Z index lists.
    var glossary: [GlossaryChecker.Term] = []
    /// The WCAG 2.2 success criteria (`content/wcag.yaml`); without it the site has no WCAG 2.2 map.
    public var wcag: WCAGCatalog?
    /// The words readers type for the same thing (`content/synonyms.yaml`), which search reads.
    public var synonyms = SynonymTable()
    /// Every content image, copied to the output under `ImageFile.outputPath`.
    public var images: [ImageFile] = []
    /// The current number of each renumbered section, by its old number; each old address gets a redirect page.
    public var movedSections: [String: String] = [:]
    /// The entries of `content/source-notes.yaml`, in file order, which the Notes on the source page lists.
    public var sourceNotes: [SourceNote] = []
    /// The single-page edition's parts (`SinglePageEdition.parts`), worked out once after resolving:
    /// every part's page asks for them, and working them out is linear in the site.
    var singlePageParts: [[PageKey]]? {
        get {
            SiteReads.record(.parts)
            return parts
        }
        set { parts = newValue }
    }
    /// Which part holds each entry (`SinglePageEdition.partOf`), worked out with the parts.
    var singlePagePartOf: [PageKey: Int]? {
        get {
            SiteReads.record(.parts)
            return partOf
        }
        set { partOf = newValue }
    }
    private var parts: [[PageKey]]?
    private var partOf: [PageKey: Int]?
    /// Where each language's edition is in `editions`.
    private var editionPositions: [LanguageCode: Int]
    private var sectionPositions: [String: Int]
    private var practicePositions: [String: Int]

    /// Creates a resolved site with an edition for each language of `config`, made of its pages (in
    /// key order) and strings.
    public init(
        config: SiteConfig, practices: [PracticeInfo], sections: [SectionInfo], pageIDs: [String],
        pages: [LanguageCode: [ResolvedPage]], strings: [LanguageCode: UIStrings]
    ) {
        self.config = config
        self.practices = practices
        self.sections = sections
        self.pageIDs = pageIDs
        hasStrings = !strings.isEmpty
        allEditions = config.languages.map { language in
            Edition(language: language, pages: pages[language.code] ?? [], strings: strings[language.code] ?? UIStrings(values: [:]))
        }
        editionPositions = Dictionary(allEditions.enumerated().map { ($1.language.code, $0) }) { a, _ in a }
        sectionPositions = Dictionary(sections.enumerated().map { ($1.number, $0) }) { a, _ in a }
        practicePositions = Dictionary(practices.enumerated().map { ($1.id, $0) }) { a, _ in a }
    }

    /// The edition of the language with `code`.
    public func edition(_ code: LanguageCode) -> Edition? {
        SiteReads.record(.edition(code))
        return editionPositions[code].map { allEditions[$0] }
    }

    /// The source language's UI strings, nil when they could not be resolved.
    public var sourceStrings: UIStrings? { hasStrings ? strings(in: config.sourceLanguage.code) : nil }

    /// The published pages of the language with `code`, in key order (none for an unknown language).
    public func pages(in code: LanguageCode) -> [ResolvedPage] {
        edition(code)?.pages ?? []
    }

    /// The UI strings of the language with `code` (empty for an unknown language).
    public func strings(in code: LanguageCode) -> UIStrings {
        SiteReads.record(.strings(code))
        return editionPositions[code].map { allEditions[$0].strings } ?? UIStrings(values: [:])
    }

    /// The published page of `key` in `language`.
    public func page(_ key: PageKey, in language: LanguageCode) -> ResolvedPage? {
        SiteReads.record(.page(key, language))
        return unrecordedPage(key, in: language)
    }

    /// What links and lists show of the page of `key` in `language`: a result that reads only
    /// this is not made again when the page's text changes.
    func heading(of key: PageKey, in language: LanguageCode) -> PageHeading? {
        SiteReads.record(.heading(key, language))
        return unrecordedPage(key, in: language).map(PageHeading.init)
    }

    // What `SiteFacts` compares, read without being recorded.

    func unrecordedPage(_ key: PageKey, in language: LanguageCode) -> ResolvedPage? {
        editionPositions[language].flatMap { allEditions[$0].page(key) }
    }

    func unrecordedPages(in language: LanguageCode) -> [ResolvedPage] {
        editionPositions[language].map { allEditions[$0].pages } ?? []
    }

    /// The UI strings of each language, read without being recorded.
    var unrecordedStrings: [LanguageCode: UIStrings] {
        Dictionary(allEditions.map { ($0.language.code, $0.strings) }) { first, _ in first }
    }

    var unrecordedParts: [[PageKey]]? { parts }

    /// The section numbered `number`.
    public func section(_ number: String) -> SectionInfo? {
        sectionPositions[number].map { sections[$0] }
    }

    /// The generated pages this site has: the WCAG 2.2 map only when there is a catalogue to map to.
    public var generatedPages: [GeneratedPage] {
        GeneratedPage.allCases.filter { $0.isAlwaysMade || wcag != nil }
    }

    /// The IDs of `generatedPages`.
    public var generatedPageIDs: [String] { generatedPages.map(\.id) }

    /// The practice with ID `id`.
    public func practice(_ id: String) -> PracticeInfo? {
        practicePositions[id].map { practices[$0] }
    }

    /// The practice or section before and after `key` in reading order (each page's pager), found
    /// by position: asking every page for its neighbours stays linear in the site.
    func neighbours(of key: PageKey) -> (previous: PageKey?, next: PageKey?) {
        switch key {
        case .practice(let id):
            guard let index = practicePositions[id] else { return (nil, nil) }
            return (index > 0 ? .practice(practices[index - 1].id) : nil, index + 1 < practices.count ? .practice(practices[index + 1].id) : nil)
        case .section(let number):
            guard let index = sectionPositions[number] else { return (nil, nil) }
            return (index > 0 ? .section(sections[index - 1].number) : nil, index + 1 < sections.count ? .section(sections[index + 1].number) : nil)
        case .page:
            return (nil, nil)
        }
    }

}

/// What links and lists show of a page.
struct PageHeading: Equatable {
    var title: String
    var summary: String
    /// The language its text is in: the source language for a missing translation.
    var contentLanguage: LanguageCode
    var state: TranslationState

    init(_ page: ResolvedPage) {
        title = page.title
        summary = page.summary
        contentLanguage = page.contentLanguage
        state = page.state
    }
}

/// One language's share of the site: the language, its published pages in key order and its UI
/// strings (the source language's filling any gaps).
public struct Edition: Sendable {
    public let language: Language
    public let pages: [ResolvedPage]
    public let strings: UIStrings
    /// Where each page is in `pages`, so lookups stay constant-time on large sites.
    private let positions: [PageKey: Int]

    init(language: Language, pages: [ResolvedPage], strings: UIStrings) {
        self.language = language
        self.pages = pages
        self.strings = strings
        positions = Dictionary(pages.enumerated().map { ($1.key, $0) }) { a, _ in a }
    }

    /// The published page of `key`.
    public func page(_ key: PageKey) -> ResolvedPage? {
        positions[key].map { pages[$0] }
    }
}

/// A practice as the whole site sees it.
public struct PracticeInfo: Sendable, Equatable {
    /// `2.10`.
    public var id: String
    public var principle: Principle
    /// Nil for 4.1.
    public var category: Category?
    /// Related section numbers, from both the practice's and the sections' front matter, sorted.
    public var sections: [String]
    /// The WCAG 2.2 success criteria it serves, in the catalogue's order (none without a catalogue).
    public var wcag: [String] = []
    /// The sections the guide's table in 6.3 gives for the practice (its own `sections:`), sorted;
    /// the rest of `sections` name the practice themselves, and pages show the two apart.
    public var guideSections: [String] = []
}

/// A section as the whole site sees it.
public struct SectionInfo: Sendable, Equatable {
    /// `7.3.6.5`.
    public var number: String
    /// `android`, `ios` or `common`.
    public var platform: Platform
    /// The parent section's number, nil for a chapter.
    public var parent: String?
    /// Child section numbers in order.
    public var children: [String]
    /// Related practice IDs from both sides, sorted.
    public var practices: [String]
    /// The sections its `related:` names that exist, as the English page lists them.
    public var related: [String] = []
}

/// How a published page relates to its source-language text.
public enum TranslationState: String, Sendable {
    /// The page is in the source language.
    case source
    /// A translation made from the current source text.
    case translated
    /// A translation made from an older source text.
    case outdated
    /// No translation: the source text is shown.
    case missing
}

/// One page as published in one language.
public struct ResolvedPage: Sendable {
    // The fields live in one shared box, copied only when a copy is changed: pages are passed
    // around and looked up thousands of times while rendering, and copying a dozen fields (each
    // with its own reference count) every time was a measurable part of the build.
    // A field added here is compared in `showsTheSame(as:)`.
    private final class Storage: @unchecked Sendable {
        var key: PageKey
        var language: LanguageCode
        var contentLanguage: LanguageCode
        var state: TranslationState
        var title: String
        var summary: String
        var body: MarkdownNode
        var headings: [Heading]
        var source: ParsedPage
        var outputPath: OutputPath
        var referencedBy: [PageKey]
        var changes: TranslationChanges?
        var fingerprint: BuildMemo.PageFingerprint?

        init(key: PageKey, language: LanguageCode, contentLanguage: LanguageCode, state: TranslationState, title: String, summary: String, body: MarkdownNode, headings: [Heading], source: ParsedPage, outputPath: OutputPath, referencedBy: [PageKey]) {
            self.key = key
            self.language = language
            self.contentLanguage = contentLanguage
            self.state = state
            self.title = title
            self.summary = summary
            self.body = body
            self.headings = headings
            self.source = source
            self.outputPath = outputPath
            self.referencedBy = referencedBy
        }

        func copy() -> Storage {
            let copy = Storage(key: key, language: language, contentLanguage: contentLanguage, state: state, title: title, summary: summary, body: body, headings: headings, source: source, outputPath: outputPath, referencedBy: referencedBy)
            copy.changes = changes
            copy.fingerprint = fingerprint
            return copy
        }
    }

    private var storage: Storage

    /// Creates a page.
    public init(
        key: PageKey, language: LanguageCode, contentLanguage: LanguageCode, state: TranslationState, title: String, summary: String, body: MarkdownNode, headings: [Heading], source: ParsedPage, outputPath: OutputPath, referencedBy: [PageKey]
    ) {
        storage = Storage(key: key, language: language, contentLanguage: contentLanguage, state: state, title: title, summary: summary, body: body, headings: headings, source: source, outputPath: outputPath, referencedBy: referencedBy)
    }

    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// Which page.
    public var key: PageKey {
        get { storage.key }
        set { unique().key = newValue }
    }

    /// The language tree it is published in.
    public var language: LanguageCode {
        get { storage.language }
        set { unique().language = newValue }
    }

    /// The language its text is in: the source language for a missing translation.
    public var contentLanguage: LanguageCode {
        get { storage.contentLanguage }
        set { unique().contentLanguage = newValue }
    }

    /// Translation state.
    public var state: TranslationState {
        get { storage.state }
        set { unique().state = newValue }
    }

    /// Title in `contentLanguage`.
    public var title: String {
        get { storage.title }
        set { unique().title = newValue }
    }

    /// Summary in `contentLanguage`.
    public var summary: String {
        get { storage.summary }
        set { unique().summary = newValue }
    }

    /// Body with every link rewritten to a relative URL.
    public var body: MarkdownNode {
        get { storage.body }
        set { unique().body = newValue }
    }

    /// The body's headings.
    public var headings: [Heading] {
        get { storage.headings }
        set { unique().headings = newValue }
    }

    /// The parsed file the text comes from.
    public var source: ParsedPage {
        get { storage.source }
        set { unique().source = newValue }
    }

    /// Path below the output folder, such as `zh-Hant/practices/2.10.html`.
    public var outputPath: OutputPath {
        get { storage.outputPath }
        set { unique().outputPath = newValue }
    }

    /// In a watch session, what the page was made from (its files, and everything its links
    /// show): two builds give equal pages for equal fingerprints, so what is made from the page
    /// alone (its search document) can be reused. Nil in a one-off build.
    var fingerprint: BuildMemo.PageFingerprint? {
        get { storage.fingerprint }
        set { unique().fingerprint = newValue }
    }

    /// Whether `other` shows what this page shows: the same box, or equal fields (the fingerprint
    /// aside, which says what the page was made from, not what it is). A copy shares its strings'
    /// and trees' storage, so comparing it is quick.
    func showsTheSame(as other: ResolvedPage) -> Bool {
        let a = storage, b = other.storage
        if a === b { return true }
        return a.key == b.key && a.language == b.language && a.contentLanguage == b.contentLanguage && a.state == b.state
            && a.title == b.title && a.summary == b.summary && a.outputPath == b.outputPath && a.referencedBy == b.referencedBy
            && a.changes == b.changes && a.headings == b.headings && a.source.file.path == b.source.file.path
            && a.source.file.hash == b.source.file.hash && a.body == b.body
    }

    /// Pages whose bodies link here, in key order.
    public var referencedBy: [PageKey] {
        get { storage.referencedBy }
        set { unique().referencedBy = newValue }
    }

    /// For a translation: which English blocks changed since it was marked current.
    public var changes: TranslationChanges? {
        get { storage.changes }
        set { unique().changes = newValue }
    }
}
