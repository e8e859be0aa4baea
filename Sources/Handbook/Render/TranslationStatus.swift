import Mustache

/// Per-language counts of translated, outdated and missing pages and UI strings: the data behind
/// the translation status page and `handbook i18n status`.
public struct TranslationStatus {
    /// The site.
    public let site: ResolvedSite

    /// One language's figures.
    public struct Report: Sendable, Equatable {
        /// Language code.
        public var language: LanguageCode
        /// Pages by state.
        public var translated: [PageKey], outdated: [PageKey], missing: [PageKey]
        /// UI strings that fall back to the source language.
        public var missingStrings: [String]
        /// UI strings whose English changed since they were translated.
        public var outdatedStrings: [String] = []
        /// For each outdated page, how many English blocks changed or went since it was marked current.
        public var changedBlocks: [PageKey: Int] = [:]
        /// The outdated pages whose translation records no English at all (made by hand, never
        /// marked current): untracked rather than changed, recorded by `i18n mark-current`.
        public var untracked: Set<PageKey> = []
        /// How many UI strings exist.
        public var stringCount: Int

        /// Share of pages that are current translations (or source), 0…100.
        public var percent: Int {
            let total = translated.count + outdated.count + missing.count
            return total == 0 ? 100 : translated.count * 100 / total
        }
    }

    /// Creates the status of a site.
    public init(site: ResolvedSite) {
        self.site = site
    }

    /// Figures for every language, source language first.
    public var reports: [Report] {
        site.editions.map { edition in
            let pages = edition.pages
            var report = Report(
                language: edition.language.code,
                translated: pages.filter { $0.state == .translated || $0.state == .source }.map(\.key),
                outdated: pages.filter { $0.state == .outdated }.map(\.key),
                missing: pages.filter { $0.state == .missing }.map(\.key),
                missingStrings: edition.strings.missingKeys, stringCount: edition.strings.values.count)
            report.outdatedStrings = edition.strings.outdatedKeys
            for page in pages where page.state == .outdated {
                report.changedBlocks[page.key] = page.changes?.count ?? 0
                if page.source.sourceBlocks == nil, page.source.sourceHash == nil { report.untracked.insert(page.key) }
            }
            return report
        }
    }

    func context(strings: UIStrings, from path: OutputPath) -> MustacheValue {
        .array(
            reports.compactMap { report in
                guard let language = site.config.languages.first(where: { $0.code == report.language }) else { return nil }
                func keys(_ list: [PageKey]) -> MustacheValue {
                    ItemsView.list(list.map { key in
                        .view(PageLinkView(
                            label: key.description,
                            href: RelativeURL.from(path, to: OutputLayout.path(of: key, in: report.language)),
                            changed: report.changedBlocks[key].map { .string(strings.text("status_changed_blocks", count: $0)) } ?? .bool(false),
                            changedLang: strings.lang(of: "status_changed_blocks")))
                    })
                }
                return .view(LanguageView(
                    report: report, language: language, isSource: language.code == site.config.sourceLanguage.code,
                    coverage: strings.text("status_coverage", ["percent": String(report.percent)]),
                    coverageLang: strings.lang(of: "status_coverage"),
                    outdated: keys(report.outdated), missing: keys(report.missing)))
            })
    }
}

extension TranslationStatus {
    /// One language's row of the status page.
    struct LanguageView: FieldedView, Equatable {
        static let fields: [ViewField<LanguageView>] = [
            ViewField("code") { view in .string(view.report.language.rawValue) },
            ViewField("tag") { view in .string(view.language.tag) },
            ViewField("name") { view in .string(view.language.name) },
            ViewField("percent") { view in .string(String(view.report.percent)) },
            ViewField("coverage") { view in .string(view.coverage) },
            ViewField("coverage_lang") { view in view.coverageLang },
            ViewField("translated_count") { view in .string(String(view.report.translated.count)) },
            ViewField("outdated_count") { view in .string(String(view.report.outdated.count)) },
            ViewField("missing_count") { view in .string(String(view.report.missing.count)) },
            ViewField("strings_translated_count") { view in .string(String(view.report.stringCount - view.report.missingStrings.count)) },
            ViewField("strings_count") { view in .string(String(view.report.stringCount)) },
            ViewField("outdated") { view in view.outdated },
            ViewField("missing") { view in view.missing },
            ViewField("outdated_strings") { view in ItemsView.list(view.report.outdatedStrings.map(MustacheValue.string)) },
            ViewField("is_source") { view in .bool(view.isSource) },
        ]
        let report: Report
        let language: Language
        let isSource: Bool
        let coverage: String
        let coverageLang: MustacheValue
        let outdated: MustacheValue
        let missing: MustacheValue
    }

    /// A page listed as outdated or missing, with how many of its blocks changed.
    struct PageLinkView: FieldedView, Equatable {
        static let fields: [ViewField<PageLinkView>] = [
            ViewField("label") { view in .string(view.label) },
            ViewField("href") { view in .string(view.href) },
            ViewField("changed") { view in view.changed },
            ViewField("changed_lang") { view in view.changedLang },
        ]
        let label: String
        let href: String
        let changed: MustacheValue
        let changedLang: MustacheValue
    }
}
