import Markdown

/// Resolve stage: puts every parsed page in one index, then checks and binds what pages say about
/// each other.
///
/// 1. Index the source-language pages by key; report duplicates with where the first was defined.
/// 2. Match translations to their source pages by path; report translations without a source.
/// 3. Check every front-matter relation and gather both directions (a practice's sections and the
///    sections that name the practice).
/// 4. Read `content/source-notes.yaml` and check the pages each note names.
/// 5. For each language, publish the translation or fall back to the source text, then rewrite each
///    body's links (`bp:`, `sec:`, `page:`, `note:`, `#anchor`) to relative file URLs.
public struct SiteResolver {
    private let diagnostics: DiagnosticEngine
    private let timings: StageTimings?
    private let memo: BuildMemo?

    /// Pages that the render stage generates, which `page:` links may name.
    public static let generatedPageIDs = GeneratedPage.allCases.map(\.id)

    /// Creates a resolver.
    public init(diagnostics: DiagnosticEngine) {
        self.init(diagnostics: diagnostics, timings: nil)
    }

    /// Creates a resolver that records stage times and, in a rebuild, reuses the last build's glossary results.
    init(diagnostics: DiagnosticEngine, timings: StageTimings?, memo: BuildMemo? = nil) {
        self.diagnostics = diagnostics
        self.timings = timings
        self.memo = memo
    }

    /// Resolves the parsed pages of every language. `unparsed` holds the keys of source files that
    /// failed to parse (named after their files), so links to them do not add a second error.
    public func resolve(_ parsed: [ParsedPage], content: LoadedContent, unparsed: Set<PageKey> = []) -> ResolvedSite {
        let config = content.config
        let sourceCode = config.sourceLanguage.code
        let sourcePages = index(parsed.filter { $0.file.language == sourceCode })
        // A translation of an English file that failed to parse, or lost its ID to a duplicate, is
        // not an orphan: the English file's own error says what to fix.
        let sourcePaths = Set(content.pages.filter { $0.language == sourceCode }.map(\.relativePath))
        let moved = SectionAliases.read(sourcePages, diagnostics: diagnostics)
        let translations = timings.measure("translations") { matchTranslations(
            parsed.filter { $0.file.language != sourceCode }, sources: sourcePages, sourcePaths: sourcePaths,
            sourceFolder: "\(config.contentFolder)/\(sourceCode)", moved: moved) }
        var catalog = Catalog(pages: sourcePages, unparsed: unparsed)
        catalog.moved = moved
        var practices = resolvePractices(catalog)
        let wcag = timings.measure("wcag") {
            content.wcag.flatMap { WCAGCatalogReader(diagnostics: diagnostics).read($0, languages: config.languages.map(\.code)) }
        }
        let mapping = timings.measure("wcag mapping") {
            WCAGMappingChecker(diagnostics: diagnostics).check(catalog.practiceIDs.compactMap { catalog.pages[.practice($0)] }, catalog: wcag)
        }
        for index in practices.indices { practices[index].wcag = mapping[practices[index].id] ?? [] }
        let sections = resolveSections(catalog)
        timings.measure("child lists") { ChildListChecker(diagnostics: diagnostics).check(parsed, sections: sections) }
        let counts = SiteCounts(practices: practices.count, sections: sections.count)
        let strings = timings.measure("strings") { () -> [LanguageCode: UIStrings] in
            let resolve = { (own: DiagnosticEngine) in StringsResolver(diagnostics: own).resolve(content, config: config).mapValues(counts.fill) }
            guard let memo else { return resolve(diagnostics) }
            let inputs = BuildMemo.StringsInputs(
                files: content.strings.mapValues(\.hash), unreadable: Set(content.unreadableStrings), languages: config.languages,
                contentFolder: config.contentFolder, counts: counts)
            return memo.strings.reported("strings", inputs: inputs, into: diagnostics, make: resolve)
        }
        var glossaryTerms: [GlossaryChecker.Term] = []
        if let glossary = content.glossary {
            let checker = GlossaryChecker(diagnostics: diagnostics)
            let terms = timings.measure("glossary terms") { checker.read(glossary, languages: config.languages.map(\.code), sourceLanguage: config.sourceLanguage.code) }
            glossaryTerms = terms
            let pairs = translations.sorted { $0.key < $1.key }.flatMap { _, pages in
                pages.compactMap { key, page in sourcePages[key].map { (page, $0) } }
            }
            timings.measure("glossary") {
                // A full build splits each source once for all its translations; a rebuild with a
                // memo checks only the pairs that changed, so it splits only their sources.
                let keys = memo == nil ? catalog.keys : []
                let words = Parallel.map(keys.count) { GlossaryChecker.words(of: sourcePages[keys[$0]]!) }
                let wordsByKey = Dictionary(uniqueKeysWithValues: zip(keys, words))
                let found = Parallel.map(pairs.count) { position -> [Diagnostic] in
                    let (translation, source) = pairs[position]
                    let check = { () -> [Diagnostic] in
                        let own = DiagnosticEngine()
                        GlossaryChecker(diagnostics: own).check(
                            translation, source: source, sourceWords: wordsByKey[source.key] ?? GlossaryChecker.words(of: source),
                            terms: terms)
                        return own.diagnostics
                    }
                    guard let memo else { return check() }
                    return memo.glossaryFindings.value(
                        translation.file.path,
                        inputs: BuildMemo.PairInputs(translationHash: translation.file.hash, sourceHash: source.file.hash, glossaryHash: glossary.hash),
                        make: check)
                }
                found.joined().forEach(diagnostics.report)
            }
        }
        let pairs = translations.sorted { $0.key < $1.key }.flatMap { _, pages in
            pages.sorted { $0.key < $1.key }.compactMap { key, page in sourcePages[key].map { (page, $0) } }
        }
        let parity = timings.measure("parity") {
            Parallel.map(pairs.count) { index -> [Diagnostic] in
                let (translation, source) = pairs[index]
                let check = { () -> [Diagnostic] in
                    let own = DiagnosticEngine()
                    TranslationParityChecker(diagnostics: own).check(translation, source: source)
                    return own.diagnostics
                }
                guard let memo else { return check() }
                return memo.parityFindings.value(
                    translation.file.path, inputs: BuildMemo.PairInputs(translationHash: translation.file.hash, sourceHash: source.file.hash),
                    make: check)
            }
        }
        parity.joined().forEach(diagnostics.report)
        var pagesByLanguage: [LanguageCode: [ResolvedPage]] = [:]
        // What each page was published from, by language and key, for reusing its bound links.
        var identities: [LanguageCode: [PageKey: BuildMemo.PageSource]] = [:]
        let pageSource = { (source: ParsedPage, translation: ParsedPage?) in
            BuildMemo.PageSource(sourcePath: source.file.path, sourceHash: source.file.hash, translationHash: translation?.file.hash, counts: counts.values)
        }
        timings.measure("publish") {
            let jobs = config.languages.flatMap { language in
                catalog.keys.compactMap { key in sourcePages[key].map { (language: language.code, key: key, source: $0) } }
            }
            let published = Parallel.map(jobs.count) { index -> (ResolvedPage, [Diagnostic]) in
                let (language, key, source) = jobs[index]
                let translation = translations[language]?[key]
                let make = { () -> (ResolvedPage, [Diagnostic]) in
                    let own = DiagnosticEngine()
                    let page = SiteResolver(diagnostics: own).publish(
                        key, source: source, translation: translation, language: language, counts: counts, strings: strings)
                    return (page, own.diagnostics)
                }
                guard let memo else { return make() }
                let text = translation?.file ?? source.file
                let named = counts.namedStrings(in: text.text, strings: strings[text.language] ?? UIStrings(values: [:]))
                return memo.published.value(
                    BuildMemo.PageSlot(language: language, path: source.file.path),
                    inputs: BuildMemo.PublishInputs(source: pageSource(source, translation), namedStrings: named), make: make)
            }
            for (job, (page, found)) in zip(jobs, published) {
                let language = job.language
                if memo != nil {
                    identities[language, default: [:]][job.key] = pageSource(job.source, translations[language]?[job.key])
                }
                found.forEach(diagnostics.report)
                pagesByLanguage[language, default: []].append(page)
            }
        }
        SectionTitles.standAlone(&pagesByLanguage, sections: sections, strings: strings, sourceLanguage: sourceCode)
        let noteLanguages = [sourceCode] + config.languages.map(\.code).filter { $0 != sourceCode }
        let notes = timings.measure("source notes") { () -> [SourceNote] in
            guard let file = content.sourceNotes else { return [] }
            guard let memo else { return resolveSourceNotes(file, catalog: catalog, languages: noteLanguages, diagnostics: diagnostics) }
            // Which pages exist decides which links the notes break.
            let inputs = BuildMemo.SourceNotesInputs(hash: file.hash, languages: noteLanguages, pages: catalog.fingerprint)
            return memo.sourceNotes.reported(file.path, inputs: inputs, into: diagnostics) {
                resolveSourceNotes(file, catalog: catalog, languages: noteLanguages, diagnostics: $0)
            }
        }
        if !glossaryTerms.isEmpty {
            timings.measure("glossary of notes and strings") {
                let check = { (engine: DiagnosticEngine) in
                    GlossaryChecker(diagnostics: engine).checkYAML(
                        notes: notes, strings: content.strings, sourceLanguage: sourceCode, terms: glossaryTerms)
                }
                guard let memo, let glossary = content.glossary else { return check(diagnostics) }
                let inputs = BuildMemo.YAMLGlossaryInputs(
                    glossaryHash: glossary.hash, languages: noteLanguages, notesHash: content.sourceNotes?.hash, pages: catalog.fingerprint,
                    strings: content.strings.mapValues(\.hash))
                memo.yamlGlossaryFindings.reported("notes and strings", inputs: inputs, into: diagnostics, make: check)
            }
        }
        var linker = LinkResolver(
            diagnostics: diagnostics, catalog: catalog, pages: pagesByLanguage, strings: strings, sourceLanguage: sourceCode,
            tags: Dictionary(uniqueKeysWithValues: config.languages.map { ($0.code, $0.tag) }),
            notes: Dictionary(notes.map { ($0.id, $0) }) { first, _ in first })
        linker.images = ImageCatalog(images: content.images)
        linker.wcag = wcag
        var linked = timings.measure("links") { linker.bindLinks(memo: memo, identities: identities) }
        Self.addNoteBackLinks(notes, to: &linked)
        var site = ResolvedSite(
            config: config, practices: practices, sections: sections,
            pageIDs: catalog.keys.compactMap { if case .page(let id) = $0 { return id } else { return nil } },
            pages: linked, strings: strings)
        site.glossary = glossaryTerms
        site.wcag = wcag
        if let file = content.synonyms {
            site.synonyms = timings.measure("synonyms") {
                SynonymTableReader(diagnostics: diagnostics).read(file, languages: config.languages.map(\.code)) ?? SynonymTable()
            }
            timings.measure("regional words") {
                RegionalWordChecker(diagnostics: diagnostics).check(parsed, table: site.synonyms, memo: memo, tableHash: file.hash)
            }
        }
        site.images = content.images
        site.movedSections = moved
        site.sourceNotes = notes
        site.singlePageParts = SinglePageEdition.parts(site)
        site.singlePagePartOf = SinglePageEdition.partOf(site)
        if memo != nil {
            site.searchFingerprint = BuildMemo.SearchShared(wcagHash: content.wcag?.hash, strings: strings.mapValues(\.fingerprint))
            site.shape = BuildMemo.SiteShape(
                config: config, practices: practices, sections: sections, pageIDs: site.pageIDs, hasStrings: site.hasStrings,
                glossaryHash: content.glossary?.hash, wcagHash: content.wcag?.hash, synonymsHash: content.synonyms?.hash,
                notes: content.sourceNotes.map { BuildMemo.SourceNotesInputs(hash: $0.hash, languages: noteLanguages, pages: catalog.fingerprint) },
                images: content.images, movedSections: moved)
        }
        foldReferencesToRenamedFiles(sourcePages, sourceFolder: "\(config.contentFolder)/\(sourceCode)")
        foldAnchorsOfRenamedHeadings()
        return site
    }

    /// A required heading renamed in English ("How to test" → "Testing it") is one mistake: its
    /// translations then lack the new anchor, but adding it there would be the wrong fix. Their
    /// `missing-anchor` errors are folded into the English page's `missing-heading` error.
    func foldAnchorsOfRenamedHeadings() {
        let renamed = diagnostics.diagnostics.compactMap { diagnostic -> (Diagnostic, String)? in
            guard diagnostic.code == .missingHeading,
                let note = diagnostic.notes.first(where: { $0.message.hasPrefix("is this it, renamed?") }),
                let anchor = note.message.split(separator: "\"", omittingEmptySubsequences: false).dropLast().last
            else { return nil }
            return (diagnostic, String(anchor))
        }
        for (heading, anchor) in renamed {
            let follows = { (candidate: Diagnostic) -> Bool in
                candidate.code == .missingAnchor && candidate.message.contains("has the anchor #\(anchor), ")
                    && candidate.notes.first?.location?.path == heading.location.path
            }
            guard diagnostics.diagnostics.contains(where: follows) else { continue }
            // The anchor the heading should keep, from "… (#how-to-test)".
            let kept = heading.message.components(separatedBy: "(#").last?.prefix { $0 != ")" } ?? ""
            diagnostics.fold({ $0 == heading || follows($0) }) { folded in
                let count = folded.count - 1
                var summary = heading
                let said = count == 1
                    ? "1 translation of this page lacks #\(anchor) as well; it keeps #\(kept) and needs"
                    : "\(count) translations of this page lack #\(anchor) as well; they keep #\(kept) and need"
                summary.notes.append(Diagnostic.Note(said + " no change once the heading is restored"))
                return summary
            }
        }
    }

    /// One mistake, one error: when a source file's ID no longer matches its name (practices/1.10.md
    /// now says `id: "1.14"`), every reference to the name (`bp:1.10`) and every translation of the
    /// file breaks, and a near miss would point them at another page. Those errors are folded into
    /// one at the ID, which says how many there were and where the first is.
    func foldReferencesToRenamedFiles(_ sources: [PageKey: ParsedPage], sourceFolder: String) {
        for page in sources.values.sorted(by: { $0.key < $1.key }) {
            let stem = String(page.file.relativePath.split(separator: "/").last?.dropLast(".md".count) ?? "")
            let named: PageKey
            switch page.key {
            case .practice: named = .practice(stem)
            case .section: named = .section(stem)
            case .page: named = .page(stem)
            }
            guard named != page.key, sources[named] == nil else { continue }
            let noun: String
            switch named {
            case .practice: noun = "practice"
            case .section: noun = "section"
            case .page: noun = "page"
            }
            let reference = "unknown \(noun) \"\(named.id)\""
            let orphan = "translation of \(named) has no source page"
            diagnostics.fold({ $0.message.hasPrefix(reference) || $0.message.hasPrefix(orphan) }) { folded in
                let translations = folded.filter { $0.code == .orphanTranslation }.count
                let references = folded.count - translations
                var parts: [String] = []
                if references > 0 {
                    let files = Set(folded.filter { $0.code != .orphanTranslation }.map(\.location.path)).count
                    parts.append("\(references) reference\(references == 1 ? "" : "s") to \(named) in \(files) file\(files == 1 ? "" : "s")")
                }
                if translations > 0 { parts.append("\(translations) translation\(translations == 1 ? "" : "s") of it") }
                return .error(
                    folded.contains { $0.code == .brokenLink } ? .brokenLink : .orphanTranslation,
                    "\(parts.joined(separator: " and ")) broke: this file was \(named), and its ID now says \"\(page.key.id)\"",
                    at: page.keyLocation,
                    notes: [
                        Diagnostic.Note("the first is here", at: folded[0].location),
                        Diagnostic.Note("set the ID back to \"\(named.id)\", or rename the file and change what names \(named)"),
                    ])
            }
        }
    }

    /// The pages a note names are referenced by the Notes on the source page, where the note links them.
    private static func addNoteBackLinks(_ notes: [SourceNote], to pages: inout [LanguageCode: [ResolvedPage]]) {
        let named = Set(notes.flatMap { $0.pages.map(\.value) })
        let notesPage = PageKey.page("source-notes")
        for language in pages.keys.sorted() {
            guard var list = pages[language], list.contains(where: { $0.key == notesPage }) else { continue }
            for index in list.indices where named.contains(list[index].key) {
                var referencedBy = Set(list[index].referencedBy)
                referencedBy.insert(notesPage)
                list[index].referencedBy = referencedBy.sorted()
            }
            pages[language] = list
        }
    }

    /// The notes on the source, with every page they name checked like a front-matter relation.
    private func resolveSourceNotes(_ file: SourceFile, catalog: Catalog, languages: [LanguageCode], diagnostics: DiagnosticEngine) -> [SourceNote] {
        let notes = SourceNotesReader(diagnostics: diagnostics).read(file, languages: languages)
        for note in notes {
            for page in note.pages {
                if let message = catalog.unknownMessage(page.value) { diagnostics.error(.brokenLink, message, at: page.location) }
            }
        }
        return notes
    }
}

/// The source-language pages by key, with the lists of known IDs that near-miss suggestions use.
struct Catalog {
    let pages: [PageKey: ParsedPage]
    let keys: [PageKey]
    let practiceIDs: [String]
    let sectionNumbers: [String]
    let pageIDs: [String]
    let unparsed: Set<PageKey>
    /// The current number of each renumbered section, by its old number.
    var moved: [String: String] = [:]

    /// Which pages exist, which did not parse and which sections were renumbered: what decides
    /// whether a reference resolves, for keys of reusable results.
    var fingerprint: Int {
        var hasher = Hasher()
        for key in keys { hasher.combine(key) }
        for key in unparsed.sorted() { hasher.combine(key) }
        for (old, new) in moved.sorted(by: { $0.key < $1.key }) { hasher.combine(old); hasher.combine(new) }
        return hasher.finalize()
    }

    init(pages: [PageKey: ParsedPage], unparsed: Set<PageKey> = []) {
        self.pages = pages
        self.unparsed = unparsed
        keys = pages.keys.sorted()
        practiceIDs = keys.compactMap { if case .practice(let id) = $0 { return id } else { return nil } }
        sectionNumbers = keys.compactMap { if case .section(let n) = $0 { return n } else { return nil } }
        pageIDs = keys.compactMap { if case .page(let id) = $0 { return id } else { return nil } }
            + SiteResolver.generatedPageIDs
    }

    /// Whether `key` names a page that will exist, content or generated.
    func contains(_ key: PageKey) -> Bool {
        if case .page(let id) = key, SiteResolver.generatedPageIDs.contains(id) { return true }
        return pages[key] != nil || unparsed.contains(key)
    }

    /// The cross-reference a link written as a file path means (`../sections/13.2.md`,
    /// `13.2.html#layout` → `sec:13.2#layout`), or with its scheme spelt out (`section:13.2`), when the
    /// page it names exists.
    func reference(forPath url: String) -> String? {
        // A cross-reference with its scheme misspelt or spelt out: `section:13.2`, `practice:2.10`.
        if let colon = url.firstIndex(of: ":") {
            let scheme = url[..<colon].lowercased()
            let spelledOut = ["section": "sec", "sections": "sec", "practice": "bp", "practices": "bp", "pages": "page"]
            if let fixed = spelledOut[scheme] ?? NearMiss.suggestion(for: scheme, among: ["bp", "sec", "page"]) {
                let candidate = fixed + ":" + url[url.index(after: colon)...]
                if let (key, _) = PageKey.reference(candidate), contains(key) { return candidate }
            }
            return nil
        }
        let hash = url.firstIndex(of: "#")
        let path = hash.map { String(url[..<$0]) } ?? url
        let fragment = hash.map { String(url[url.index(after: $0)...]) }
        let parts = path.split(separator: "/").map(String.init)
        guard var name = parts.last else { return nil }
        for suffix in [".md", ".html", ".htm"] where name.lowercased().hasSuffix(suffix) { name.removeLast(suffix.count) }
        let folder = parts.dropLast().last
        let keys: [PageKey]
        switch folder {
        case "sections": keys = [.section(name)]
        case "practices": keys = [.practice(name)]
        case "pages": keys = [.page(name)]
        default: keys = [.section(name), .practice(name), .page(name)]
        }
        guard let key = keys.first(where: contains) else { return nil }
        return "\(key)" + (fragment.map { "#\($0)" } ?? "")
    }

    /// The problem with a reference to `key`, with a near miss, or nil when it exists.
    func unknownMessage(_ key: PageKey) -> String? {
        guard !contains(key) else { return nil }
        let (noun, candidates): (String, [String])
        switch key {
        case .practice: (noun, candidates) = ("practice", practiceIDs)
        case .section: (noun, candidates) = ("section", sectionNumbers)
        case .page: (noun, candidates) = ("page", pageIDs)
        }
        var message = "unknown \(noun) \"\(key.id)\""
        if case .section(let old) = key, let new = moved[old] { return message + " (\(key) is now \(new))" }
        // A full-width "１.１" is one edit per character away from "1.1", too far for a near miss.
        if let ascii = PageKeyRules.asciiForm(key.id), candidates.contains(ascii) {
            message += " (did you mean \"\(ascii)\"?)"
        } else if let near = NearMiss.suggestion(for: key.id, among: candidates) {
            message += " (did you mean \"\(near)\"?)"
        }
        return message
    }
}

private extension SiteResolver {
    func index(_ pages: [ParsedPage]) -> [PageKey: ParsedPage] {
        var out: [PageKey: ParsedPage] = [:]
        for page in pages.sorted(by: { $0.file.path < $1.file.path }) {
            if let first = out[page.key] {
                diagnostics.error(
                    .duplicateId, "\(noun(page.key)) \"\(page.key.id)\" is defined twice", at: page.keyLocation,
                    notes: [Diagnostic.Note("first defined here", at: first.keyLocation)])
                continue
            }
            out[page.key] = page
        }
        return out
    }

    func noun(_ key: PageKey) -> String {
        switch key {
        case .practice: return "practice"
        case .section: return "section"
        case .page: return "page"
        }
    }

    func matchTranslations(
        _ pages: [ParsedPage], sources: [PageKey: ParsedPage], sourcePaths: Set<String>, sourceFolder: String,
        moved: [String: String]
    ) -> [LanguageCode: [PageKey: ParsedPage]] {
        var out: [LanguageCode: [PageKey: ParsedPage]] = [:]
        let indexedPaths = Set(sources.values.map(\.file.relativePath))
        for page in pages.sorted(by: { $0.file.path < $1.file.path }) {
            if case .section(let old) = page.key, let new = moved[old], sources[page.key] == nil {
                diagnostics.error(
                    .orphanTranslation, "translation of \(page.key) has no English source (\(page.key) is now \(new))",
                    at: page.keyLocation,
                    notes: [Diagnostic.Note("rename it to \(sourceFolder.split(separator: "/").dropLast().joined(separator: "/"))/\(page.file.language)/sections/\(new).md and set number: \"\(new)\", or run handbook renumber")])
                continue
            }
            guard let source = sources[page.key], source.file.relativePath == page.file.relativePath else {
                if sourcePaths.contains(page.file.relativePath), !indexedPaths.contains(page.file.relativePath) { continue }
                diagnostics.error(
                    .orphanTranslation, "translation of \(page.key) has no source page in \(sourceFolder)/", at: page.keyLocation,
                    notes: [Diagnostic.Note("a translation must have the same path as its source")])
                continue
            }
            if let first = out[page.file.language]?[page.key] {
                diagnostics.error(
                    .duplicateId, "\(noun(page.key)) \"\(page.key.id)\" is defined twice", at: page.keyLocation,
                    notes: [Diagnostic.Note("first defined here", at: first.keyLocation)])
                continue
            }
            out[page.file.language, default: [:]][page.key] = page
        }
        return out
    }

    func check(_ references: [Located<String>], as make: (String) -> PageKey, in catalog: Catalog) -> [String] {
        references.compactMap { reference in
            if let message = catalog.unknownMessage(make(reference.value)) {
                diagnostics.error(.brokenLink, message, at: reference.location)
                return nil
            }
            return reference.value
        }
    }

    func resolvePractices(_ catalog: Catalog) -> [PracticeInfo] {
        var sectionsNaming: [String: Set<String>] = [:]
        for case .section(let number) in catalog.keys {
            guard case .section(let details)? = catalog.pages[.section(number)]?.details else { continue }
            for id in check(details.practices, as: PageKey.practice, in: catalog) { sectionsNaming[id, default: []].insert(number) }
        }
        return catalog.practiceIDs.compactMap { id in
            guard case .practice(let details)? = catalog.pages[.practice(id)]?.details else { return nil }
            let own = check(details.sections, as: PageKey.section, in: catalog)
            let all = Set(own).union(sectionsNaming[id] ?? [])
            return PracticeInfo(
                id: id, principle: details.principle, category: details.category,
                sections: all.sorted(by: NumberOrder.less), guideSections: Set(own).sorted(by: NumberOrder.less))
        }
    }

    func resolveSections(_ catalog: Catalog) -> [SectionInfo] {
        var practicesNaming: [String: Set<String>] = [:]
        for id in catalog.practiceIDs {
            guard case .practice(let details)? = catalog.pages[.practice(id)]?.details else { continue }
            for number in details.sections.map(\.value) { practicesNaming[number, default: []].insert(id) }
        }
        var parents: [String: String] = [:]
        var infos: [SectionInfo] = []
        for number in catalog.sectionNumbers {
            guard let page = catalog.pages[.section(number)], case .section(let details) = page.details else { continue }
            for detail in details.programDetails { _ = check(detail.related, as: PageKey.section, in: catalog) }
            let related = check(details.related, as: PageKey.section, in: catalog)
            let own = Set(details.practices.map(\.value)).intersection(catalog.practiceIDs)
            var parent: String?
            if let explicit = details.parent {
                parent = check([explicit], as: PageKey.section, in: catalog).first
            } else if let dot = number.lastIndex(of: ".") {
                let implied = String(number[..<dot])
                if catalog.pages[.section(implied)] != nil {
                    parent = implied
                } else if let new = catalog.moved[implied] {
                    let renamed = new + number.dropFirst(implied.count)
                    diagnostics.error(
                        .missingParent, "section \"\(number)\" has no parent section \"\(implied)\" (\(implied) is now \(new))",
                        at: page.keyLocation,
                        notes: [Diagnostic.Note("renumber it to \"\(renamed)\" (handbook renumber sec:\(number) \(renamed)), or set parent: \"\(new)\"")])
                } else {
                    diagnostics.error(
                        .missingParent, "section \"\(number)\" has no parent section \"\(implied)\"", at: page.keyLocation,
                        notes: [Diagnostic.Note("add \(page.file.path.dropLast(page.file.relativePath.count))sections/\(implied).md or set \"parent\"")])
                }
            }
            if let parent { parents[number] = parent }
            infos.append(
                SectionInfo(
                    number: number, platform: details.platform, parent: parent, children: [],
                    practices: own.union(practicesNaming[number] ?? []).sorted(by: NumberOrder.less), related: related))
        }
        let position = Dictionary(uniqueKeysWithValues: infos.enumerated().map { ($1.number, $0) })
        breakParentCycles(&infos, parents: parents, position: position, catalog: catalog)
        for info in infos { if let parent = info.parent, let index = position[parent] { infos[index].children.append(info.number) } }
        return infos
    }

    /// Reports each `parent:` cycle at the `parent:` value of its first member and cuts the cycle
    /// there, so that the member becomes a chapter and every later walk up the tree ends.
    func breakParentCycles(_ infos: inout [SectionInfo], parents: [String: String], position: [String: Int], catalog: Catalog) {
        let explicitParent = { (number: String) -> Located<String>? in
            guard case .section(let details)? = catalog.pages[.section(number)]?.details else { return nil }
            return details.parent
        }
        let cycles = ParentCycleFinder.cycles(parents: parents, order: catalog.sectionNumbers) { explicitParent($0) != nil }
        for cycle in cycles {
            let lead = cycle[0]
            if let location = explicitParent(lead)?.location ?? catalog.pages[.section(lead)]?.keyLocation {
                diagnostics.error(
                    .parentCycle, "section \"\(lead)\" is its own ancestor: \((cycle + [lead]).joined(separator: " → "))",
                    at: location, notes: [Diagnostic.Note("set \"parent\" to a section outside the cycle, or remove it")])
            }
            if let index = position[lead] { infos[index].parent = nil }
        }
    }

    func publish(
        _ key: PageKey, source: ParsedPage, translation: ParsedPage?, language: LanguageCode, counts: SiteCounts,
        strings: [LanguageCode: UIStrings]
    ) -> ResolvedPage {
        let page = translation ?? source
        // Counts are filled in the language the text is written in, and a problem reported once.
        let textStrings = strings[page.file.language] ?? UIStrings(values: [:])
        let report = page.file.language == language
        let diagnostics = self.diagnostics
        let state: TranslationState
        let changes = translation.map { TranslationChanges.of($0, source: source) }
        if source.file.language == language {
            state = .source
        } else if let changes {
            state = changes.isEmpty ? .translated : .outdated
        } else {
            state = .missing
        }
        var body = counts.fill(body: page.body, strings: textStrings) { message, position in
            if report { diagnostics.error(.missingString, message, at: page.lineMap.location(position)) }
        }
        let fillLine = { (text: String) in
            counts.fill(page: text, strings: textStrings) { message, _ in
                if report { diagnostics.error(.missingString, message, at: page.keyLocation) }
            }
        }
        if translation != nil, LanguageOfParts.needsMarking(language) {
            LanguageOfParts.mark(&body, as: source.file.language)
        }
        var published = ResolvedPage(
            key: key, language: language, contentLanguage: page.file.language, state: state, title: fillLine(page.title),
            summary: fillLine(page.summary), body: body, headings: page.headings, source: page,
            outputPath: OutputLayout.path(of: key, in: language), referencedBy: [])
        published.changes = changes
        return published
    }
}
