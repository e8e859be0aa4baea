import Markdown
import Mustache

/// Template contexts for one language: content pages by kind, and the generated pages.
struct ContextBuilder {
    let site: ResolvedSite
    let language: Language
    let strings: UIStrings
    let common: PageContext
    /// Renders the notes' text, whose links are addresses already.
    let body: BodyRenderer
    /// The pages' bodies, rendered once, placed on their pages and in the single-page edition.
    private let bodies: RenderedBodies
    /// The size in bytes of this language's EPUB edition (waited for when this render makes it), nil when there is none.
    private let epubSize: () -> Int?
    /// A watch session's memory, for the A–Z index's page-by-page work.
    private let memo: BuildMemo?
    /// The name of the link beside a heading, split where the heading's words go (once, not per page).
    private let headingLinkLabel: [String]


    init(site: ResolvedSite, language: Language, bodies: RenderedBodies, epubSize: @escaping () -> Int? = { nil }, memo: BuildMemo? = nil) {
        self.site = site
        self.memo = memo
        self.bodies = bodies
        self.epubSize = epubSize
        self.language = language
        let resolved = site.strings(in: language.code)
        strings = memo?.uiStrings.value(language.code, inputs: resolved) { resolved } ?? resolved
        common = PageContext(site: site, language: language, strings: strings)
        body = BodyRenderer(labels: BodyRenderer.Labels(strings))
        let marker = "\u{0}heading\u{0}"
        let label = strings.text("heading_link_label", ["heading": marker])
        headingLinkLabel = label.components(separatedBy: marker)
    }

    /// The day of an ISO 8601 UTC date and time (`2026-12-01T00:00:00Z`) as a reader of `language`
    /// writes it: "1 December 2026", "2026年12月1日". Never the build's clock.
    static func date(_ iso: String, language: LanguageCode) -> String {
        let parts = iso.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]) else { return String(iso.prefix(10)) }
        if ["zh", "ja"].contains(language.primaryLanguage) { return "\(parts[0])年\(parts[1])月\(parts[2])日" }
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return "\(parts[2]) \(months[parts[1] - 1]) \(parts[0])"
    }

    /// A page's own body on its page, with a link beside each heading.
    func placedBody(_ page: ResolvedPage) -> PagePlacedBody {
        PagePlacedBody(bodies[page].body, at: page.outputPath, language: language.code, headingLinkLabel: headingLinkLabel)
    }

    /// The template that renders a content page.
    func templateName(for key: PageKey) -> String {
        switch key {
        case .practice: return "practice"
        case .section: return "section"
        case .page("index"): return "index"
        case .page: return "page"
        }
    }

    /// Records, into the recording of the context being made (`SiteReads`), what this builder read
    /// once for all its pages: the language's strings.
    private func recordSharedReads() {
        SiteReads.record(.strings(language.code))
    }

    /// The context of a content page.
    func context(for page: ResolvedPage) -> MustacheValue {
        recordSharedReads()
        SiteReads.record(.page(page.key, page.language))
        let base = common.base(
            path: page.outputPath, key: page.key, title: heading(page), contentLanguage: page.contentLanguage,
            state: page.state, breadcrumbs: breadcrumbs(page.key))
        var view = ContentPageView(
            body: placedBody(page), summary: page.summary,
            referencedBy: referencedBy(page.referencedBy, from: page.outputPath), toc: tableOfContents(page))
        // The page's own `reviewed:` date when it has one, else the day the content last changed.
        let updated = page.source.reviewed ?? site.config.modified
        view.updated = strings.text("page_updated", ["date": Self.date(updated, language: language.code)])
        if page.state == .outdated, let changes = page.changes { view.noticeChanges = changedParts(changes, of: page) }
        switch page.key {
        case .practice(let id):
            view.practice = practiceContext(id, page: page)
        case .section(let number):
            view.section = sectionContext(number, page: page)
        case .page("index"):
            view.principles = principlesContext(from: page.outputPath)
            view.epub = epubLink(from: page.outputPath)
        case .page("offline"):
            view.epub = epubLink(from: page.outputPath)
        case .page("source-notes"):
            view.sourceNotes = sourceNotesContext(from: page.outputPath)
        case .page:
            break
        }
        return .view(LayeredView(layers: [view, base]))
    }

    /// The link to this language's EPUB edition with its size, or nothing when there is none.
    func epubLink(from path: OutputPath) -> MustacheValue {
        SiteReads.record(.epubSize(language.code))
        guard let epubSize = epubSize() else { return .null }
        return .view(EPUBLinkView(
            href: RelativeURL.from(path, to: OutputLayout.epub(in: language.code)),
            text: strings.text("epub_download", ["size": Self.size(epubSize)]),
            lang: common.lang(of: "epub_download")))
    }

    /// A file size as readers say it: `850 KB`, `1.2 MB` (decimal units, one digit after the point).
    static func size(_ bytes: Int) -> String {
        if bytes < 999_500 { return "\(max(1, (bytes + 500) / 1000)) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// The parts of an outdated translation whose English changed, named in the reader's language
    /// where the translation has them (a heading with the same anchor), and a link to the English page.
    func changedParts(_ changes: TranslationChanges, of page: ResolvedPage) -> MustacheValue {
        let source = site.config.sourceLanguage.code
        let own = Dictionary(page.headings.map { ($0.anchor, $0.text) }) { first, _ in first }
        var seen = Set<String>()
        var items: [MustacheValue] = []
        for unit in changes.changed {
            let (text, lang): (String, String?)
            switch unit.kind {
            case .title: (text, lang) = (strings.text("changed_part_title"), nil)
            case .summary: (text, lang) = (strings.text("changed_part_summary"), nil)
            case .adoption: (text, lang) = (strings.text("adoption_label"), nil)
            case .description, .function: (text, lang) = (strings.text("program_details"), nil)
            default:
                if let heading = unit.heading {
                    (text, lang) = own[heading.anchor].map { ($0, nil) } ?? (heading.text, source.rawValue)
                } else {
                    (text, lang) = (strings.text("changed_part_introduction"), nil)
                }
            }
            guard seen.insert(text).inserted else { continue }
            items.append(.view(TextLangView(text: text, lang: .lang(lang))))
        }
        let label = items.isEmpty ? "notice_changed_removed" : "notice_changed_parts"
        return .view(ChangedPartsView(
            label: strings.text(label), labelLang: common.lang(of: label), parts: ItemsView.list(items),
            href: RelativeURL.from(page.outputPath, to: OutputLayout.path(of: page.key, in: source)), hreflang: source.rawValue,
            link: strings.text("notice_read_english"), linkLang: common.lang(of: "notice_read_english")))
    }

    /// "2.10 Provide adjustable time control", "7.3.6.5 Register", "About this handbook".
    func heading(_ page: ResolvedPage) -> String {
        switch page.key {
        case .practice(let id): return "\(id) \(page.title)"
        case .section(let number): return "\(number) \(page.title)"
        case .page: return page.title
        }
    }

    /// The root `index.html`: the same welcome in every language, each leading to its home page.
    static func rootContext(_ site: ResolvedSite) -> MustacheValue {
        let source = site.strings(in: site.config.sourceLanguage.code)
        return .view(RootView(
            lang: site.config.sourceLanguage.tag, title: source.text("site_title"), strings: source,
            languages: site.editions.map { .view(RootLanguageView(language: $0.language, strings: $0.strings)) }))
    }
}

// MARK: - Content pages

private extension ContextBuilder {
    func breadcrumbs(_ key: PageKey) -> [(title: String, key: PageKey?, lang: String?)] {
        switch key {
        case .practice(let id):
            return [(strings.text("nav_practices"), .page("practices"), strings.fallbackLanguage(of: "nav_practices")), (id, nil, nil)]
        case .section(let number):
            // The resolver cuts parent cycles; the bound keeps this walk finite even if one slipped through.
            var ancestors: [(String, PageKey?, String?)] = []
            var current = site.section(number)?.parent
            while let parent = current, ancestors.count < site.sections.count {
                ancestors.append((parent, .section(parent), nil))
                current = site.section(parent)?.parent
            }
            return [(strings.text("nav_sections"), .page("sections"), strings.fallbackLanguage(of: "nav_sections"))]
                + ancestors.reversed() + [(number, nil, nil)]
        case .page("index"):
            return []
        case .page:
            let page = site.heading(of: key, in: language.code)
            let lang = page.flatMap { $0.contentLanguage == language.code ? nil : site.config.tag(of: $0.contentLanguage) }
            return [(page?.title ?? key.id, nil, lang)]
        }
    }

    func list(_ keys: [PageKey], from path: OutputPath) -> MustacheValue {
        ItemsView.list(keys.map { .view(common.link(to: $0, from: path)) })
    }

    /// Back-links grouped by kind under their own labels, since "2.10" and "7.3.6.5" alone do not say
    /// which is a practice and which a section, and generated pages have no number to show.
    func referencedBy(_ keys: [PageKey], from path: OutputPath) -> MustacheValue {
        guard !keys.isEmpty else { return .null }
        func group(_ isMember: (PageKey) -> Bool) -> MustacheValue { list(keys.filter(isMember), from: path) }
        return .view(ReferencedByView(
            practices: group { if case .practice = $0 { true } else { false } },
            sections: group { if case .section = $0 { true } else { false } },
            pages: group { if case .page = $0 { true } else { false } }))
    }

    /// "On this page" for pages with three or more `h2`: the body's and those the template adds.
    func tableOfContents(_ page: ResolvedPage) -> MustacheValue {
        let contentTag = page.contentLanguage == language.code ? nil : site.config.tag(of: page.contentLanguage)
        var items: [MustacheValue] = page.headings.filter { $0.level == 2 }.map { heading in
            .view(TOCItemView(anchor: heading.anchor, text: heading.text, lang: .lang(contentTag)))
        }
        func add(_ anchor: String, _ key: String) {
            items.append(.view(TOCItemView(anchor: anchor, text: strings.text(key), lang: common.lang(of: key))))
        }
        // Only the practice and section templates show the relations; other pages have none to list.
        switch page.key {
        case .practice: add("page-related-sections", "related_sections")
        case .section(let number):
            add("page-related-practices", "related_practices")
            if site.section(number)?.related.isEmpty == false { add("page-related-sections", "related_sections") }
        case .page("source-notes"):
            for topic in sourceNoteTopics { add("notes-\(topic.rawValue)", "source_notes_topic_\(topic.rawValue)") }
            return items.count >= 3 ? .view(ItemsView(items: items)) : .null
        case .page: return items.count >= 3 ? .view(ItemsView(items: items)) : .null
        }
        if !page.referencedBy.isEmpty { add("page-referenced-by", "referenced_by") }
        return items.count >= 3 ? .view(ItemsView(items: items)) : .null
    }

    /// An empty view when the site has no such practice (the resolver reported it).
    func practiceContext(_ id: String, page: ResolvedPage) -> MustacheValue {
        guard let info = site.practice(id) else { return .view(LayeredView(layers: [])) }
        var view = PracticeView(
            id: id, principle: strings.text(info.principle.stringKey),
            principleLang: common.lang(of: info.principle.stringKey),
            principleHref: RelativeURL.from(page.outputPath, to: OutputLayout.path(of: .page("principles"), in: language.code)) + "#\(info.principle.rawValue)",
            sections: list(info.sections.map(PageKey.section), from: page.outputPath),
            guideSections: list(info.guideSections.map(PageKey.section), from: page.outputPath),
            derivedSections: list(
                info.sections.filter { !info.guideSections.contains($0) }.map(PageKey.section), from: page.outputPath),
            pager: pager(PageKey.practice(id), from: page.outputPath))
        if let category = info.category {
            view.category = TextLangView(text: strings.text(category.stringKey), lang: common.lang(of: category.stringKey))
        }
        if case .practice(let details) = page.source.details, !details.adoption.isEmpty {
            view.adoption = details.adoption
        }
        if let catalog = site.wcag, !info.wcag.isEmpty {
            let map = OutputLayout.path(of: .page("wcag"), in: language.code)
            view.wcag = .view(ItemsView(items: info.wcag.compactMap { catalog.criterion($0) }.map { criterion in
                .view(WCAGCriterionLinkView(
                    number: criterion.number, name: criterion.name(in: language.code),
                    nameLang: .lang(criterion.nameFallbackLanguage(in: language.code)), level: criterion.level.rawValue,
                    href: RelativeURL.from(page.outputPath, to: map) + "#" + WCAGMap.anchor(criterion.number)))
            }))
        }
        return .view(view)
    }

    func sectionContext(_ number: String, page: ResolvedPage) -> MustacheValue {
        guard let info = site.section(number) else { return .view(LayeredView(layers: [])) }
        var view = SectionView(
            number: number,
            platform: info.platform == .common ? .null : .string(strings.text(info.platform.stringKey)),
            platformLang: common.lang(of: info.platform.stringKey),
            practices: list(info.practices.map(PageKey.practice), from: page.outputPath),
            related: list(info.related.map(PageKey.section), from: page.outputPath),
            children: list(info.children.map(PageKey.section), from: page.outputPath),
            pager: pager(PageKey.section(number), from: page.outputPath))
        if case .section(let details) = page.source.details, !details.programDetails.isEmpty {
            let count = details.programDetails.count
            let contentTag: MustacheValue = page.contentLanguage == language.code
                ? .bool(false) : .string(site.config.tag(of: page.contentLanguage))
            let rendered = bodies[page].programDetails
            view.programDetails = details.programDetails.enumerated().map { index, detail in
                programDetailContext(detail, rendered[index], index: index, count: count, contentTag: contentTag, from: page.outputPath)
            }
        }
        return .view(view)
    }

    /// One program-details table. `contentTag` marks the rows that hold the page's own text (English
    /// on a fallback page); the related-sections row is generated in the reader's language.
    func programDetailContext(
        _ detail: ProgramDetail, _ rendered: (description: BodyHTML, functions: [BodyHTML]), index: Int, count: Int,
        contentTag: MustacheValue, from path: OutputPath
    ) -> MustacheValue {
        let placement = BodyPlacement.page(at: path, language: language.code)
        func row(_ label: String, lang: MustacheValue, _ content: ProgramRowView.Content) -> MustacheValue {
            .view(ProgramRowView(label: strings.text(label), labelLang: common.lang(of: label), lang: lang, content: content))
        }
        var rows = [row("program_description", lang: contentTag, .html(rendered.description.html(placement)))]
        func code(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            rows.append(row(label, lang: contentTag, .code(value)))
        }
        code("program_layout", detail.layout)
        code("program_view_controller", detail.viewController)
        code("program_code_file", detail.codeFile)
        if !detail.functions.isEmpty {
            rows.append(row("program_functions", lang: contentTag, .functions(rendered.functions.map { $0.html(placement) })))
        }
        let related = detail.related.map(\.value).filter { site.heading(of: .section($0), in: language.code) != nil }
        if !related.isEmpty {
            let links = related.map { number in
                ProgramRowView.Link(
                    href: RelativeURL.from(path, to: OutputLayout.path(of: .section(number), in: language.code)),
                    text: strings.text("section_reference", ["number": number, "title": site.heading(of: .section(number), in: language.code)?.title ?? ""]))
            }
            rows.append(row("program_related", lang: .bool(false), .links(links)))
        }
        let caption = count == 1
            ? UIText(strings, "program_details")
            : UIText(strings, "program_details_numbered", ["index": String(index + 1), "count": String(count)])
        return .view(ProgramDetailView(caption: caption.plain, captionLang: .lang(caption.lang), rows: rows))
    }

    func pager(_ key: PageKey, from path: OutputPath) -> MustacheValue {
        let (previous, next) = site.neighbours(of: key)
        let pager = PagerView(
            previous: previous.map { .view(common.link(to: $0, from: path)) },
            next: next.map { .view(common.link(to: $0, from: path)) })
        return pager.previous == nil && pager.next == nil ? .null : .view(pager)
    }

}

// MARK: - Generated pages

extension ContextBuilder {
    /// The context of a generated page.
    func generatedContext(_ page: GeneratedPage) -> MustacheValue {
        recordSharedReads()
        let id = page.id
        let key = PageKey.page(id)
        let path = OutputLayout.path(of: key, in: language.code)
        let titleKey = "page_title_\(id.replacingASCII("-", with: "_"))"
        let title = strings.text(titleKey)
        let titleLang = strings.fallbackLanguage(of: titleKey)
        let base = common.base(
            path: path, key: key, title: title, contentLanguage: language.code, state: .source,
            breadcrumbs: [(title, nil, titleLang)], titleLang: titleLang)
        var view = GeneratedPageView()
        var layers: [any MustacheView] = []
        switch page {
        case .practices, .principles:
            view.principles = principlesContext(from: path)
        case .sections:
            view.chapters = .array(site.sections.filter { $0.parent == nil }.map { sectionTree($0.number, from: path) })
        case .aToZ:
            view.groups = AlphabeticalIndex(site: site, language: language.code, memo: memo).groups(from: path, link: common.link)
        case .translationStatus:
            view.languagesStatus = TranslationStatus(site: site).context(strings: strings, from: path)
        case .handbook:
            let edition = SinglePageEdition(site: site, language: language.code, strings: strings, path: path, bodies: bodies)
            layers.append(edition.context())
            view.epub = epubLink(from: path)
        case .wcag:
            if let catalog = site.wcag {
                layers.append(WCAGMap(site: site, catalog: catalog, language: language.code, strings: strings, path: path).context(link: common.link))
            }
        case .checklist:
            layers.append(AuditChecklist(site: site, language: language.code, strings: strings, path: path).context(link: common.link))
        case .search:
            break
        }
        return .view(LayeredView(layers: [view] + layers + [base]))
    }

    /// The context of part `number` of a single-page edition in parts (`SinglePageEdition`).
    func handbookPartContext(_ number: Int) -> MustacheValue {
        recordSharedReads()
        let key = PageKey.page(SinglePageEdition.partID(number))
        let path = OutputLayout.path(of: key, in: language.code)
        let count = SinglePageEdition.parts(site).count
        let title = strings.text("handbook_part_title", ["number": String(number), "count": String(count)])
        let titleLang = strings.fallbackLanguage(of: "handbook_part_title")
        let contents = UIText(strings, "page_title_handbook")
        let base = common.base(
            path: path, key: key, title: title, contentLanguage: language.code, state: .source,
            breadcrumbs: [(contents.plain, .page("handbook"), contents.lang), (title, nil, titleLang)], titleLang: titleLang)
        let edition = SinglePageEdition(site: site, language: language.code, strings: strings, path: path, bodies: bodies)
        var view = GeneratedPageView()
        view.epub = .bool(false)
        return .view(LayeredView(layers: [view, edition.partContext(number), base]))
    }

    /// Principles with their categories and practices, for the home page and the practice lists.
    func principlesContext(from path: OutputPath) -> MustacheValue {
        .array(
            Principle.allCases.compactMap { principle in
                let practices = site.practices.filter { $0.principle == principle }
                guard !practices.isEmpty else { return nil }
                var categories: [MustacheValue] = []
                // Practices without a category form one group of their own (nil).
                var seen: [Category?] = []
                for practice in practices where !seen.contains(practice.category) {
                    seen.append(practice.category)
                    let members = practices.filter { $0.category == practice.category }
                    var category = CategoryView(items: members.map { .view(common.link(to: .practice($0.id), from: path)) })
                    if let name = practice.category {
                        category.title = .string(strings.text(name.stringKey))
                        category.titleLang = common.lang(of: name.stringKey)
                        category.anchor = .string("\(principle.rawValue)-\(name.rawValue)")
                    }
                    categories.append(.view(category))
                }
                return .view(PrincipleView(
                    anchor: principle.rawValue,
                    number: String(principle.number),
                    title: strings.text(principle.stringKey),
                    titleLang: common.lang(of: principle.stringKey),
                    description: strings.text("\(principle.stringKey)_description"),
                    descriptionLang: common.lang(of: "\(principle.stringKey)_description"),
                    count: strings.text("practice_count", count: practices.count),
                    countLang: common.lang(of: "practice_count"),
                    categories: categories))
            })
    }

    func sectionTree(_ number: String, from path: OutputPath) -> MustacheValue {
        guard let info = site.section(number) else { return .null }
        var item = common.link(to: .section(number), from: path)
        // Keys are always present: a missing one would make Mustache look it up in the parent item.
        item.platform = info.platform == .common ? .bool(false) : .string(strings.text(info.platform.stringKey))
        item.children = info.children.isEmpty
            ? .bool(false) : .view(ItemsView(items: info.children.map { sectionTree($0, from: path) }))
        return .view(item)
    }
}
