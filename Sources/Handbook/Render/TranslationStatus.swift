import Mustache

/// Per-language counts of translated, outdated and missing pages and UI strings: the data behind
/// the translation status page and `handbook i18n status`.
public struct TranslationStatus {
    /// The site.
    public let site: ResolvedSite

    /// One language's figures.
    public struct Report: Sendable, Equatable {
        /// Language code.
        public var language: String
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

    func context(strings: UIStrings, from path: String) -> MustacheValue {
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
    struct LanguageView: MustacheView, Equatable {
        static let keys = [
            "code", "tag", "name", "percent", "coverage", "coverage_lang", "translated_count", "outdated_count",
            "missing_count", "strings_translated_count", "strings_count", "outdated", "missing", "outdated_strings",
            "is_source",
        ]
        let report: Report
        let language: Language
        let isSource: Bool
        let coverage: String
        let coverageLang: MustacheValue
        let outdated: MustacheValue
        let missing: MustacheValue

        func value(for key: String) -> MustacheValue? {
            switch key {
            case "code": return .string(report.language)
            case "tag": return .string(language.tag)
            case "name": return .string(language.name)
            case "percent": return .string(String(report.percent))
            case "coverage": return .string(coverage)
            case "coverage_lang": return coverageLang
            case "translated_count": return .string(String(report.translated.count))
            case "outdated_count": return .string(String(report.outdated.count))
            case "missing_count": return .string(String(report.missing.count))
            case "strings_translated_count": return .string(String(report.stringCount - report.missingStrings.count))
            case "strings_count": return .string(String(report.stringCount))
            case "outdated": return outdated
            case "missing": return missing
            case "outdated_strings": return ItemsView.list(report.outdatedStrings.map(MustacheValue.string))
            case "is_source": return .bool(isSource)
            default: return nil
            }
        }
    }

    /// A page listed as outdated or missing, with how many of its blocks changed.
    struct PageLinkView: MustacheView, Equatable {
        static let keys = ["label", "href", "changed", "changed_lang"]
        let label: String
        let href: String
        let changed: MustacheValue
        let changedLang: MustacheValue

        func value(for key: String) -> MustacheValue? {
            switch key {
            case "label": return .string(label)
            case "href": return .string(href)
            case "changed": return changed
            case "changed_lang": return changedLang
            default: return nil
            }
        }
    }
}
