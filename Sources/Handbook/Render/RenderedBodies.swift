import Markdown

/// Every page's body and program-details fields rendered once, before anything shows them: the
/// page, the single-page edition and the EPUB each place the same `BodyHTML`.
struct RenderedBodies: Sendable {
    /// What one page shows of its own content.
    struct Page: Sendable {
        let body: BodyHTML
        /// Each program-details table's description and functions.
        let programDetails: [(description: BodyHTML, functions: [BodyHTML])]
    }

    private let pages: [OutputPath: Page]
    private let renderers: [LanguageCode: BodyRenderer]

    /// The bodies of `pages` (by language code), rendered in parallel; with a `memo`, a page whose
    /// fingerprint (what it was made from) is the same as last build's is taken from it.
    init(_ pages: [(language: LanguageCode, page: ResolvedPage)], site: ResolvedSite, memo: BuildMemo? = nil) {
        var renderers: [LanguageCode: BodyRenderer] = [:]
        for language in site.config.languages {
            renderers[language.code] = BodyRenderer(labels: BodyRenderer.Labels(site.strings(in: language.code)))
        }
        let rendered = Parallel.map(pages.count) { index -> Page in
            let (language, page) = pages[index]
            // Labels in the body's own language: a fallback (English) body says "Sketch" in English.
            let renderer = renderers[page.contentLanguage] ?? renderers[language] ?? BodyRenderer()
            guard let memo, let fingerprint = page.fingerprint else { return Self.render(page, with: renderer) }
            return memo.bodies.value(page.outputPath, inputs: BuildMemo.BodyInputs(page: fingerprint, labels: renderer.labels)) {
                Self.render(page, with: renderer)
            }
        }
        self.pages = Dictionary(zip(pages.map(\.page.outputPath), rendered)) { first, _ in first }
        self.renderers = renderers
    }

    /// `page`'s rendered content (rendered now if it was not among those rendered before).
    subscript(_ page: ResolvedPage) -> Page {
        pages[page.outputPath] ?? Self.render(page, with: renderers[page.contentLanguage] ?? renderers[page.language] ?? BodyRenderer())
    }

    private static func render(_ page: ResolvedPage, with renderer: BodyRenderer) -> Page {
        var details: [(description: BodyHTML, functions: [BodyHTML])] = []
        if case .section(let section) = page.source.details {
            details = section.programDetails.map { detail in
                (renderer.inlineTemplate(detail.description.node), detail.functions.map { renderer.inlineTemplate($0.node) })
            }
        }
        return Page(body: renderer.template(page.body), programDetails: details)
    }
}
