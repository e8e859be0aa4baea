import Mustache

/// The audit checklist: the practices grouped by principle, each with the WCAG 2.2 criteria it
/// serves, a checkbox, a status (pass, fail, not applicable) and a notes field. The page works as a
/// printable list without JavaScript, ending with the criteria of each level and the practices to
/// check for them; the script keeps its state in local storage per language, filters by level and
/// exports it.
struct AuditChecklist {
    let site: ResolvedSite
    let language: String
    let strings: UIStrings
    let path: String

    func context(link: (PageKey, String) -> MustacheValue) -> [String: MustacheValue] {
        let mapPath = OutputLayout.path(of: .page("wcag"), in: language)
        func criterionValue(_ criterion: WCAGCatalog.Criterion) -> MustacheValue {
            .object([
                "number": .string(criterion.number), "name": .string(criterion.name(in: language)),
                "name_lang": MustacheValue.lang(criterion.nameFallbackLanguage(in: language)),
                "level": .string(criterion.level.rawValue),
                "href": .string(RelativeURL.from(path, to: mapPath) + "#" + WCAGMap.anchor(criterion.number)),
            ])
        }
        let groups: [MustacheValue] = PageParser.principles.compactMap { principle in
            let practices = site.practices.filter { $0.principle == principle }
            guard !practices.isEmpty else { return nil }
            return .object([
                "anchor": .string("check-\(principle)"),
                "title": .string(strings.text("principle_\(principle)")),
                "title_lang": strings.lang(of: "principle_\(principle)"),
                "items": .array(
                    practices.map { practice in
                        guard case .object(var item) = link(.practice(practice.id), path) else { return .null }
                        let slug = practice.id.replacingOccurrences(of: ".", with: "-")
                        item["slug"] = .string(slug)
                        let criteria = practice.wcag.compactMap { site.wcag?.criterion($0) }
                        item["wcag"] = criteria.isEmpty ? .bool(false) : .object(["items": .array(criteria.map(criterionValue))])
                        item["wcag_levels"] = .string(Set(criteria.map(\.level.rawValue)).sorted().joined(separator: " "))
                        item["wcag_export"] = .string(criteria.map { exportText($0) }.joined(separator: "; "))
                        return .object(item)
                    }),
            ])
        }
        var context: [String: MustacheValue] = [
            "checklist_groups": .array(groups),
            "practice_total": .string(String(site.practices.count)),
            "storage_key": .string("handbook-checklist-\(language)"),
        ]
        context["has_wcag"] = .bool(site.wcag != nil)
        if let catalog = site.wcag {
            let serving = WCAGMap.practicesServing(site)
            context["wcag_levels"] = .array(WCAGCatalog.Level.allCases.map { level in
                let criteria = catalog.current.filter { $0.level == level && serving[$0.number] != nil }
                return .object([
                    "level": .string(level.rawValue), "anchor": .string("level-\(level.rawValue.lowercased())"),
                    "heading": .string(strings.text("checklist_level_heading", ["level": level.rawValue])),
                    "heading_lang": strings.lang(of: "checklist_level_heading"),
                    "criteria": .array(criteria.map { criterion in
                        guard case .object(var value) = criterionValue(criterion) else { return .null }
                        value["practices"] = .array((serving[criterion.number] ?? []).map { link(.practice($0), path) })
                        return .object(value)
                    }),
                ])
            })
        }
        return context
    }

    /// "1.4.4 Resize Text (AA)", as the exports write a criterion.
    private func exportText(_ criterion: WCAGCatalog.Criterion) -> String {
        "\(criterion.number) \(criterion.name(in: language))\(strings.text("paren_open"))\(criterion.level.rawValue)\(strings.text("paren_close"))"
    }
}
