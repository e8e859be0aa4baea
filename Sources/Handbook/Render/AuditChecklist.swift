import Mustache

/// The audit checklist: the practices grouped by principle, each with the WCAG 2.2 criteria it
/// serves, a checkbox, a status (pass, fail, not applicable) and a notes field. The page works as a
/// printable list without JavaScript, ending with the criteria of each level and the practices to
/// check for them; the script keeps its state in local storage per language, filters by level and
/// exports it.
struct AuditChecklist {
    let site: ResolvedSite
    let language: LanguageCode
    let strings: UIStrings
    let path: OutputPath

    func context(link: (PageKey, OutputPath) -> LinkView) -> ChecklistView {
        let mapPath = OutputLayout.path(of: .page("wcag"), in: language)
        func criterionView(_ criterion: WCAGCatalog.Criterion) -> CriterionView {
            CriterionView(
                criterion: WCAGCriterionLinkView(
                    number: criterion.number, name: criterion.name(in: language),
                    nameLang: .lang(criterion.nameFallbackLanguage(in: language)), level: criterion.level.rawValue,
                    href: RelativeURL.from(path, to: mapPath) + "#" + WCAGMap.anchor(criterion.number)))
        }
        let groups: [MustacheValue] = Principle.allCases.compactMap { principle in
            let practices = site.practices.filter { $0.principle == principle }
            guard !practices.isEmpty else { return nil }
            return .view(GroupView(
                anchor: "check-\(principle.rawValue)", title: strings.text(principle.stringKey),
                titleLang: strings.lang(of: principle.stringKey),
                items: practices.map { practice in
                    let criteria = practice.wcag.compactMap { site.wcag?.criterion($0) }
                    let line = LineView(
                        slug: practice.id.replacingASCII(".", with: "-"),
                        wcag: criteria.isEmpty ? .bool(false) : .view(ItemsView(items: criteria.map { .view(criterionView($0)) })),
                        wcagLevels: Set(criteria.map(\.level.rawValue)).sorted().joined(separator: " "),
                        wcagExport: criteria.map { exportText($0) }.joined(separator: "; "))
                    return .view(LayeredView(layers: [line, link(.practice(practice.id), path)]))
                }))
        }
        var context = ChecklistView(
            groups: groups, practiceTotal: site.practices.count, storageKey: "handbook-checklist-\(language)",
            hasWCAG: site.wcag != nil)
        if let catalog = site.wcag {
            let serving = WCAGMap.practicesServing(site)
            context.wcagLevels = WCAGCatalog.Level.allCases.map { level in
                let criteria = catalog.current.filter { $0.level == level && serving[$0.number] != nil }
                return .view(LevelView(
                    level: level.rawValue, heading: strings.text("checklist_level_heading", ["level": level.rawValue]),
                    headingLang: strings.lang(of: "checklist_level_heading"),
                    criteria: criteria.map { criterion in
                        var view = criterionView(criterion)
                        view.practices = (serving[criterion.number] ?? []).map { .view(link(.practice($0), path)) }
                        return .view(view)
                    }))
            }
        }
        return context
    }

    /// "1.4.4 Resize Text (AA)", as the exports write a criterion.
    private func exportText(_ criterion: WCAGCatalog.Criterion) -> String {
        "\(criterion.number) \(criterion.name(in: language))\(strings.text("paren_open"))\(criterion.level.rawValue)\(strings.text("paren_close"))"
    }
}

extension AuditChecklist {
    /// The checklist page's own fields.
    struct ChecklistView: FieldedView, Equatable {
        static let fields: [ViewField<ChecklistView>] = [
            ViewField("checklist_groups") { view in .array(view.groups) },
            ViewField("practice_total") { view in .string(String(view.practiceTotal)) },
            ViewField("storage_key") { view in .string(view.storageKey) },
            ViewField("has_wcag") { view in .bool(view.hasWCAG) },
            ViewField("wcag_levels") { view in view.wcagLevels.map(MustacheValue.array) },
        ]
        let groups: [MustacheValue]
        let practiceTotal: Int
        let storageKey: String
        let hasWCAG: Bool
        var wcagLevels: [MustacheValue]?
    }

    /// The practices of one principle.
    struct GroupView: FieldedView, Equatable {
        static let fields: [ViewField<GroupView>] = [
            ViewField("anchor") { view in .string(view.anchor) },
            ViewField("title") { view in .string(view.title) },
            ViewField("title_lang") { view in view.titleLang },
            ViewField("items") { view in .array(view.items) },
        ]
        let anchor: String
        let title: String
        let titleLang: MustacheValue
        let items: [MustacheValue]
    }

    /// What a checklist line adds to the link to its practice.
    struct LineView: FieldedView, Equatable {
        static let fields: [ViewField<LineView>] = [
            ViewField("slug") { view in .string(view.slug) },
            ViewField("wcag") { view in view.wcag },
            ViewField("wcag_levels") { view in .string(view.wcagLevels) },
            ViewField("wcag_export") { view in .string(view.wcagExport) },
        ]
        let slug: String
        let wcag: MustacheValue
        let wcagLevels: String
        let wcagExport: String
    }

    /// A criterion, with the practices to check for it in the list by level.
    struct CriterionView: MustacheView, Equatable {
        static let keys = WCAGCriterionLinkView.keys + ["practices"]
        let criterion: WCAGCriterionLinkView
        var practices: [MustacheValue]?

        func value(for key: String) -> MustacheValue? {
            key == "practices" ? practices.map(MustacheValue.array) : criterion.value(for: key)
        }
    }

    /// The criteria of one level and the practices that serve them.
    struct LevelView: FieldedView, Equatable {
        static let fields: [ViewField<LevelView>] = [
            ViewField("level") { view in .string(view.level) },
            ViewField("anchor") { view in .string("level-\(view.level.lowercased())") },
            ViewField("heading") { view in .string(view.heading) },
            ViewField("heading_lang") { view in view.headingLang },
            ViewField("criteria") { view in .array(view.criteria) },
        ]
        let level: String
        let heading: String
        let headingLang: MustacheValue
        let criteria: [MustacheValue]
    }
}
