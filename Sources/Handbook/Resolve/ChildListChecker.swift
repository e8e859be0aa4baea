import Markdown

/// A parent section's "In this section" list is written by hand, so a new child shows everywhere
/// the build derives (the section tree, the pager, search) but not there. Where a page has the
/// list (the heading with the anchor `in-this-section`, in any language), each child it does not
/// link is a `missing-child` warning at the list, naming the line to add.
struct ChildListChecker {
    let diagnostics: DiagnosticEngine

    static let anchor = "in-this-section"

    func check(_ pages: [ParsedPage], sections: [SectionInfo]) {
        let children = Dictionary(sections.map { ($0.number, $0.children) }) { a, _ in a }
        for page in pages {
            guard case .section(let number) = page.key, let expected = children[number], !expected.isEmpty,
                let list = Self.list(in: page.body)
            else { continue }
            var linked = Set<String>()
            list.forEach { node in
                if case .link(let url, _) = node.kind, let (key, _) = PageKey.reference(url), case .section(let child) = key {
                    linked.insert(child)
                }
            }
            for child in expected where !linked.contains(child) {
                diagnostics.warning(
                    .missingChild, "the \"In this section\" list does not link section \(child), a child of \(number)",
                    at: page.lineMap.location(list.children.last?.start ?? list.start),
                    notes: [Diagnostic.Note("add the line \"- [](sec:\(child))\" to the list")])
            }
        }
    }

    /// The list right after the `in-this-section` heading, if the page has one.
    static func list(in body: MarkdownNode) -> MarkdownNode? {
        let blocks = body.children
        guard let heading = blocks.firstIndex(where: { node in
            if case .heading = node.kind { return node.anchor == anchor }
            return false
        }) else { return nil }
        return blocks[(heading + 1)...].first { node in
            if case .list = node.kind { return true }
            return false
        }
    }
}
