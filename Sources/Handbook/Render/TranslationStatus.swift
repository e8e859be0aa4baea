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
        site.config.languages.map { language in
            let pages = site.pages[language.code] ?? []
            let strings = site.strings[language.code]
            var report = Report(
                language: language.code,
                translated: pages.filter { $0.state == .translated || $0.state == .source }.map(\.key),
                outdated: pages.filter { $0.state == .outdated }.map(\.key),
                missing: pages.filter { $0.state == .missing }.map(\.key),
                missingStrings: strings?.missingKeys ?? [], stringCount: strings?.values.count ?? 0)
            report.outdatedStrings = strings?.outdatedKeys ?? []
            for page in pages where page.state == .outdated {
                report.changedBlocks[page.key] = page.changes?.count ?? 0
            }
            return report
        }
    }

    func context(strings: UIStrings, from path: String) -> MustacheValue {
        .array(
            reports.map { report in
                let language = site.config.languages.first { $0.code == report.language }!
                func keys(_ list: [PageKey]) -> MustacheValue {
                    list.isEmpty ? .null : .object(["items": .array(list.map { key in
                        .object([
                            "label": .string(key.description),
                            "href": .string(RelativeURL.from(path, to: OutputLayout.path(of: key, in: report.language))),
                            "changed": report.changedBlocks[key].map { .string(strings.text("status_changed_blocks", count: $0)) } ?? .bool(false),
                            "changed_lang": strings.lang(of: "status_changed_blocks"),
                        ])
                    })])
                }
                return .object([
                    "code": .string(report.language), "tag": .string(language.tag), "name": .string(language.name),
                    "percent": .string(String(report.percent)),
                    "coverage": .string(strings.text("status_coverage", ["percent": String(report.percent)])),
                    "coverage_lang": strings.lang(of: "status_coverage"),
                    "translated_count": .string(String(report.translated.count)),
                    "outdated_count": .string(String(report.outdated.count)),
                    "missing_count": .string(String(report.missing.count)),
                    "strings_translated_count": .string(String(report.stringCount - report.missingStrings.count)),
                    "strings_count": .string(String(report.stringCount)),
                    "outdated": keys(report.outdated), "missing": keys(report.missing),
                    "outdated_strings": report.outdatedStrings.isEmpty
                        ? .null : .object(["items": .array(report.outdatedStrings.map { .string($0) })]),
                    "is_source": .bool(language.code == site.config.sourceLanguage.code),
                ])
            })
    }
}
