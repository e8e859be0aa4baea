/// Which output files an edit can change, so that `watch` renders only those: the step between
/// resolving and rendering in a rebuild (`Build.rebuild`).
///
/// The changed page in its language (in every language when it is the English source, since
/// translations fall back to it or mark it outdated), and, when its title, summary, headings,
/// relations or translation state changed, the pages that show them: pages linking to it, its
/// related practices or sections, its neighbours, and the generated lists.
enum AffectedPages {
    /// Every page path the site has, to find pages whose source was deleted.
    static func expectedPaths(_ site: ResolvedSite) -> [String] {
        var out = ["index.html"]
        for language in site.config.languages {
            out += site.pages(in: language.code).map(\.outputPath)
            out += (SiteResolver.generatedPageIDs + SinglePageEdition.partIDs(site)).map { OutputLayout.path(of: .page($0), in: language.code) }
        }
        return out + HostingPages.paths(of: site)
    }

    static func paths(_ changes: [(key: PageKey, language: String)], old: ResolvedSite, new: ResolvedSite) -> Set<String> {
        var out = Set<String>()
        let source = new.config.sourceLanguage.code
        let codes = new.config.languages.map(\.code)
        for change in changes {
            let languages = change.language == source ? codes : [change.language]
            for language in languages {
                out.insert(OutputLayout.path(of: change.key, in: language))
                // The single-page edition holds every page's text (in parts, each part links into the others).
                for id in ["handbook"] + SinglePageEdition.partIDs(new) { out.insert(OutputLayout.path(of: .page(id), in: language)) }
                let before = old.page(change.key, in: language), after = new.page(change.key, in: language)
                if before?.state != after?.state {
                    // Every language's switcher marks a missing translation; every status page lists all languages.
                    for code in codes {
                        out.insert(OutputLayout.path(of: change.key, in: code))
                        out.insert(OutputLayout.path(of: .page("translation-status"), in: code))
                    }
                }
                let faceChanged = before?.title != after?.title || before?.summary != after?.summary
                    || before?.headings.map(\.anchor) != after?.headings.map(\.anchor)
                    || relations(change.key, in: old) != relations(change.key, in: new)
                guard faceChanged else { continue }
                for site in [old, new] {
                    for key in dependents(of: change.key, in: site, language: language) {
                        out.insert(OutputLayout.path(of: key, in: language))
                    }
                }
                for id in SiteResolver.generatedPageIDs + ["index"] { out.insert(OutputLayout.path(of: .page(id), in: language)) }
            }
        }
        // A new or removed link changes the target's "Referenced by" list.
        for code in codes {
            let before = Dictionary(old.pages(in: code).map { ($0.key, $0.referencedBy) }) { a, _ in a }
            for page in new.pages(in: code) where before[page.key] != page.referencedBy { out.insert(page.outputPath) }
        }
        // Redirects name their target's title and follow previous_numbers.
        out.formUnion(HostingPages.paths(of: new))
        return out
    }

    /// The files that show UI strings, after a `strings.yaml` changed: every page of each language
    /// whose resolved strings differ (the source language's fill the others' gaps, so one edit can
    /// reach several), the status pages (they count strings), the root page and the hosting pages.
    static func stringPaths(old: ResolvedSite, new: ResolvedSite) -> Set<String> {
        var out: Set<String> = ["index.html"]
        for edition in new.editions where old.edition(edition.language.code)?.strings != edition.strings {
            let code = edition.language.code
            out.formUnion(edition.pages.map(\.outputPath))
            for id in new.generatedPageIDs + SinglePageEdition.partIDs(new) { out.insert(OutputLayout.path(of: .page(id), in: code)) }
        }
        for edition in new.editions { out.insert(OutputLayout.path(of: .page("translation-status"), in: edition.language.code)) }
        return out.union(HostingPages.paths(of: new))
    }

    /// The pages that show `key`'s title: those linking to it, its related pages, its neighbours in
    /// reading order, its parent and children, and sections whose program details name it.
    static func dependents(of key: PageKey, in site: ResolvedSite, language: String) -> Set<PageKey> {
        var out = Set<PageKey>()
        for page in site.pages(in: language) where page.referencedBy.contains(key) || page.key == key {
            out.formUnion(page.referencedBy)
        }
        out.formUnion(relations(key, in: site))
        let order: [PageKey] = site.practices.map { .practice($0.id) } + site.sections.map { .section($0.number) }
        if let index = order.firstIndex(of: key) {
            if index > 0 { out.insert(order[index - 1]) }
            if index + 1 < order.count { out.insert(order[index + 1]) }
        }
        if case .section(let number) = key {
            for page in site.pages(in: language) {
                guard case .section(let details) = page.source.details else { continue }
                if details.programDetails.contains(where: { $0.related.contains { $0.value == number } }) { out.insert(page.key) }
            }
        }
        return out
    }

    static func relations(_ key: PageKey, in site: ResolvedSite) -> [PageKey] {
        switch key {
        case .practice(let id):
            return (site.practice(id)?.sections ?? []).map(PageKey.section)
        case .section(let number):
            guard let info = site.section(number) else { return [] }
            return info.practices.map(PageKey.practice) + info.children.map(PageKey.section)
                + (info.parent.map { [PageKey.section($0)] } ?? [])
        case .page:
            return []
        }
    }

}
