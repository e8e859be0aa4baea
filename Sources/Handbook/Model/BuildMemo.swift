import Foundation
import Markdown
import Mustache

/// One table of results a watch session reuses: each result sits in a slot (where it belongs: a
/// page, a language) with the inputs it was made from, and is reused while those inputs are equal.
/// Comparing inputs, rather than guessing what an edit touched, keeps a rebuild identical to a full
/// build. Memory stays bounded: the slots a run reads or fills are marked, and `forgetUnused` drops
/// the rest after a good run (a deleted page's results, results of inputs that changed since).
final class MemoTable<Slot: Hashable & Sendable, Inputs, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Slot: (inputs: Inputs, value: Value)] = [:]
    private var used: Set<Slot> = []
    private var madeThisRun = 0

    /// The value in `slot` if it was made from equal `inputs`, else `make()`, kept for the next run.
    func value(_ slot: Slot, inputs: Inputs, make: () -> Value) -> Value where Inputs: Equatable {
        value(slot, holds: { $0 == inputs }) { (inputs, make()) }
    }

    /// How many values this run made rather than reused.
    var made: Int { lock.withLock { madeThisRun } }

    /// Starts a run: no slot is marked yet.
    func beginRun() {
        lock.withLock {
            used = []
            madeThisRun = 0
        }
    }

    /// The value in `slot` if `holds` says it still holds for the inputs it was made from, else the
    /// inputs and value `make()` gives, kept for the next run: for results that record their inputs
    /// as they are made (`SiteReads`), which can only be checked, not given beforehand.
    func value(_ slot: Slot, holds: (Inputs) -> Bool, make: () -> (inputs: Inputs, value: Value)) -> Value {
        let known = lock.withLock { () -> (inputs: Inputs, value: Value)? in
            used.insert(slot)
            return entries[slot]
        }
        if let known, holds(known.inputs) { return known.value }
        let (inputs, value) = make()
        lock.withLock {
            entries[slot] = (inputs, value)
            madeThisRun += 1
        }
        return value
    }

    /// Keeps `slot` for the next run though this run did not ask for it (another table's entry stood in for it).
    func keep(_ slot: Slot) { lock.withLock { _ = used.insert(slot) } }

    /// Drops every slot the run did not read or fill.
    func forgetUnused() { lock.withLock { entries = entries.filter { used.contains($0.key) } } }

    /// How many results the table holds.
    var count: Int { lock.withLock { entries.count } }
}

/// A result together with the diagnostics its step reported, so that reusing the result reports
/// them again.
struct Reported<Value> {
    var value: Value
    var diagnostics: [Diagnostic]
}

extension MemoTable {
    /// `value(slot:inputs:make:)` for a step that reports diagnostics: `make` reports into its own
    /// engine, and the diagnostics, made or reused, go to `diagnostics`.
    func reported<Made>(_ slot: Slot, inputs: Inputs, into diagnostics: DiagnosticEngine, make: (DiagnosticEngine) -> Made) -> Made
    where Value == Reported<Made>, Inputs: Equatable {
        let result = value(slot, inputs: inputs) {
            let own = DiagnosticEngine()
            let made = make(own)
            return Reported(value: made, diagnostics: own.diagnostics)
        }
        result.diagnostics.forEach(diagnostics.report)
        return result.value
    }
}

/// What a rebuild in a watch session can take over from the one before: one typed table per kind
/// of result, each keyed by the slot it fills and compared on the inputs it was made from.
final class BuildMemo: @unchecked Sendable {
    /// What a page was published from: its English file, its translation and the numbers that
    /// page text may show.
    struct PageSource: Hashable, Sendable {
        var sourcePath: String
        var sourceHash: String
        var translationHash: String?
        var counts: [String: Int]
    }

    /// Everything a page's bound links show besides the page itself: the targets' titles, anchors
    /// and paths, the UI strings, images and notes of its language (`LinkResolver.targetsFingerprint`).
    /// Two runs give equal pages for equal fingerprints.
    struct PageFingerprint: Hashable, Sendable {
        var source: PageSource
        var targets: Int
    }

    /// A translation checked against its English page, with the glossary when the check uses it.
    struct PairInputs: Equatable {
        var translationHash: String
        var sourceHash: String
        var glossaryHash: String?
    }

    /// What the glossary check of the notes and the UI strings reads: the glossary, the notes
    /// (their file, languages and the pages their links may name) and every language's strings.
    struct YAMLGlossaryInputs: Equatable {
        var glossaryHash: String
        var languages: [LanguageCode]
        var notesHash: String?
        var pages: Int
        var strings: [LanguageCode: String]
    }

    /// One page checked for other regions' words: its file and the synonym table's.
    struct RegionalInputs: Equatable {
        var pageHash: String
        var tableHash: String
    }

    /// What the templates are compiled and checked from: their text, those that could not be
    /// decoded, the keys of the strings they may name, and the folder their diagnostics name.
    struct TemplateInputs: Equatable {
        var sources: [String: String]
        var undecodable: Set<String>
        var stringKeys: Set<String>?
        var folder: String
        /// An earlier error stops the templates from being compiled.
        var blocked: Bool
    }

    /// What the UI strings are resolved from.
    struct StringsInputs: Equatable {
        var files: [LanguageCode: String]
        var unreadable: Set<LanguageCode>
        var languages: [Language]
        var contentFolder: String
        var counts: SiteCounts
    }

    /// What the notes on the source are resolved from: their file, the languages they are shown
    /// in and which pages exist (which decides the links they break).
    struct SourceNotesInputs: Equatable {
        var hash: String
        var languages: [LanguageCode]
        var pages: Int
    }

    /// A page in one language.
    struct PageSlot: Hashable, Sendable {
        var language: LanguageCode
        var path: String
    }

    /// What a page is published from in one language, and the UI strings its text names.
    struct PublishInputs: Equatable {
        var source: PageSource
        var namedStrings: String
    }

    /// A rendered body: the page's fingerprint and the labels (tables, code) of its language.
    struct BodyInputs: Equatable {
        var page: PageFingerprint
        var labels: BodyRenderer.Labels
    }

    /// What a search document takes from the site besides its page: the WCAG catalogue's file and
    /// each language's UI strings.
    struct SearchShared: Hashable, Sendable {
        var wcagHash: String?
        var strings: [LanguageCode: Int]
    }

    /// What a language's index files are made from: its documents and the words that stand for one another.
    struct SearchIndexInputs: Equatable {
        var documents: [SearchDocument]
        var synonyms: [[String]]
    }

    /// What a page's uses of terms and API names in the A–Z index are made from: the page, and the
    /// terms looked for (the generation of `indexTerms` they belong to).
    struct IndexUsesInputs: Equatable {
        var page: PageFingerprint
        var terms: Int
    }

    /// A number no other generation of a result has had in this process.
    static func nextGeneration() -> Int {
        generationLock.withLock {
            lastGeneration += 1
            return lastGeneration
        }
    }

    private static let generationLock = NSLock()
    nonisolated(unsafe) private static var lastGeneration = 0

    /// What a page is rendered from: the compiled templates (the same library, not an equal one),
    /// the template that renders it, the page's whole context, and the file named if it fails.
    /// The renderer reads nothing else, so equal inputs render equal bytes.
    struct RenderInputs: Equatable {
        var library: TemplateLibrary
        var template: String
        var context: MustacheValue
        var source: String

        static func == (lhs: RenderInputs, rhs: RenderInputs) -> Bool {
            lhs.library === rhs.library && lhs.template == rhs.template && lhs.source == rhs.source && lhs.context == rhs.context
        }
    }

    /// Everything a page may show besides pages and UI strings: the configuration, the practices'
    /// and sections' facts, which pages exist, the catalogues' files and the images. Every recorded
    /// result depends on it (`SiteReads`): it changes seldom, and then everything is made again.
    struct SiteShape: Equatable {
        var config: SiteConfig
        var practices: [PracticeInfo]
        var sections: [SectionInfo]
        var pageIDs: [String]
        var hasStrings: Bool
        var glossaryHash: String?
        var wcagHash: String?
        var synonymsHash: String?
        var notes: SourceNotesInputs?
        var images: [ImageFile]
        var movedSections: [String: String]
    }

    /// A published page and the generation of the strings of the language its text is in (its
    /// body's labels): equal when the page shows the same (`ResolvedPage.showsTheSame`).
    struct PageValue: Equatable {
        var page: ResolvedPage
        var strings: Int

        static func == (lhs: PageValue, rhs: PageValue) -> Bool {
            lhs.strings == rhs.strings && lhs.page.showsTheSame(as: rhs.page)
        }
    }

    /// A page rendered from a context whose reads of the site were recorded: the templates (the
    /// same library), the template, the file named if it fails, and what the context read.
    struct RenderTrace {
        var library: TemplateLibrary
        var template: String
        var source: String
        /// Nil when a read could not vouch for anything: the trace never holds.
        var reads: SiteReads?

        func holds(library: TemplateLibrary, template: String, source: String, in facts: SiteFacts) -> Bool {
            self.library === library && self.template == template && self.source == source && reads?.hold(in: facts) == true
        }
    }

    /// An EPUB content document made from the book's list of files (a generation) and what its
    /// making read of the site.
    struct EPUBDocumentTrace {
        var bookFiles: Int
        var reads: SiteReads?
    }

    struct SearchDocumentInputs: Equatable {
        var page: PageFingerprint
        var shared: SearchShared
    }

    let strings = MemoTable<String, StringsInputs, Reported<[LanguageCode: UIStrings]>>()
    let glossaryFindings = MemoTable<String, PairInputs, [Diagnostic]>()
    let parityFindings = MemoTable<String, PairInputs, [Diagnostic]>()
    let published = MemoTable<PageSlot, PublishInputs, (page: ResolvedPage, diagnostics: [Diagnostic])>()
    let sourceNotes = MemoTable<String, SourceNotesInputs, Reported<[SourceNote]>>()
    let links = MemoTable<PageSlot, PageFingerprint, Reported<(page: ResolvedPage, targets: [PageKey])>>()
    let bodies = MemoTable<OutputPath, BodyInputs, RenderedBodies.Page>()
    let searchDocuments = MemoTable<OutputPath, SearchDocumentInputs, SearchDocument>()
    let searchCounts = MemoTable<OutputPath, SearchDocument, SearchScorer.Counted>()
    let searchIndexes = MemoTable<LanguageCode, SearchIndexInputs, [OutputFile]>()
    let indexUses = MemoTable<PageSlot, IndexUsesInputs, AlphabeticalIndex.PageUses>()
    /// Each language's A–Z terms, compared whole, with the generation that names them.
    let indexTerms = MemoTable<LanguageCode, [AlphabeticalIndex.IndexTerm.Key], Int>()
    let yamlGlossaryFindings = MemoTable<String, YAMLGlossaryInputs, Reported<Void>>()
    let regionalFindings = MemoTable<String, RegionalInputs, [Diagnostic]>()
    let templates = MemoTable<String, TemplateInputs, Reported<TemplateLibrary?>>()
    /// Each language's EPUB container, by the entries it holds (compared whole, not by a hash).
    let books = MemoTable<LanguageCode, [ZipArchive.Entry], Result<[UInt8], ZipArchive.Failure>>()
    /// Each language's UI strings as the last run had them, while they are equal: pages' contexts
    /// then hold the same tables as the last run's, and comparing them is comparing references.
    let uiStrings = MemoTable<LanguageCode, UIStrings, UIStrings>()
    /// Each output page's bytes, or the template's error, by the output path.
    let pages = MemoTable<OutputPath, RenderInputs, Result<[UInt8], TemplateError>>()
    /// The same, by what the page's context read of the site: a page whose reads all find what they
    /// found is not given a context at all.
    let renders = MemoTable<OutputPath, RenderTrace, Result<[UInt8], TemplateError>>()
    /// A generation for the site's shape while it stays equal.
    let shapes = MemoTable<String, SiteShape, Int>()
    /// A generation for each language's UI strings while they stay equal.
    let stringGenerations = MemoTable<LanguageCode, UIStrings, Int>()
    /// Each EPUB content document, by language and file, and what its making read.
    let epubDocuments = MemoTable<String, EPUBDocumentTrace, String>()
    /// A generation for each language's list of EPUB content documents while it stays equal.
    let epubBookFiles = MemoTable<LanguageCode, [PageKey: String], Int>()
    /// A generation for each published page while it shows the same.
    let pageGenerations = MemoTable<OutputPath, PageValue, Int>()

    private var tables: [any ForgettingTable] {
        [strings, glossaryFindings, parityFindings, published, sourceNotes, links, bodies, searchDocuments, searchCounts, searchIndexes, indexUses, indexTerms, yamlGlossaryFindings, regionalFindings, templates, books, uiStrings, pages, renders, shapes, stringGenerations, pageGenerations, epubDocuments, epubBookFiles]
    }

    init() {}

    /// Starts a run: nothing is marked used yet.
    func beginRun() { tables.forEach { $0.beginRun() } }

    /// Drops every entry the run did not read or make; call after a run that rendered everything.
    func forgetUnused() { tables.forEach { $0.forgetUnused() } }

    /// How many results each table holds.
    var counts: [Int] { tables.map(\.count) }
}

/// A table whose unused entries can be forgotten, whatever it holds.
protocol ForgettingTable {
    func beginRun()
    func forgetUnused()
    var count: Int { get }
}

extension MemoTable: ForgettingTable {}
