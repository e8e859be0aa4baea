import Mustache

/// The A–Z index: every practice, section and page by title, grouped under initial letters, so
/// readers without JavaScript (or without a search) can still find any page.
struct AlphabeticalIndex {
    let site: ResolvedSite
    let language: String

    func groups(from path: String, link: (PageKey, String) -> MustacheValue) -> MustacheValue {
        var entries: [(sortKey: String, label: String, key: PageKey)] = []
        for page in site.pages[language] ?? [] {
            if case .page("index") = page.key { continue }
            let label: String
            switch page.key {
            case .practice(let id): label = "\(page.title) (\(id))"
            case .section(let number): label = "\(page.title) (\(number))"
            case .page: label = page.title
            }
            entries.append((page.title.lowercased(), label, page.key))
        }
        entries.sort { ($0.sortKey, $0.key) < ($1.sortKey, $1.key) }
        var groups: [(letter: String, items: [MustacheValue])] = []
        for entry in entries {
            let letter = initial(entry.sortKey)
            guard case .object(var item) = link(entry.key, path) else { continue }
            item["label"] = .string(entry.label)
            if groups.last?.letter == letter {
                groups[groups.count - 1].items.append(.object(item))
            } else {
                groups.append((letter, [.object(item)]))
            }
        }
        return .array(
            groups.enumerated().map { index, group in
                .object(["letter": .string(group.letter), "anchor": .string("letter-\(index + 1)"), "entries": .array(group.items)])
            })
    }

    /// A Latin letter upper-cased, digits as `0–9`, any other script by its first character.
    private func initial(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return "#" }
        if first.properties.numericType != nil { return "0–9" }
        return String(first).uppercased()
    }
}

private func < (a: (String, PageKey), b: (String, PageKey)) -> Bool {
    a.0 != b.0 ? a.0 < b.0 : a.1 < b.1
}
