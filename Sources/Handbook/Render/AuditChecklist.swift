import Mustache

/// The audit checklist: the practices grouped by principle, each with a checkbox, a status
/// (pass, fail, not applicable) and a notes field. The page works as a printable list without
/// JavaScript; the script keeps its state in local storage per language and exports it.
struct AuditChecklist {
    let site: ResolvedSite
    let language: String
    let strings: UIStrings
    let path: String

    func context(link: (PageKey, String) -> MustacheValue) -> [String: MustacheValue] {
        let groups: [MustacheValue] = PageParser.principles.compactMap { principle in
            let practices = site.practices.filter { $0.principle == principle }
            guard !practices.isEmpty else { return nil }
            return .object([
                "anchor": .string("check-\(principle)"),
                "title": .string(strings.text("principle_\(principle)")),
                "items": .array(
                    practices.map { practice in
                        guard case .object(var item) = link(.practice(practice.id), path) else { return .null }
                        let slug = practice.id.replacingOccurrences(of: ".", with: "-")
                        item["slug"] = .string(slug)
                        return .object(item)
                    }),
            ])
        }
        return [
            "checklist_groups": .array(groups),
            "practice_total": .string(String(site.practices.count)),
            "storage_key": .string("handbook-checklist-\(language)"),
        ]
    }
}
