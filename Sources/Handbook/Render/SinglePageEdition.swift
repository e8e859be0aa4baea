import Markdown
import Mustache

/// The whole handbook of one language on one page, for printing or saving as PDF: every practice,
/// then every section, with a table of contents. Links between pages become links within the page
/// (`#bp-2.10`, `#sec-7.3.6.5`), and heading anchors are prefixed with their entry so they stay
/// unique.
struct SinglePageEdition {
    let site: ResolvedSite
    let language: String
    let strings: UIStrings
    let path: String
    /// Entries kept from the previous build, if any.
    var memo: BuildMemo? = nil

    /// The anchor of an entry in the single page.
    static func anchor(of key: PageKey) -> String {
        switch key {
        case .practice(let id): return "bp-\(id)"
        case .section(let number): return "sec-\(number)"
        case .page(let id): return "page-\(id)"
        }
    }

    func context(body renderer: BodyRenderer) -> [String: MustacheValue] {
        let pages = (site.pages[language] ?? []).filter {
            if case .page = $0.key { return false }
            return true
        }
        let byPath = Dictionary(uniqueKeysWithValues: (site.pages[language] ?? []).map { ($0.outputPath, $0.key) })
        var linkTargets = Hasher()
        for path in byPath.keys.sorted() { linkTargets.combine(path) }
        let targets = linkTargets.finalize()
        let entries: [MustacheValue] = pages.map { page in
            let render = {
                var body = page.body
                rewrite(&body, from: page, byPath: byPath)
                return renderer.render(body, regionPrefix: page.key.id)
            }
            let html = memo?.entryHTML(page.outputPath, body: page.body, context: targets, render: render) ?? render()
            let heading: String
            switch page.key {
            case .practice(let id): heading = "\(id) \(page.title)"
            case .section(let number): heading = "\(number) \(page.title)"
            case .page: heading = page.title
            }
            return .object([
                "anchor": .string(Self.anchor(of: page.key)),
                "heading": .string(heading),
                "lang": page.contentLanguage == language ? .bool(false) : .string(site.config.tag(of: page.contentLanguage)),
                "html": .string(html),
                "is_practice": .bool({ if case .practice = page.key { return true } else { return false } }()),
            ])
        }
        let contents: [MustacheValue] = pages.map { page in
            .object([
                "href": .string("#" + Self.anchor(of: page.key)),
                "id": .string(page.key.id),
                "title": .string(page.title),
                "lang": page.contentLanguage == language ? .bool(false) : .string(site.config.tag(of: page.contentLanguage)),
            ])
        }
        let practiceCount = pages.filter { if case .practice = $0.key { return true } else { return false } }.count
        return [
            "practice_entries": .array(Array(entries.prefix(practiceCount))),
            "section_entries": .array(Array(entries.dropFirst(practiceCount))),
            "practice_contents": .array(Array(contents.prefix(practiceCount))),
            "section_contents": .array(Array(contents.dropFirst(practiceCount))),
        ]
    }

    /// Headings go one level down (each entry's title is the `h2`) and get prefixed anchors; links to
    /// practices and sections point into this page.
    private func rewrite(_ body: inout MarkdownNode, from page: ResolvedPage, byPath: [String: PageKey]) {
        let prefix = Self.anchor(of: page.key)
        // Only headings and links change: the rest of the tree stays shared with the page.
        let rewritten = body.rewritten { original -> MarkdownNode? in
            var node = original
            switch node.kind {
            case .heading(let level):
                node.kind = .heading(level: min(level + 1, 6))
                if let anchor = node.anchor { node.anchor = "\(prefix)--\(anchor)" }
            case .link(let url, let title):
                if url.hasPrefix("#") {
                    node.kind = .link(url: "#\(prefix)--\(url.dropFirst())", title: title)
                    return node
                }
                guard !url.contains(":") else { return nil }
                let parts = url.split(separator: "#", maxSplits: 1).map(String.init)
                let target = RelativeURL.resolve(parts[0], from: page.outputPath)
                if let key = byPath[target], key.isPracticeOrSection {
                    let anchor = Self.anchor(of: key)
                    node.kind = .link(url: parts.count > 1 ? "#\(anchor)--\(parts[1])" : "#\(anchor)", title: title)
                } else {
                    node.kind = .link(url: RelativeURL.from(path, to: target) + (parts.count > 1 ? "#" + parts[1] : ""), title: title)
                }
            case .image(let url, let title):
                guard !url.contains(":") else { return nil }
                node.kind = .image(url: RelativeURL.from(path, to: RelativeURL.resolve(url, from: page.outputPath)), title: title)
            default:
                return nil
            }
            return node
        }
        if let rewritten { body = rewritten }
    }

}

extension PageKey {
    /// Whether the key is a practice or a section (pages are not in the single-page edition).
    var isPracticeOrSection: Bool {
        switch self {
        case .practice, .section: return true
        case .page: return false
        }
    }
}
