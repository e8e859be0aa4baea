import Mustache

/// The WCAG 2.2 map: every success criterion by principle and guideline, with its level, the
/// practices that serve it, and for an A or AA criterion that none serves a "Not covered" mark with
/// the catalogue's note on why. Every count on the page is computed here from the catalogue.
struct WCAGMap {
    let site: ResolvedSite
    let catalog: WCAGCatalog
    let language: LanguageCode
    let strings: UIStrings
    let path: OutputPath

    /// The practices that serve each criterion, in practice order.
    static func practicesServing(_ site: ResolvedSite) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for practice in site.practices {
            for number in practice.wcag { out[number, default: []].append(practice.id) }
        }
        return out
    }

    /// The anchor of a criterion's row on the map (`sc-1-4-10`).
    static func anchor(_ number: String) -> String { "sc-" + number.replacingASCII(".", with: "-") }

    func context(link: (PageKey, OutputPath) -> LinkView) -> MapView {
        let serving = Self.practicesServing(site)
        let current = catalog.current
        let counted = current.filter { $0.level != .aaa }
        let served = counted.filter { serving[$0.number] != nil }.count
        let counts: [MustacheValue] = WCAGCatalog.Level.allCases.map { level in
            let ofLevel = current.filter { $0.level == level }
            let servedOfLevel = ofLevel.filter { serving[$0.number] != nil }.count
            return .view(CountView(level: level.rawValue, criteria: ofLevel.count, served: servedOfLevel))
        }
        let principles: [MustacheValue] = catalog.principles.map { principle in
            let guidelines: [MustacheValue] = catalog.guidelines.filter { $0.number.hasPrefix(principle.number + ".") }.map { guideline in
                let criteria = catalog.criteria.filter { $0.guideline == guideline.number }.map { criterion in
                    row(criterion, practices: serving[criterion.number] ?? [], link: link)
                }
                return .view(HeadingView(
                    number: guideline.number, name: guideline.name(in: language),
                    nameLang: .lang(guideline.nameFallbackLanguage(in: language)),
                    anchor: "guideline-" + guideline.number.replacingASCII(".", with: "-"),
                    listKey: "criteria", items: criteria))
            }
            return .view(HeadingView(
                number: principle.number, name: principle.name(in: language),
                nameLang: .lang(principle.nameFallbackLanguage(in: language)),
                anchor: "principle-\(principle.number)", listKey: "guidelines", items: guidelines))
        }
        return MapView(
            summary: strings.text("wcag_summary", [
                "served": String(served), "total": String(counted.count), "gaps": String(counted.count - served),
            ]),
            summaryLang: strings.lang(of: "wcag_summary"), counts: counts, principles: principles)
    }

    private func row(_ criterion: WCAGCatalog.Criterion, practices: [String], link: (PageKey, OutputPath) -> LinkView) -> MustacheValue {
        var item = CriterionView(
            number: criterion.number, name: criterion.name(in: language),
            nameLang: .lang(criterion.nameFallbackLanguage(in: language)),
            anchor: Self.anchor(criterion.number), level: criterion.level.rawValue,
            newIn: criterion.since == "2.0" ? .bool(false) : .string(strings.text("wcag_new_in", ["version": criterion.since])),
            newInLang: strings.lang(of: "wcag_new_in"),
            removed: criterion.removed.map { .string(strings.text("wcag_removed", ["version": $0])) } ?? .bool(false),
            removedLang: strings.lang(of: "wcag_removed"),
            practices: practices.isEmpty ? .bool(false) : .view(ItemsView(items: practices.map { .view(link(.practice($0), path)) })))
        if practices.isEmpty, criterion.removed == nil {
            if criterion.level == .aaa {
                item.noPractice = true
            } else {
                let note = criterion.gap.flatMap { catalog.gaps[$0] }
                item.notCovered = .view(NotCoveredView(
                    note: note?[language] ?? note?["en"] ?? "",
                    noteLang: .lang(note.flatMap { WCAGCatalog.fallbackLanguage(of: $0, in: language) })))
            }
        }
        return .view(item)
    }
}

extension WCAGMap {
    /// The map page's own fields.
    struct MapView: FieldedView, Equatable {
        static let fields: [ViewField<MapView>] = [
            ViewField("wcag_summary") { view in .string(view.summary) },
            ViewField("wcag_summary_lang") { view in view.summaryLang },
            ViewField("wcag_counts") { view in .array(view.counts) },
            ViewField("wcag_principles") { view in .array(view.principles) },
        ]
        let summary: String
        let summaryLang: MustacheValue
        let counts: [MustacheValue]
        let principles: [MustacheValue]
    }

    /// How many criteria of a level there are, and how many practices serve.
    struct CountView: FieldedView, Equatable {
        static let fields: [ViewField<CountView>] = [
            ViewField("level") { view in .string(view.level) },
            ViewField("criteria") { view in .string(String(view.criteria)) },
            ViewField("served") { view in .string(String(view.served)) },
            ViewField("not_covered") { view in .string(String(view.criteria - view.served)) },
        ]
        let level: String
        let criteria: Int
        let served: Int
    }

    /// A WCAG principle with its guidelines, or a guideline with its criteria.
    struct HeadingView: FieldedView, Equatable {
        static let fields: [ViewField<HeadingView>] = [
            ViewField("number") { view in .string(view.number) },
            ViewField("name") { view in .string(view.name) },
            ViewField("name_lang") { view in view.nameLang },
            ViewField("anchor") { view in .string(view.anchor) },
            ViewField("guidelines") { view in view.listKey == "guidelines" ? .array(view.items) : nil },
            ViewField("criteria") { view in view.listKey == "criteria" ? .array(view.items) : nil },
        ]
        let number: String
        let name: String
        let nameLang: MustacheValue
        let anchor: String
        /// `guidelines` or `criteria`: the key the template lists `items` under.
        let listKey: String
        let items: [MustacheValue]
    }

    /// A criterion's row: level, version notes, the practices that serve it or why none does.
    struct CriterionView: FieldedView, Equatable {
        static let fields: [ViewField<CriterionView>] = [
            ViewField("number") { view in .string(view.number) },
            ViewField("name") { view in .string(view.name) },
            ViewField("name_lang") { view in view.nameLang },
            ViewField("anchor") { view in .string(view.anchor) },
            ViewField("level") { view in .string(view.level) },
            ViewField("new_in") { view in view.newIn },
            ViewField("new_in_lang") { view in view.newInLang },
            ViewField("removed") { view in view.removed },
            ViewField("removed_lang") { view in view.removedLang },
            ViewField("practices") { view in view.practices },
            ViewField("not_covered") { view in view.notCovered },
            ViewField("no_practice") { view in .bool(view.noPractice) },
        ]
        let number: String
        let name: String
        let nameLang: MustacheValue
        let anchor: String
        let level: String
        let newIn: MustacheValue
        let newInLang: MustacheValue
        let removed: MustacheValue
        let removedLang: MustacheValue
        let practices: MustacheValue
        var notCovered: MustacheValue = .bool(false)
        var noPractice = false
    }

    /// The catalogue's note on why no practice serves an A or AA criterion.
    struct NotCoveredView: FieldedView, Equatable {
        static let fields: [ViewField<NotCoveredView>] = [
            ViewField("note") { view in .string(view.note) },
            ViewField("note_lang") { view in view.noteLang },
        ]
        let note: String
        let noteLang: MustacheValue
    }
}
