import Markdown

/// Binds the links of every page body: `[](bp:2.10)`, `[text](sec:7.3.6.5#anchor)`, `[text](page:about)`,
/// `[text](note:ID)` and `[text](#anchor)` are checked and keep their target's key (`LinkTarget`),
/// which each output turns into an address when it places the body (`BodyHTML`); empty link texts
/// get the target's number and title in the page's language, unknown targets or anchors are
/// reported with a near miss, and images point at their copy in the output. Back-links
/// ("Referenced by") are gathered on the way.
struct LinkResolver {
    var diagnostics: DiagnosticEngine
    let catalog: Catalog
    let pages: [LanguageCode: [ResolvedPage]]
    let strings: [LanguageCode: UIStrings]
    let sourceLanguage: LanguageCode
    /// The `lang` tag of each language code, for generated text inside a fallback page's body.
    let tags: [LanguageCode: String]
    /// The content images, which `![alt](name.svg)` names.
    var images = ImageCatalog(images: [])
    /// The notes on the source by ID, which `note:ID` links name.
    var notes: [String: SourceNote] = [:]
    /// The WCAG success criteria, which `wcag:1.4.3` links name.
    var wcag: WCAGCatalog?

    /// Every page with its links bound and its back-links filled. Pages are bound in parallel; the
    /// back-links are gathered afterwards, so their order never depends on timing.
    ///
    /// With a `memo` (watch), a page whose identity (`identities`: the files it was published from
    /// and what with) is the same as last time, in a language whose link targets are all the same
    /// (`targetsFingerprint`), is taken from the last build with its diagnostics: a prose edit
    /// binds one page, not every page of the site.
    func bindLinks(memo: BuildMemo? = nil, identities: [LanguageCode: [PageKey: BuildMemo.PageSource]] = [:]) -> [LanguageCode: [ResolvedPage]] {
        let languages = pages.keys.sorted()
        let byKey = Dictionary(uniqueKeysWithValues: languages.map { language in
            (language, Dictionary((pages[language] ?? []).map { ($0.key, $0) }) { first, _ in first })
        })
        let jobs = languages.flatMap { language in (pages[language] ?? []).map { (language, $0) } }
        let fingerprints = memo == nil ? [:] : Dictionary(uniqueKeysWithValues: languages.map { ($0, targetsFingerprint($0)) })
        let bound = Parallel.map(jobs.count) { position -> (page: ResolvedPage, targets: [PageKey]) in
            let (language, page) = jobs[position]
            let targets = byKey[language] ?? [:]
            let bindPage = { (engine: DiagnosticEngine) -> (page: ResolvedPage, targets: [PageKey]) in
                var linker = self
                linker.diagnostics = engine
                return linker.bindPage(page, targets: targets)
            }
            guard let memo, let identity = identities[language]?[page.key], let fingerprint = fingerprints[language] else {
                return bindPage(diagnostics)
            }
            let pageFingerprint = BuildMemo.PageFingerprint(source: identity, targets: fingerprint)
            return memo.links.reported(BuildMemo.PageSlot(language: language, path: page.outputPath.rawValue), inputs: pageFingerprint, into: diagnostics) { engine in
                var result = bindPage(engine)
                result.page.fingerprint = pageFingerprint
                return result
            }
        }

        var out = Dictionary(uniqueKeysWithValues: languages.map { ($0, [ResolvedPage]()) })
        var referencedBy: [LanguageCode: [PageKey: Set<PageKey>]] = [:]
        for ((language, _), result) in zip(jobs, bound) {
            out[language, default: []].append(result.page)
            for target in result.targets { referencedBy[language, default: [:]][target, default: []].insert(result.page.key) }
        }
        for language in languages {
            guard var list = out[language] else { continue }
            for index in list.indices {
                list[index].referencedBy = (referencedBy[language]?[list[index].key] ?? []).sorted()
            }
            out[language] = list
        }
        return out
    }

    /// One page with its links bound, and the pages it links to.
    func bindPage(_ page: ResolvedPage, targets: [PageKey: ResolvedPage]) -> (page: ResolvedPage, targets: [PageKey]) {
        var page = page
        var referenced: [PageKey] = []
        // A fallback page's problems are reported once, in the source language.
        let report = page.state != .missing
        let key = page.key
        let note = { (target: PageKey) in if target != key { referenced.append(target) } }
        page.body = bind(page.body, of: page, at: page.source.lineMap, targets: targets, report: report, noteReference: note)
        if case .section(var details) = page.source.details, !details.programDetails.isEmpty {
            let bindField = { (field: inout FieldMarkdown) in
                field.node = bind(field.node, of: page, at: field, targets: targets, report: report, noteReference: note)
            }
            for index in details.programDetails.indices {
                bindField(&details.programDetails[index].description)
                for item in details.programDetails[index].functions.indices { bindField(&details.programDetails[index].functions[item]) }
            }
            page.source.details = .section(details)
        }
        return (page, referenced)
    }

    /// What the links of a language's pages depend on besides the page itself: every page's key,
    /// title, language, state and anchors, the pages that exist, the renumbered sections, the
    /// strings of reference texts, the images and the notes.
    func targetsFingerprint(_ language: LanguageCode) -> Int {
        var hasher = Hasher()
        for page in pages[language] ?? [] {
            hasher.combine(page.key)
            hasher.combine(page.title)
            hasher.combine(page.contentLanguage)
            hasher.combine(page.state.rawValue)
            hasher.combine(page.outputPath)
            for heading in page.headings { hasher.combine(heading.anchor) }
        }
        hasher.combine(catalog.fingerprint)
        hasher.combine(strings[language]?.fingerprint)
        hasher.combine(sourceLanguage)
        for (code, tag) in tags.sorted(by: { $0.key < $1.key }) { hasher.combine(code); hasher.combine(tag) }
        for image in images.all { hasher.combine(image.path); hasher.combine(image.outputPath); hasher.combine(image.size.width); hasher.combine(image.size.height) }
        for criterion in wcag?.criteria ?? [] {
            hasher.combine(criterion.number)
            for (code, name) in criterion.names.sorted(by: { $0.key < $1.key }) { hasher.combine(code); hasher.combine(name) }
        }
        for id in notes.keys.sorted() {
            hasher.combine(id)
            for (code, title) in (notes[id]?.title ?? [:]).sorted(by: { $0.key < $1.key }) { hasher.combine(code); hasher.combine(title.plainText) }
        }
        return hasher.finalize()
    }

}

private extension LinkResolver {
    /// `body` (a page body or a front-matter Markdown value of `page`, placed in its file by
    /// `lineMap`) with its links bound.
    func bind(
        _ body: MarkdownNode, of page: ResolvedPage, at lineMap: any SourcePositionMapping, targets: [PageKey: ResolvedPage],
        report: Bool, noteReference: (PageKey) -> Void
    ) -> MarkdownNode {
        // Only links change: the rest of the tree stays shared with the parsed page.
        let rewritten = body.rewritten { original -> MarkdownNode? in
            if case .image(let url, let title) = original.kind {
                return bindImage(original, url: url, title: title, of: page, at: lineMap, report: report)
            }
            guard case .link(let url, let title) = original.kind else { return nil }
            var node = original
            // Worked out only for a problem: most links have none.
            var location: SourceLocation { lineMap.location(node.start) }
            if url.hasPrefix("wcag:") {
                return bindCriterion(String(url.dropFirst("wcag:".count)), node: node, of: page, report: report, at: { location })
            }
            if url.hasPrefix("note:") {
                return bindNote(String(url.dropFirst("note:".count)), node: node, of: page, report: report, at: { location }, noteReference: noteReference)
            }
            guard let (key, fragment) = PageKey.reference(url) else {
                if url.hasPrefix("#") {
                    let anchor = String(url.dropFirst())
                    if report && !page.headings.contains(where: { $0.anchor == anchor }) {
                        missingAnchor(anchor, in: page, at: location)
                    }
                } else if report && !isExternal(url) && !HTMLEscaping.isDangerousURL(url) && !url.lowercased().hasPrefix("data:") {
                    var notes = [Diagnostic.Note("link pages with bp:ID, sec:NUMBER or page:ID, which the build checks")]
                    // A file path names its page: the number is in it.
                    if let meant = catalog.reference(forPath: url) { notes.insert(Diagnostic.Note("did you mean \(meant)?"), at: 0) }
                    diagnostics.error(
                        .brokenLink, "link to \"\(url)\" is neither a web address nor a cross-reference",
                        at: location, notes: notes)
                }
                return nil
            }
            if let message = catalog.unknownMessage(key) {
                if report { diagnostics.error(.brokenLink, message, at: location) }
                node.kind = .link(url: "", title: title)
                return node
            }
            noteReference(key)
            if let fragment, let target = targets[key], report, !target.headings.contains(where: { $0.anchor == fragment }) {
                missingAnchor(fragment, in: target, at: location)
            }
            node.kind = .link(url: LinkTarget.page(key, fragment: fragment).url, title: title)
            if node.plainText.trimmingCharacters(in: .whitespaces).isEmpty {
                let reference = referenceText(key, targets: targets, language: page.language)
                node.children = [MarkdownNode(kind: .text(reference.text))]
                // Generated text is in the language of the title it names: the reader's in a fallback
                // (English) body, or English in a translated body that links to a page not yet
                // translated. Wrapped in that language, the link itself (and its name) is read in it.
                if reference.language != page.contentLanguage {
                    node = MarkdownNode(
                        kind: .languageSpan(lang: tags[reference.language] ?? reference.language.rawValue), children: [node],
                        start: node.start, end: node.end)
                }
            }
            return node
        }
        return rewritten ?? body
    }

    /// An image named by its file name, pointed at its copy in the output (its path there; the page's
    /// content language's version when there is one) with the file's width and height, so the page
    /// does not jump when it loads.
    func bindImage(
        _ original: MarkdownNode, url: String, title: String, of page: ResolvedPage, at lineMap: any SourcePositionMapping,
        report: Bool
    ) -> MarkdownNode? {
        guard !url.lowercased().hasPrefix("data:") else { return nil }
        var node = original
        var location: SourceLocation { lineMap.location(original.start) }
        if isExternal(url) || url.contains(":") || url.hasPrefix("//") {
            if report {
                diagnostics.error(
                    .externalImage, "image \"\(url)\" is not in the content", at: location,
                    notes: [Diagnostic.Note("the site makes no outside requests; save the image in content/images/ and write its file name")])
            }
            node.kind = .image(url: "", title: title)
            return node
        }
        guard let image = images.image(named: url, in: page.contentLanguage) else {
            if report {
                var message = "no image \"\(url)\" in content/images/"
                if let near = images.nearestName(to: url) { message += " (did you mean \"\(near)\"?)" }
                diagnostics.error(
                    .missingImage, message, at: location,
                    notes: [Diagnostic.Note("images live in content/images/ (shared) and content/<lang>/images/ (a language's version)")])
            }
            node.kind = .image(url: "", title: title)
            return node
        }
        node.kind = .image(url: image.outputPath.rawValue, title: title)
        node.attributes = [("width", String(image.size.width)), ("height", String(image.size.height))]
        return node
    }

    /// A `wcag:1.4.3` link: to the criterion's row on the WCAG map, its text the criterion's number
    /// and name from `content/wcag.yaml` in the page's language when the link has none, so that a
    /// criterion has one name everywhere. Text other than the bare number is a hand-written name.
    func bindCriterion(
        _ number: String, node original: MarkdownNode, of page: ResolvedPage, report: Bool, at location: () -> SourceLocation
    ) -> MarkdownNode {
        var node = original
        guard let catalog = wcag, let criterion = catalog.criterion(number) else {
            if report {
                var message = wcag == nil
                    ? "link to WCAG criterion \"\(number)\", but there is no content/wcag.yaml"
                    : "\"\(number)\" is not a WCAG 2.2 success criterion"
                if let near = wcag.flatMap({ NearMiss.suggestion(for: number, among: $0.criteria.map(\.number)) }) {
                    message += " (did you mean \"\(near)\"?)"
                }
                diagnostics.error(.brokenLink, message, at: location())
            }
            node.kind = .link(url: "", title: "")
            return node
        }
        if case .link(_, let title) = original.kind {
            node.kind = .link(url: LinkTarget.page(.page("wcag"), fragment: WCAGMap.anchor(number)).url, title: title)
        }
        let text = node.plainText.trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
            let name = criterion.name(in: page.language)
            node.children = [MarkdownNode(kind: .text(strings[page.language]?.text("criterion_reference", ["number": number, "name": name]) ?? "\(number) \(name)"))]
            let language = criterion.nameFallbackLanguage(in: page.language) ?? page.language
            if language != page.contentLanguage {
                node = MarkdownNode(kind: .languageSpan(lang: tags[language] ?? language.rawValue), children: [node], start: node.start, end: node.end)
            }
        } else if text != number, report {
            diagnostics.warning(
                .wcagName, "the link to WCAG \(number) names it \"\(text)\" by hand", at: location(),
                notes: [Diagnostic.Note("write [](wcag:\(number)) for its number and name from content/wcag.yaml, or [\(number)](wcag:\(number)) for the number alone")])
        }
        return node
    }

    /// A `note:ID` link: to the note's entry on the Notes on the source page, its text the note's
    /// title when the link has none; an unknown ID is an error with the nearest ID.
    func bindNote(
        _ id: String, node original: MarkdownNode, of page: ResolvedPage, report: Bool, at location: () -> SourceLocation,
        noteReference: (PageKey) -> Void
    ) -> MarkdownNode {
        var node = original
        guard let note = notes[id] else {
            if report {
                var message = "unknown note \"\(id)\""
                if let near = NearMiss.suggestion(for: id, among: notes.keys.sorted()) { message += " (did you mean \"\(near)\"?)" }
                diagnostics.error(.brokenLink, message, at: location(), notes: [Diagnostic.Note("notes are listed in content/source-notes.yaml")])
            }
            node.kind = .link(url: "", title: "")
            return node
        }
        let key = PageKey.page("source-notes")
        noteReference(key)
        if case .link(_, let title) = original.kind { node.kind = .link(url: LinkTarget.page(key, fragment: "note-" + id).url, title: title) }
        let own = note.title[page.language]
        if node.plainText.trimmingCharacters(in: .whitespaces).isEmpty, let title = own ?? note.title[sourceLanguage] {
            node.children = [MarkdownNode(kind: .text(title.plainText))]
            // As with generated page titles: the title's language, where it differs from the body's.
            let language = own == nil ? sourceLanguage : page.language
            if language != page.contentLanguage {
                node = MarkdownNode(kind: .languageSpan(lang: tags[language] ?? language.rawValue), children: [node], start: node.start, end: node.end)
            }
        }
        return node
    }

    func isExternal(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:")
            || lower.hasPrefix("tel:")
    }

    func missingAnchor(_ anchor: String, in target: ResolvedPage, at location: SourceLocation) {
        var message = "no heading with anchor \"\(anchor)\" in \(target.key)"
        if let near = NearMiss.suggestion(for: anchor, among: target.headings.map(\.anchor)) {
            message += " (did you mean \"\(near)\"?)"
        }
        diagnostics.error(.missingAnchor, message, at: location)
    }

    /// "Best Practice 2.10 – Provide adjustable time control", "Section 7.3.6.5 Register", in `language`,
    /// and the language it is in: the title's, which is most of the text ("Best Practice" of a
    /// string not yet translated is not worth splitting the link for).
    func referenceText(_ key: PageKey, targets: [PageKey: ResolvedPage], language: LanguageCode) -> (text: String, language: LanguageCode) {
        let strings = strings[language] ?? UIStrings(values: [:])
        let titleKey = "page_title_\(key.id)"
        let title = targets[key]?.title ?? strings.text(titleKey)
        let titleLanguage = targets[key]?.contentLanguage
            ?? (strings.fallbackLanguage(of: titleKey) == nil ? language : sourceLanguage)
        switch key {
        case .practice(let id): return (strings.text("practice_reference", ["id": id, "title": title]), titleLanguage)
        case .section(let number): return (strings.text("section_reference", ["number": number, "title": title]), titleLanguage)
        case .page: return (title, titleLanguage)
        }
    }
}
