import Mustache

/// The WCAG 2.2 map: every success criterion by principle and guideline, with its level, the
/// practices that serve it, and for an A or AA criterion that none serves a "Not covered" mark with
/// the catalogue's note on why. Every count on the page is computed here from the catalogue.
struct WCAGMap {
    let site: ResolvedSite
    let catalog: WCAGCatalog
    let language: String
    let strings: UIStrings
    let path: String

    /// The practices that serve each criterion, in practice order.
    static func practicesServing(_ site: ResolvedSite) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for practice in site.practices {
            for number in practice.wcag { out[number, default: []].append(practice.id) }
        }
        return out
    }

    /// The anchor of a criterion's row on the map (`sc-1-4-10`).
    static func anchor(_ number: String) -> String { "sc-" + number.replacingOccurrences(of: ".", with: "-") }

    func context(link: (PageKey, String) -> MustacheValue) -> [String: MustacheValue] {
        let serving = Self.practicesServing(site)
        let current = catalog.current
        let counted = current.filter { $0.level != .aaa }
        let served = counted.filter { serving[$0.number] != nil }.count
        let counts: [MustacheValue] = WCAGCatalog.Level.allCases.map { level in
            let ofLevel = current.filter { $0.level == level }
            let servedOfLevel = ofLevel.filter { serving[$0.number] != nil }.count
            return .object([
                "level": .string(level.rawValue), "criteria": .string(String(ofLevel.count)),
                "served": .string(String(servedOfLevel)), "not_covered": .string(String(ofLevel.count - servedOfLevel)),
            ])
        }
        let principles: [MustacheValue] = catalog.principles.map { principle in
            let guidelines: [MustacheValue] = catalog.guidelines.filter { $0.number.hasPrefix(principle.number + ".") }.map { guideline in
                let criteria = catalog.criteria.filter { $0.guideline == guideline.number }.map { criterion in
                    row(criterion, practices: serving[criterion.number] ?? [], link: link)
                }
                return .object([
                    "number": .string(guideline.number), "name": .string(guideline.name(in: language)),
                    "name_lang": MustacheValue.lang(guideline.nameFallbackLanguage(in: language)),
                    "anchor": .string("guideline-" + guideline.number.replacingOccurrences(of: ".", with: "-")),
                    "criteria": .array(criteria),
                ])
            }
            return .object([
                "number": .string(principle.number), "name": .string(principle.name(in: language)),
                "name_lang": MustacheValue.lang(principle.nameFallbackLanguage(in: language)),
                "anchor": .string("principle-\(principle.number)"), "guidelines": .array(guidelines),
            ])
        }
        return [
            "wcag_summary": .string(strings.text("wcag_summary", [
                "served": String(served), "total": String(counted.count), "gaps": String(counted.count - served),
            ])),
            "wcag_summary_lang": strings.lang(of: "wcag_summary"),
            "wcag_counts": .array(counts),
            "wcag_principles": .array(principles),
        ]
    }

    private func row(_ criterion: WCAGCatalog.Criterion, practices: [String], link: (PageKey, String) -> MustacheValue) -> MustacheValue {
        var item: [String: MustacheValue] = [
            "number": .string(criterion.number), "name": .string(criterion.name(in: language)),
            "name_lang": MustacheValue.lang(criterion.nameFallbackLanguage(in: language)),
            "anchor": .string(Self.anchor(criterion.number)), "level": .string(criterion.level.rawValue),
            "new_in": criterion.since == "2.0" ? .bool(false) : .string(strings.text("wcag_new_in", ["version": criterion.since])),
            "new_in_lang": strings.lang(of: "wcag_new_in"),
            "removed": criterion.removed.map { .string(strings.text("wcag_removed", ["version": $0])) } ?? .bool(false),
            "removed_lang": strings.lang(of: "wcag_removed"),
            "practices": practices.isEmpty ? .bool(false) : .object(["items": .array(practices.map { link(.practice($0), path) })]),
            "not_covered": .bool(false), "no_practice": .bool(false),
        ]
        if practices.isEmpty, criterion.removed == nil {
            if criterion.level == .aaa {
                item["no_practice"] = .bool(true)
            } else {
                let note = criterion.gap.flatMap { catalog.gaps[$0] }
                item["not_covered"] = .object([
                    "note": .string(note?[language] ?? note?["en"] ?? ""),
                    "note_lang": MustacheValue.lang(note.flatMap { WCAGCatalog.fallbackLanguage(of: $0, in: language) }),
                ])
            }
        }
        return .object(item)
    }
}
