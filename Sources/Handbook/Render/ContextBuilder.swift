import Markdown
import Mustache

/// Template contexts for one language: content pages by kind, and the generated pages.
struct ContextBuilder {
    let site: ResolvedSite
    let language: Language
    let strings: UIStrings
    let common: PageContext
    let body: BodyRenderer
    private let memo: BuildMemo?
    /// The size in bytes of this language's EPUB edition, nil when the build makes none.
    private let epubSize: Int?

    init(site: ResolvedSite, language: Language, memo: BuildMemo? = nil, epubSize: Int? = nil) {
        self.site = site
        self.memo = memo
        self.epubSize = epubSize
        self.language = language
        strings = site.strings[language.code] ?? UIStrings(values: [:])
        common = PageContext(site: site, language: language, strings: strings)
        body = BodyRenderer(tableWord: strings.text("table_label"))
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

    /// The context of a content page.
    func context(for page: ResolvedPage) -> [String: MustacheValue] {
        var context = common.base(
            path: page.outputPath, key: page.key, title: heading(page), contentLanguage: page.contentLanguage,
            state: page.state, breadcrumbs: breadcrumbs(page.key))
        if page.state == .outdated, let changes = page.changes { context["notice_changes"] = changedParts(changes, of: page) }
        context["body"] = .string(body.render(page.body))
        context["summary"] = .string(page.summary)
        context["referenced_by"] = referencedBy(page.referencedBy, from: page.outputPath)
        context["toc"] = tableOfContents(page)
        switch page.key {
        case .practice(let id):
            context["practice"] = .object(practiceContext(id, page: page))
        case .section(let number):
            context["section"] = .object(sectionContext(number, page: page))
        case .page("index"):
            context["principles"] = principlesContext(from: page.outputPath)
            context["epub"] = epubLink(from: page.outputPath)
        case .page("offline"):
            context["epub"] = epubLink(from: page.outputPath)
        case .page("source-notes"):
            context["source_notes"] = sourceNotesContext(from: page.outputPath)
        case .page:
            break
        }
        return context
    }

    /// The link to this language's EPUB edition with its size, or nothing when there is none.
    func epubLink(from path: String) -> MustacheValue {
        guard let epubSize else { return .null }
        return .object([
            "href": .string(RelativeURL.from(path, to: OutputLayout.epub(in: language.code))),
            "text": .string(strings.text("epub_download", ["size": Self.size(epubSize)])),
            "lang": common.lang(of: "epub_download"),
        ])
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
                    (text, lang) = own[heading.anchor].map { ($0, nil) } ?? (heading.text, source)
                } else {
                    (text, lang) = (strings.text("changed_part_introduction"), nil)
                }
            }
            guard seen.insert(text).inserted else { continue }
            items.append(.object(["text": .string(text), "lang": MustacheValue.lang(lang)]))
        }
        let label = items.isEmpty ? "notice_changed_removed" : "notice_changed_parts"
        return .object([
            "label": .string(strings.text(label)),
            "label_lang": common.lang(of: label),
            "parts": items.isEmpty ? .null : .object(["items": .array(items)]),
            "href": .string(RelativeURL.from(page.outputPath, to: OutputLayout.path(of: page.key, in: source))),
            "hreflang": .string(source),
            "link": .string(strings.text("notice_read_english")),
            "link_lang": common.lang(of: "notice_read_english"),
        ])
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
    static func rootContext(_ site: ResolvedSite) -> [String: MustacheValue] {
        let source = site.strings[site.config.sourceLanguage.code] ?? UIStrings(values: [:])
        return [
            "lang": .string(site.config.sourceLanguage.tag),
            "title": .string(source.text("site_title")),
            "stylesheet": .string(OutputLayout.stylesheet),
            "script": .string(OutputLayout.script),
            "preferences_script": .string(OutputLayout.preferencesScript),
            "strings": .object(source.values.mapValues { .string($0) }),
            "languages": .array(
                site.config.languages.map { language in
                    let strings = site.strings[language.code] ?? source
                    return .object([
                        "code": .string(language.code), "tag": .string(language.tag), "name": .string(language.name),
                        "dir": .string(language.dir),
                        "href": .string(OutputLayout.path(of: .page("index"), in: language.code)),
                        "site_title": .string(strings.text("site_title")),
                        "site_title_lang": strings.lang(of: "site_title"),
                        "tagline": .string(strings.text("root_tagline")),
                        "tagline_lang": strings.lang(of: "root_tagline"),
                        "enter": UIText(strings, "root_enter", naming: language).value,
                    ])
                }),
        ]
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
            let page = site.page(key, in: language.code)
            let lang = page.flatMap { $0.contentLanguage == language.code ? nil : site.config.tag(of: $0.contentLanguage) }
            return [(page?.title ?? key.id, nil, lang)]
        }
    }

    func list(_ keys: [PageKey], from path: String) -> MustacheValue {
        keys.isEmpty ? .null : .object(["items": .array(keys.map { common.link(to: $0, from: path) })])
    }

    /// Back-links grouped by kind under their own labels, since "2.10" and "7.3.6.5" alone do not say
    /// which is a practice and which a section, and generated pages have no number to show.
    func referencedBy(_ keys: [PageKey], from path: String) -> MustacheValue {
        guard !keys.isEmpty else { return .null }
        func group(_ isMember: (PageKey) -> Bool) -> MustacheValue { list(keys.filter(isMember), from: path) }
        return .object([
            "practices": group { if case .practice = $0 { true } else { false } },
            "sections": group { if case .section = $0 { true } else { false } },
            "pages": group { if case .page = $0 { true } else { false } },
        ])
    }

    /// "On this page" for pages with three or more `h2`: the body's and those the template adds.
    func tableOfContents(_ page: ResolvedPage) -> MustacheValue {
        let contentTag = page.contentLanguage == language.code ? nil : site.config.tag(of: page.contentLanguage)
        var items: [MustacheValue] = page.headings.filter { $0.level == 2 }.map { heading in
            .object(["anchor": .string(heading.anchor), "text": .string(heading.text), "lang": MustacheValue.lang(contentTag)])
        }
        func add(_ anchor: String, _ key: String) {
            items.append(.object(["anchor": .string(anchor), "text": .string(strings.text(key)), "lang": common.lang(of: key)]))
        }
        // Only the practice and section templates show the relations; other pages have none to list.
        switch page.key {
        case .practice: add("page-related-sections", "related_sections")
        case .section: add("page-related-practices", "related_practices")
        case .page("source-notes"):
            for topic in sourceNoteTopics { add("notes-\(topic.rawValue)", "source_notes_topic_\(topic.rawValue)") }
            return items.count >= 3 ? .object(["items": .array(items)]) : .null
        case .page: return items.count >= 3 ? .object(["items": .array(items)]) : .null
        }
        if !page.referencedBy.isEmpty { add("page-referenced-by", "referenced_by") }
        return items.count >= 3 ? .object(["items": .array(items)]) : .null
    }

    func practiceContext(_ id: String, page: ResolvedPage) -> [String: MustacheValue] {
        guard let info = site.practice(id) else { return [:] }
        var context: [String: MustacheValue] = [
            "id": .string(id),
            "principle": .string(strings.text("principle_\(info.principle)")),
            "principle_lang": common.lang(of: "principle_\(info.principle)"),
            "principle_href": .string(RelativeURL.from(page.outputPath, to: OutputLayout.path(of: .page("principles"), in: language.code)) + "#\(info.principle)"),
            "sections": list(info.sections.map(PageKey.section), from: page.outputPath),
            "guide_sections": list(info.guideSections.map(PageKey.section), from: page.outputPath),
            "derived_sections": list(
                info.sections.filter { !info.guideSections.contains($0) }.map(PageKey.section), from: page.outputPath),
        ]
        if let category = info.category {
            let key = "category_\(category.replacingOccurrences(of: "-", with: "_"))"
            context["category"] = .string(strings.text(key))
            context["category_lang"] = common.lang(of: key)
        }
        if case .practice(let details) = page.source.details, !details.adoption.isEmpty {
            context["adoption"] = .string(details.adoption)
        }
        if let catalog = site.wcag, !info.wcag.isEmpty {
            let map = OutputLayout.path(of: .page("wcag"), in: language.code)
            context["wcag"] = .object(["items": .array(info.wcag.compactMap { catalog.criterion($0) }.map { criterion in
                .object([
                    "number": .string(criterion.number), "name": .string(criterion.name(in: language.code)),
                    "name_lang": MustacheValue.lang(criterion.nameFallbackLanguage(in: language.code)),
                    "level": .string(criterion.level.rawValue),
                    "href": .string(RelativeURL.from(page.outputPath, to: map) + "#" + WCAGMap.anchor(criterion.number)),
                ])
            })])
        }
        context["pager"] = pager(PageKey.practice(id), among: site.practices.map { .practice($0.id) }, from: page.outputPath)
        return context
    }

    func sectionContext(_ number: String, page: ResolvedPage) -> [String: MustacheValue] {
        guard let info = site.section(number) else { return [:] }
        var context: [String: MustacheValue] = [
            "number": .string(number),
            "platform": info.platform == "common" ? .null : .string(strings.text("platform_\(info.platform)")),
            "platform_lang": common.lang(of: "platform_\(info.platform)"),
            "practices": list(info.practices.map(PageKey.practice), from: page.outputPath),
            "children": list(info.children.map(PageKey.section), from: page.outputPath),
        ]
        if case .section(let details) = page.source.details, !details.programDetails.isEmpty {
            let count = details.programDetails.count
            let contentTag: MustacheValue = page.contentLanguage == language.code
                ? .bool(false) : .string(site.config.tag(of: page.contentLanguage))
            context["program_details"] = .array(
                details.programDetails.enumerated().map { index, detail in
                    programDetailContext(
                        detail, index: index, count: count, contentTag: contentTag, from: page.outputPath)
                })
        }
        context["pager"] = pager(PageKey.section(number), among: site.sections.map { .section($0.number) }, from: page.outputPath)
        return context
    }

    /// One program-details table. `contentTag` marks the rows that hold the page's own text (English
    /// on a fallback page); the related-sections row is generated in the reader's language.
    func programDetailContext(
        _ detail: ProgramDetail, index: Int, count: Int, contentTag: MustacheValue, from path: String
    ) -> MustacheValue {
        var rows: [MustacheValue] = [
            .object([
                "label": .string(strings.text("program_description")), "label_lang": common.lang(of: "program_description"),
                "html": .string(body.renderInline(detail.description.node)), "lang": contentTag,
            ])
        ]
        func code(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            rows.append(.object([
                "label": .string(strings.text(label)), "label_lang": common.lang(of: label),
                "html": .string("<code>\(HTMLEscaping.escape(value))</code>"), "lang": contentTag,
            ]))
        }
        code("program_layout", detail.layout)
        code("program_view_controller", detail.viewController)
        code("program_code_file", detail.codeFile)
        if !detail.functions.isEmpty {
            let items = detail.functions.map { "<li>\(body.renderInline($0.node))</li>" }.joined()
            rows.append(.object([
                "label": .string(strings.text("program_functions")), "label_lang": common.lang(of: "program_functions"),
                "html": .string("<ul>\(items)</ul>"), "lang": contentTag,
            ]))
        }
        let related = detail.related.map(\.value).filter { site.page(.section($0), in: language.code) != nil }
        if !related.isEmpty {
            let links = related.map { number -> String in
                let href = RelativeURL.from(path, to: OutputLayout.path(of: .section(number), in: language.code))
                let title = site.page(.section(number), in: language.code)?.title ?? ""
                return "<a href=\"\(HTMLEscaping.escape(href))\">\(HTMLEscaping.escape(strings.text("section_reference", ["number": number, "title": title])))</a>"
            }
            rows.append(.object([
                "label": .string(strings.text("program_related")), "label_lang": common.lang(of: "program_related"),
                "html": .string(links.joined(separator: "<br>")), "lang": .bool(false),
            ]))
        }
        let caption = count == 1
            ? UIText(strings, "program_details")
            : UIText(strings, "program_details_numbered", ["index": String(index + 1), "count": String(count)])
        return .object([
            "caption": .string(caption.plain), "caption_lang": MustacheValue.lang(caption.lang),
            "rows": .array(rows),
        ])
    }

    func pager(_ key: PageKey, among keys: [PageKey], from path: String) -> MustacheValue {
        guard let index = keys.firstIndex(of: key) else { return .null }
        var out: [String: MustacheValue] = [:]
        if index > 0 { out["previous"] = common.link(to: keys[index - 1], from: path) }
        if index + 1 < keys.count { out["next"] = common.link(to: keys[index + 1], from: path) }
        return out.isEmpty ? .null : .object(out)
    }

}

// MARK: - Generated pages

extension ContextBuilder {
    /// The context of a generated page: `practices`, `sections`, `principles`, `a-z`, `translation-status`.
    func generatedContext(_ id: String) -> [String: MustacheValue] {
        let key = PageKey.page(id)
        let path = OutputLayout.path(of: key, in: language.code)
        let titleKey = "page_title_\(id.replacingOccurrences(of: "-", with: "_"))"
        let title = strings.text(titleKey)
        let titleLang = strings.fallbackLanguage(of: titleKey)
        var context = common.base(
            path: path, key: key, title: title, contentLanguage: language.code, state: .source,
            breadcrumbs: [(title, nil, titleLang)], titleLang: titleLang)
        switch id {
        case "practices", "principles":
            context["principles"] = principlesContext(from: path)
        case "sections":
            context["chapters"] = .array(
                site.sections.filter { $0.parent == nil }.map { sectionTree($0.number, from: path) })
        case "a-z":
            context["groups"] = AlphabeticalIndex(site: site, language: language.code).groups(from: path, link: common.link)
        case "translation-status":
            context["languages_status"] = TranslationStatus(site: site).context(strings: strings, from: path)
        case "handbook":
            let edition = SinglePageEdition(site: site, language: language.code, strings: strings, path: path, memo: memo)
            context.merge(edition.context(body: body)) { $1 }
            context["epub"] = epubLink(from: path)
        case "wcag":
            if let catalog = site.wcag {
                let map = WCAGMap(site: site, catalog: catalog, language: language.code, strings: strings, path: path)
                context.merge(map.context(link: common.link)) { $1 }
            }
        case "checklist":
            context.merge(AuditChecklist(site: site, language: language.code, strings: strings, path: path).context(link: common.link)) { $1 }
        default:
            break
        }
        return context
    }

    /// The context of part `number` of a single-page edition in parts (`SinglePageEdition`).
    func handbookPartContext(_ number: Int) -> [String: MustacheValue] {
        let key = PageKey.page(SinglePageEdition.partID(number))
        let path = OutputLayout.path(of: key, in: language.code)
        let count = SinglePageEdition.parts(site).count
        let title = strings.text("handbook_part_title", ["number": String(number), "count": String(count)])
        let titleLang = strings.fallbackLanguage(of: "handbook_part_title")
        let contents = UIText(strings, "page_title_handbook")
        var context = common.base(
            path: path, key: key, title: title, contentLanguage: language.code, state: .source,
            breadcrumbs: [(contents.plain, .page("handbook"), contents.lang), (title, nil, titleLang)], titleLang: titleLang)
        let edition = SinglePageEdition(site: site, language: language.code, strings: strings, path: path, memo: memo)
        context.merge(edition.partContext(number, body: body)) { $1 }
        context["epub"] = .bool(false)
        return context
    }

    /// Principles with their categories and practices, for the home page and the practice lists.
    func principlesContext(from path: String) -> MustacheValue {
        .array(
            PageParser.principles.compactMap { principle in
                let practices = site.practices.filter { $0.principle == principle }
                guard !practices.isEmpty else { return nil }
                var categories: [MustacheValue] = []
                var seen: [String] = []
                for practice in practices where !seen.contains(practice.category ?? "") {
                    seen.append(practice.category ?? "")
                    let members = practices.filter { $0.category == practice.category }
                    var category: [String: MustacheValue] = [
                        "items": .array(members.map { common.link(to: .practice($0.id), from: path) }),
                        "title": .bool(false), "anchor": .bool(false),
                    ]
                    category["title_lang"] = .bool(false)
                    if let name = practice.category {
                        let key = "category_\(name.replacingOccurrences(of: "-", with: "_"))"
                        category["title"] = .string(strings.text(key))
                        category["title_lang"] = common.lang(of: key)
                        category["anchor"] = .string("\(principle)-\(name)")
                    }
                    categories.append(.object(category))
                }
                return .object([
                    "anchor": .string(principle),
                    "number": .string(String((PageParser.principles.firstIndex(of: principle) ?? 0) + 1)),
                    "title": .string(strings.text("principle_\(principle)")),
                    "title_lang": common.lang(of: "principle_\(principle)"),
                    "description": .string(strings.text("principle_\(principle)_description")),
                    "description_lang": common.lang(of: "principle_\(principle)_description"),
                    "count": .string(strings.text("practice_count", count: practices.count)),
                    "count_lang": common.lang(of: "practice_count"),
                    "categories": .array(categories),
                ])
            })
    }

    func sectionTree(_ number: String, from path: String) -> MustacheValue {
        guard case .object(var item) = common.link(to: .section(number), from: path),
            let info = site.section(number)
        else { return .null }
        // Keys are always present: a missing one would make Mustache look it up in the parent item.
        item["platform"] = info.platform == "common" ? .bool(false) : .string(strings.text("platform_\(info.platform)"))
        item["children"] = info.children.isEmpty
            ? .bool(false) : .object(["items": .array(info.children.map { sectionTree($0, from: path) })])
        return .object(item)
    }
}
