/// Titles that stand alone. The guide names many sections only "Android Version" or "iOS Version",
/// and gives twins such as 7.3.5 and 7.4.5 the same title ("Bottom Menu"); out of context (a tab,
/// a search result, a link, the A–Z index) such titles do not say what the page is. A section of
/// one platform is titled with its platform ("Bottom Menu — Android"), and a version page takes
/// its parent's title ("Cancel and Back Buttons — iOS"), in the words of each language's
/// `platform_title` and `platform_version_title` strings. Worked out here, once, for every use.
enum SectionTitles {
    static func standAlone(
        _ pages: inout [LanguageCode: [ResolvedPage]], sections: [SectionInfo], strings: [LanguageCode: UIStrings], sourceLanguage: LanguageCode
    ) {
        let info = Dictionary(sections.map { ($0.number, $0) }) { first, _ in first }
        // The titles as written, before any is changed: a version page takes its parent's.
        let written = pages.mapValues { list in
            Dictionary(list.compactMap { page -> (String, ResolvedPage)? in
                if case .section(let number) = page.key { return (number, page) }
                return nil
            }) { first, _ in first }
        }
        for language in pages.keys.sorted() {
            guard var list = pages[language] else { continue }
            for index in list.indices {
                guard case .section(let number) = list[index].key, let section = info[number], section.platform != .common
                else { continue }
                let page = list[index]
                let text = strings[page.contentLanguage] ?? strings[language] ?? UIStrings(values: [:])
                let platform = text.text(section.platform.stringKey)
                var base = page.title
                if page.title == text.text("platform_version_title", ["platform": platform]) {
                    guard let parent = section.parent,
                        let parentPage = [written[language]?[parent], written[sourceLanguage]?[parent]].compactMap({ $0 })
                            .first(where: { $0.contentLanguage == page.contentLanguage })
                    else { continue }
                    base = parentPage.title
                } else if page.title.contains(platform) {
                    continue
                }
                list[index].title = text.text("platform_title", ["title": base, "platform": platform])
            }
            pages[language] = list
        }
    }
}
