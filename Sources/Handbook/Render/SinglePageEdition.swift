import Markdown
import Mustache

/// The whole handbook of one language on one page, for printing or saving as PDF: every practice,
/// then every section, with a table of contents. Links between pages become links within the page
/// (`#bp-2.10`, `#sec-7.3.6.5`), and heading anchors are prefixed with their entry so they stay
/// unique.
///
/// An edition that would be larger than `pageLimit` (a site of thousands of pages: no phone opens a
/// 100 MB page) is split into parts, `handbook-1.html`, `handbook-2.html`, …, each of whole chapters
/// where a chapter fits (the practices of one principle, or one chapter of sections), and
/// `handbook.html` becomes the contents page that links into them. Sizes are estimated from the
/// sources before rendering, so that links between parts can be written as each entry is rendered,
/// and taken as the largest over the languages, so every language has the same parts.
struct SinglePageEdition {
    let site: ResolvedSite
    let language: LanguageCode
    let strings: UIStrings
    let path: OutputPath
    /// The pages' bodies, rendered once; each entry places its page's.
    let bodies: RenderedBodies

    /// The anchor of an entry in the single page.
    static func anchor(of key: PageKey) -> String {
        switch key {
        case .practice(let id): return "bp-\(id)"
        case .section(let number): return "sec-\(number)"
        case .page(let id): return "page-\(id)"
        }
    }

    /// The most bytes of HTML one page of the edition should hold.
    static let pageLimit = 5_000_000
    /// Bytes of HTML a byte of Markdown may become, for the estimate: a table row's 20 bytes become
    /// about 60, prose a little more than itself.
    static let htmlPerSourceByte = 3
    /// Bytes of HTML an entry takes besides its body (its article, heading and contents line).
    static let entryOverhead = 512

    /// The ID of part `number` (from 1), whose page is `handbook-<number>.html`.
    static func partID(_ number: Int) -> String { "handbook-\(number)" }

    /// Whether `id` is the ID of a part, which no content page may take.
    static func isPartID(_ id: String) -> Bool {
        let number = id.dropFirst("handbook-".count)
        return id.hasPrefix("handbook-") && !number.isEmpty && number.allSatisfy { ("0"..."9").contains($0) }
    }

    /// The IDs of the parts' pages, none when the edition fits on one page.
    static func partIDs(_ site: ResolvedSite) -> [String] {
        guard site.generatedPageIDs.contains("handbook") else { return [] }
        let count = parts(site).count
        return count > 1 ? (1...count).map(partID) : []
    }

    /// The practices and sections of the edition, in order, by key.
    static func entryKeys(_ site: ResolvedSite) -> [PageKey] {
        site.practices.map { PageKey.practice($0.id) } + site.sections.map { PageKey.section($0.number) }
    }

    /// The entries of each part, or one part of every entry when the edition fits on one page.
    static func parts(_ site: ResolvedSite) -> [[PageKey]] {
        if let known = site.singlePageParts { return known }
        let keys = entryKeys(site)
        let size = { (key: PageKey) -> Int in
            let sources = site.config.languages.compactMap { site.page(key, in: $0.code)?.source.file.text.utf8.count }
            return (sources.max() ?? 0) * htmlPerSourceByte + entryOverhead
        }
        let sizes = keys.map(size)
        guard sizes.reduce(0, +) > pageLimit else { return [keys] }
        // Chapters in order: the practices of a principle (1.x), the sections of a chapter (7.x).
        var chapters: [[Int]] = []
        var lastChapter: String?
        for (index, key) in keys.enumerated() {
            let chapter = (key.isPractice ? "bp-" : "sec-") + String(key.id.prefix { $0 != "." })
            if chapter != lastChapter { chapters.append([]) }
            chapters[chapters.count - 1].append(index)
            lastChapter = chapter
        }
        var parts: [[PageKey]] = []
        var current: [PageKey] = []
        var currentSize = 0
        func add(_ index: Int) {
            current.append(keys[index])
            currentSize += sizes[index]
        }
        func close() {
            if !current.isEmpty { parts.append(current) }
            current = []
            currentSize = 0
        }
        for chapter in chapters {
            let chapterSize = chapter.reduce(0) { $0 + sizes[$1] }
            if currentSize + chapterSize <= pageLimit {
                chapter.forEach(add)
                continue
            }
            close()
            if chapterSize <= pageLimit {
                chapter.forEach(add)
                continue
            }
            // A chapter too large for one page is cut between entries; an entry is never cut.
            for index in chapter {
                if !current.isEmpty, currentSize + sizes[index] > pageLimit { close() }
                add(index)
            }
            close()
        }
        close()
        return parts
    }

    /// The context of the edition's page: the whole edition, or, when it is in parts, the contents
    /// page that links into them.
    func context() -> EditionView {
        let parts = Self.parts(site)
        guard parts.count > 1 else { return context(entries: parts.first ?? [], parts: parts, withContents: true) }
        var context = self.context(entries: [], parts: parts, withContents: true)
        context.parts = .view(ItemsView(items: parts.enumerated().map { index, keys in
            let first = keys.first.map(\.id) ?? "", last = keys.last.map(\.id) ?? ""
            return .view(PartLinkView(
                href: RelativeURL.from(path, to: OutputLayout.path(of: .page(Self.partID(index + 1)), in: language)),
                title: strings.text("handbook_part_title", ["number": String(index + 1), "count": String(parts.count)]),
                range: first == last ? first : "\(first)–\(last)"))
        }))
        return context
    }

    /// The context of part `number` (from 1) of an edition in parts.
    func partContext(_ number: Int) -> EditionView {
        let parts = Self.parts(site)
        var context = self.context(entries: parts.indices.contains(number - 1) ? parts[number - 1] : [], parts: parts, withContents: false)
        let contents = OutputLayout.path(of: .page("handbook"), in: language)
        let neighbour = { (other: Int) -> MustacheValue in
            guard parts.indices.contains(other - 1) else { return .bool(false) }
            return .view(PartLinkView(
                href: RelativeURL.from(path, to: OutputLayout.path(of: .page(Self.partID(other)), in: language)),
                title: strings.text("handbook_part_title", ["number": String(other), "count": String(parts.count)]),
                range: nil))
        }
        context.part = .view(PartView(
            contentsHref: RelativeURL.from(path, to: contents), previous: neighbour(number - 1), next: neighbour(number + 1)))
        return context
    }

    /// Which part holds each entry (none when the edition is one page), worked out once per site.
    static func partOf(_ site: ResolvedSite) -> [PageKey: Int] {
        if let known = site.singlePagePartOf { return known }
        let parts = Self.parts(site)
        var partOf: [PageKey: Int] = [:]
        if parts.count > 1 {
            for (index, keys) in parts.enumerated() { for key in keys { partOf[key] = index + 1 } }
        }
        return partOf
    }

    /// Entries and, `withContents`, the contents; each contents line links to the part that holds
    /// its entry. A part shows no contents, so its work stays in proportion to its own entries.
    private func context(entries wanted: [PageKey], parts: [[PageKey]], withContents: Bool) -> EditionView {
        let partOf = Self.partOf(site)
        let pages = (withContents ? Self.entryKeys(site) : wanted).compactMap { site.page($0, in: language) }
        let wantedKeys = Set(wanted)
        // Printed, each principle's practices and each chapter's sections start a new page.
        var previousPrinciple: Substring?
        let entries: [MustacheValue] = pages.filter { wantedKeys.contains($0.key) }.map { page in
            var startsChapter = false
            switch page.key {
            case .practice(let id):
                let principle = id.split(separator: ".").first
                startsChapter = principle != previousPrinciple
                previousPrinciple = principle
            case .section(let number): startsChapter = !number.contains(".")
            case .page: startsChapter = false
            }
            let html = bodies[page].body.html(placement(of: page, partOf: partOf))
            let heading: String
            switch page.key {
            case .practice(let id): heading = "\(id) \(page.title)"
            case .section(let number): heading = "\(number) \(page.title)"
            case .page: heading = page.title
            }
            return .view(EntryView(
                anchor: Self.anchor(of: page.key), heading: heading,
                lang: page.contentLanguage == language ? .bool(false) : .string(site.config.tag(of: page.contentLanguage)),
                notice: Self.notice(for: page, in: language, site: site, strings: strings).map { .view(NoticeView(text: $0.text, lang: $0.lang)) } ?? .bool(false),
                html: html, isPractice: page.key.isPractice, startsChapter: startsChapter))
        }
        let contents: [MustacheValue] = !withContents ? [] : pages.map { page in
            .view(ContentsLineView(
                href: href(to: page.key, partOf: partOf), id: page.key.id, title: page.title,
                lang: page.contentLanguage == language ? .bool(false) : .string(site.config.tag(of: page.contentLanguage))))
        }
        let practiceCount = pages.filter(\.key.isPractice).count
        let practiceEntries = entries.count - pages.filter { wantedKeys.contains($0.key) && !$0.key.isPractice }.count
        return EditionView(
            practiceEntries: Array(entries.prefix(practiceEntries)), sectionEntries: Array(entries.dropFirst(practiceEntries)),
            practiceContents: Array(contents.prefix(practiceCount)), sectionContents: Array(contents.dropFirst(practiceCount)))
    }

    /// Where the entry of `key` is from this page: an anchor on it, or in the part that holds it.
    private func href(to key: PageKey, partOf: [PageKey: Int], fragment: String? = nil) -> String {
        let anchor = "#" + Self.anchor(of: key) + (fragment.map { "--" + $0 } ?? "")
        guard let part = partOf[key] else { return anchor }
        let target = OutputLayout.path(of: .page(Self.partID(part)), in: language)
        return target == path ? anchor : RelativeURL.from(path, to: target) + anchor
    }

    /// Where an entry's body goes: headings one level down (each entry's title is the `h2`) with
    /// anchors prefixed by the entry's; links to practices and sections point into this page (or the
    /// part that holds them), other links and images are addressed from this page.
    private func placement(of page: ResolvedPage, partOf: [PageKey: Int]) -> BodyPlacement {
        BodyPlacement(
            href: { key, fragment in
                if key.isPracticeOrSection, site.page(key, in: language) != nil { return href(to: key, partOf: partOf, fragment: fragment) }
                return RelativeURL.from(path, to: OutputLayout.path(of: key, in: language)) + (fragment.map { "#" + $0 } ?? "")
            },
            image: { RelativeURL.from(path, to: OutputPath($0)) },
            headingShift: 1, anchorPrefix: Self.anchor(of: page.key), regionPrefix: page.key.id, linksLargeImages: true)
    }
}

extension PageKey {
    /// Whether the key is a practice or a section (pages are not in the single-page edition).
    var isPracticeOrSection: Bool {
        switch self {
        case .practice, .section: return true
        case .page: return false
        }
    }

    /// Whether the key is a practice.
    var isPractice: Bool {
        if case .practice = self { return true }
        return false
    }
}

extension SinglePageEdition {
    /// The edition's page: entries and contents by kind, and, for an edition in parts, the list of
    /// parts (contents page) or this part's navigation (`false` where they do not apply).
    struct EditionView: FieldedView, Equatable {
        static let fields: [ViewField<EditionView>] = [
            ViewField("part") { view in view.part },
            ViewField("parts") { view in view.parts },
            ViewField("practice_entries") { view in .array(view.practiceEntries) },
            ViewField("section_entries") { view in .array(view.sectionEntries) },
            ViewField("practice_contents") { view in .array(view.practiceContents) },
            ViewField("section_contents") { view in .array(view.sectionContents) },
        ]
        let practiceEntries: [MustacheValue]
        let sectionEntries: [MustacheValue]
        let practiceContents: [MustacheValue]
        let sectionContents: [MustacheValue]
        var part: MustacheValue = .bool(false)
        var parts: MustacheValue = .bool(false)
    }

    /// The note under the heading of an entry that is English standing in for a translation, or
    /// a translation whose English changed: the site's page notices, in the editions that have no
    /// page of their own for it. Its `lang` is the edition's where the entry around it is English.
    static func notice(for page: ResolvedPage, in language: LanguageCode, site: ResolvedSite, strings: UIStrings) -> (text: UIText, lang: String?)? {
        guard let edition = site.config.languages.first(where: { $0.code == language }) else { return nil }
        let text: UIText
        switch page.state {
        case .missing: text = UIText(strings, "entry_missing_translation", naming: edition)
        case .outdated: text = UIText(strings, "entry_outdated_translation")
        default: return nil
        }
        return (text, text.lang ?? (page.contentLanguage != language ? edition.tag : nil))
    }

    /// An entry's note: the text's parts as `UITextView` gives them, and the note's own `lang`.
    struct NoticeView: MustacheView, Equatable {
        static let keys = UITextView.keys + ["note_lang"]
        let text: UIText
        let lang: String?

        func value(for key: String) -> MustacheValue? {
            key == "note_lang" ? .lang(lang) : UITextView(text: text).value(for: key)
        }
    }

    /// One page's entry: its heading, the note on its translation, and its body.
    struct EntryView: FieldedView, Equatable {
        static let fields: [ViewField<EntryView>] = [
            ViewField("anchor") { view in .string(view.anchor) },
            ViewField("heading") { view in .string(view.heading) },
            ViewField("lang") { view in view.lang },
            ViewField("notice") { view in view.notice },
            ViewField("html") { view in .string(view.html) },
            ViewField("is_practice") { view in .bool(view.isPractice) },
            ViewField("starts_chapter") { view in .bool(view.startsChapter) },
        ]
        let anchor: String
        let heading: String
        let lang: MustacheValue
        let notice: MustacheValue
        let html: String
        let isPractice: Bool
        let startsChapter: Bool
    }

    /// One line of the edition's contents.
    struct ContentsLineView: FieldedView, Equatable {
        static let fields: [ViewField<ContentsLineView>] = [
            ViewField("href") { view in .string(view.href) },
            ViewField("id") { view in .string(view.id) },
            ViewField("title") { view in .string(view.title) },
            ViewField("lang") { view in view.lang },
        ]
        let href: String
        let id: String
        let title: String
        let lang: MustacheValue
    }

    /// A link to a part, with the range of IDs it holds on the contents page.
    struct PartLinkView: FieldedView, Equatable {
        static let fields: [ViewField<PartLinkView>] = [
            ViewField("href") { view in .string(view.href) },
            ViewField("title") { view in .string(view.title) },
            ViewField("range") { view in view.range.map(MustacheValue.string) },
        ]
        let href: String
        let title: String
        let range: String?
    }

    /// A part's navigation: the contents page and its neighbours (`false` at either end).
    struct PartView: FieldedView, Equatable {
        static let fields: [ViewField<PartView>] = [
            ViewField("contents_href") { view in .string(view.contentsHref) },
            ViewField("previous") { view in view.previous },
            ViewField("next") { view in view.next },
        ]
        let contentsHref: String
        let previous: MustacheValue
        let next: MustacheValue
    }
}
