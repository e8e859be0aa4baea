import Markdown

/// The two pages auditors work from, as documents of the book: the WCAG 2.2 map (every criterion
/// with the practices that serve it, or why none does) and the audit checklist (every practice with
/// its criteria, then the criteria of each level with the practices to check). They hold the same
/// facts as the site's pages, with the same anchors, as static text: a book has no tick boxes.
struct EPUBAuditDocuments {
    let site: ResolvedSite
    let language: Language
    let strings: UIStrings

    /// The map's document, where criteria link to.
    static let mapFile = EPUBContentDocument.fileName(of: .page(GeneratedPage.wcag.id))

    /// The generated pages the book holds, in reading order.
    static func pages(of site: ResolvedSite) -> [GeneratedPage] {
        site.wcag == nil ? [.checklist] : [.wcag, .checklist]
    }

    /// The page's title, as the site names it.
    func title(of page: GeneratedPage) -> String {
        strings.text("page_title_" + page.id.replacingASCII("-", with: "_"))
    }

    func render(_ page: GeneratedPage) -> String {
        let key = "page_title_" + page.id.replacingASCII("-", with: "_")
        var out = EPUBContentDocument.header(title: title(of: page), tag: language.tag, stylesheet: "../style.css", dir: language.dir)
        out += "<main>\n<section role=\"doc-chapter\" aria-labelledby=\"title\">\n"
        out += "<h1 id=\"title\"\(uiLang(key))>\(escape(title(of: page)))</h1>\n"
        if page == .wcag, let catalog = site.wcag {
            out += map(catalog)
        } else {
            out += checklist()
        }
        out += "</section>\n</main>\n</body>\n</html>\n"
        return out
    }

    // MARK: The map

    private func map(_ catalog: WCAGCatalog) -> String {
        let serving = WCAGMap.practicesServing(site)
        let counted = catalog.current.filter { $0.level != .aaa }
        let served = counted.filter { serving[$0.number] != nil }.count
        var out = "<p\(uiLang("wcag_intro"))>\(escape(strings.text("wcag_intro")))</p>\n"
        out += "<p\(uiLang("wcag_summary"))>\(escape(strings.text("wcag_summary", ["served": String(served), "total": String(counted.count), "gaps": String(counted.count - served)])))</p>\n"
        out += "<table class=\"wcag-counts\">\n<caption\(uiLang("wcag_counts_caption"))>\(text("wcag_counts_caption"))</caption>\n<thead><tr>"
        for column in ["wcag_column_level", "wcag_column_criteria", "wcag_column_served", "wcag_column_not_covered"] {
            out += "<th scope=\"col\"\(uiLang(column))>\(text(column))</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for level in WCAGCatalog.Level.allCases {
            let ofLevel = catalog.current.filter { $0.level == level }
            let servedOfLevel = ofLevel.filter { serving[$0.number] != nil }.count
            out += "<tr><th scope=\"row\">\(level.rawValue)</th><td>\(ofLevel.count)</td><td>\(servedOfLevel)</td><td>\(ofLevel.count - servedOfLevel)</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        for principle in catalog.principles {
            let anchor = "principle-\(principle.number)"
            out += "<section aria-labelledby=\"\(anchor)\">\n"
            out += "<h2 id=\"\(anchor)\">\(escape(principle.number)) <span\(EPUBContentDocument.lang(principle.nameFallbackLanguage(in: language.code)))>\(escape(principle.name(in: language.code)))</span></h2>\n"
            for guideline in catalog.guidelines where guideline.number.hasPrefix(principle.number + ".") {
                let heading = "guideline-" + guideline.number.replacingASCII(".", with: "-")
                let name = "<span\(EPUBContentDocument.lang(guideline.nameFallbackLanguage(in: language.code)))>\(escape(guideline.name(in: language.code)))</span>"
                out += "<h3 id=\"\(heading)\">\(escape(guideline.number)) \(name)</h3>\n"
                // Named by the heading just above it rather than a caption that would repeat it.
                out += "<table class=\"wcag-criteria\" aria-labelledby=\"\(heading)\">\n<thead><tr>"
                for column in ["wcag_column_criterion", "wcag_column_level", "wcag_column_practices"] {
                    out += "<th scope=\"col\"\(uiLang(column))>\(text(column))</th>"
                }
                out += "</tr></thead>\n<tbody>\n"
                for criterion in catalog.criteria where criterion.guideline == guideline.number {
                    out += row(criterion, practices: serving[criterion.number] ?? [], catalog: catalog)
                }
                out += "</tbody>\n</table>\n"
            }
            out += "</section>\n"
        }
        out += "<p\(uiLang("wcag_names_note"))>\(text("wcag_names_note"))</p>\n"
        return out
    }

    /// A criterion's row: its number and name (and the version that added or removed it), its level,
    /// and the practices that serve it, or the catalogue's reason why none does.
    private func row(_ criterion: WCAGCatalog.Criterion, practices: [String], catalog: WCAGCatalog) -> String {
        var name = "\(escape(criterion.number)) \(criterionName(criterion))"
        if criterion.since != "2.0" {
            name += "<span\(uiLang("wcag_new_in"))>\(text("paren_open"))\(escape(strings.text("wcag_new_in", ["version": criterion.since])))\(text("paren_close"))</span>"
        }
        var cell: String
        if let removed = criterion.removed {
            cell = "<span\(uiLang("wcag_removed"))>\(escape(strings.text("wcag_removed", ["version": removed])))</span>"
        } else if !practices.isEmpty {
            cell = "<ul>" + practices.map { "<li>\(practiceLink($0))</li>" }.joined() + "</ul>"
        } else if criterion.level == .aaa {
            cell = "<span\(uiLang("wcag_no_practice"))>\(text("wcag_no_practice"))</span>"
        } else {
            let note = criterion.gap.flatMap { catalog.gaps[$0] }
            let noteLang = EPUBContentDocument.lang(note.flatMap { WCAGCatalog.fallbackLanguage(of: $0, in: language.code) })
            // The mark ends in a separator written as text, so that it reads apart from the note with or without styles.
            cell = "<strong\(uiLang("wcag_not_covered"))>\(escape(strings.text("wcag_not_covered") + strings.text("label_separator")))</strong>"
                + "<span\(noteLang)>\(escape(note?[language.code] ?? note?["en"] ?? ""))</span>"
        }
        return "<tr id=\"\(WCAGMap.anchor(criterion.number))\"><th scope=\"row\">\(name)</th><td>\(criterion.level.rawValue)</td><td>\(cell)</td></tr>\n"
    }

    // MARK: The checklist

    private func checklist() -> String {
        var out = "<p\(uiLang("epub_checklist_intro"))>\(escape(strings.text("epub_checklist_intro", count: site.practices.count)))</p>\n"
        for principle in Principle.allCases {
            let practices = site.practices.filter { $0.principle == principle }
            guard !practices.isEmpty else { continue }
            let anchor = "check-\(principle.rawValue)"
            out += "<section aria-labelledby=\"\(anchor)\">\n<h2 id=\"\(anchor)\"\(uiLang(principle.stringKey))>\(text(principle.stringKey))</h2>\n<ul>\n"
            for practice in practices {
                out += "<li>\(practiceLink(practice.id))"
                let criteria = practice.wcag.compactMap { site.wcag?.criterion($0) }
                if !criteria.isEmpty {
                    out += "\n<ul>" + criteria.map { "<li>\(criterionLink($0))\(text("paren_open"))\($0.level.rawValue)\(text("paren_close"))</li>" }.joined() + "</ul>\n"
                }
                out += "</li>\n"
            }
            out += "</ul>\n</section>\n"
        }
        guard let catalog = site.wcag else { return out }
        let serving = WCAGMap.practicesServing(site)
        for level in WCAGCatalog.Level.allCases {
            let criteria = catalog.current.filter { $0.level == level && serving[$0.number] != nil }
            guard !criteria.isEmpty else { continue }
            let anchor = "level-\(level.rawValue.lowercased())"
            out += "<section aria-labelledby=\"\(anchor)\">\n"
            out += "<h2 id=\"\(anchor)\"\(uiLang("checklist_level_heading"))>\(escape(strings.text("checklist_level_heading", ["level": level.rawValue])))</h2>\n<ul>\n"
            for criterion in criteria {
                let practices = (serving[criterion.number] ?? []).map { "<li>\(practiceLink($0))</li>" }.joined()
                out += "<li>\(criterionLink(criterion))\n<ul>\(practices)</ul>\n</li>\n"
            }
            out += "</ul>\n</section>\n"
        }
        return out
    }

    // MARK: Parts

    /// A practice's number and title, linking to its document; its title's language marked when
    /// the practice stands in from the source language.
    private func practiceLink(_ id: String) -> String {
        guard let page = site.heading(of: .practice(id), in: language.code) else { return escape(id) }
        let tag = page.contentLanguage == language.code ? nil : site.config.tag(of: page.contentLanguage)
        return "<a href=\"\(EPUBContentDocument.fileName(of: .practice(id)))\"\(EPUBContentDocument.lang(tag))>\(escape("\(id) \(page.title)"))</a>"
    }

    /// A criterion's number and name, linking to its row on the map.
    private func criterionLink(_ criterion: WCAGCatalog.Criterion) -> String {
        "<a href=\"\(Self.mapFile)#\(WCAGMap.anchor(criterion.number))\">\(escape(criterion.number)) \(criterionName(criterion))</a>"
    }

    private func criterionName(_ criterion: WCAGCatalog.Criterion) -> String {
        "<span\(EPUBContentDocument.lang(criterion.nameFallbackLanguage(in: language.code)))>\(escape(criterion.name(in: language.code)))</span>"
    }

    private func text(_ key: String) -> String { escape(strings.text(key)) }
    private func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
    private func uiLang(_ key: String) -> String { EPUBContentDocument.lang(strings.fallbackLanguage(of: key)) }
}
