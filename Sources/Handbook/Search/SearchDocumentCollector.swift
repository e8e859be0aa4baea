import Markdown

/// Gathers the pages of one language as `SearchDocument`s, in the order the index numbers them:
/// the content pages in key order (practices, sections, other pages), then the generated pages.
struct SearchDocumentCollector {
    /// The site whose pages are collected.
    let site: ResolvedSite
    private let practices: [String: PracticeInfo]
    private let sections: [String: SectionInfo]

    /// Creates a collector for `site`.
    init(site: ResolvedSite) {
        self.site = site
        practices = Dictionary(site.practices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        sections = Dictionary(site.sections.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The `strings.yaml` key of a generated page's intro line where it is not `<id>_intro`.
    static let introKeyExceptions = ["translation-status": "status_intro"]

    /// Every page of `language`.
    func documents(in language: LanguageCode) -> [SearchDocument] {
        documentMakers(in: language).map { $0() }
    }

    /// One function per page of `language`, in index order, each making that page's document, so
    /// that the pages can be collected on several threads alongside other work.
    func documentMakers(in language: LanguageCode, memo: BuildMemo? = nil) -> [@Sendable () -> SearchDocument] {
        let strings = site.strings(in: language)
        let shared = site.searchFingerprint
        var out: [@Sendable () -> SearchDocument] = site.pages(in: language).map { page in
            {
                // In a watch session, a page made from the same inputs has the same document.
                guard let memo, let shared, let own = page.fingerprint else { return document(for: page, strings: strings) }
                return memo.searchDocuments.value(page.outputPath, inputs: BuildMemo.SearchDocumentInputs(page: own, shared: shared)) {
                    document(for: page, strings: strings)
                }
            }
        }
        for id in site.generatedPageIDs {
            out.append {
                let name = id.replacingASCII("-", with: "_")
                let title = strings.text("page_title_\(name)")
                let intro = strings.values[Self.introKeyExceptions[id] ?? "\(name)_intro"] ?? ""
                return SearchDocument(
                    kind: .page, id: id, title: title, path: OutputLayout.path(of: .page(id), in: language),
                    contentLanguage: nil, fields: [title, "", "", intro], text: intro)
            }
        }
        return out
    }
}

private extension SearchDocumentCollector {
    func document(for page: ResolvedPage, strings: UIStrings) -> SearchDocument {
        var body = Self.blockTexts(of: page.body)
        let kind: SearchDocument.Kind
        let heading: String
        let headings = page.headings.map(\.text).joined(separator: " ")
        var criteria = ""
        switch page.key {
        case .practice(let id):
            kind = .practice
            heading = "\(id) \(page.title)"
            body += practiceFacts(id, page: page, strings: strings)
            criteria = criteriaTerms(id, language: page.language)
        case .section(let number):
            kind = .section
            heading = "\(number) \(page.title)"
            body += sectionFacts(number, page: page, strings: strings)
        case .page:
            kind = .page
            heading = page.title
        }
        let text = Self.collapse(body.joined(separator: " "))
        return SearchDocument(
            kind: kind, id: page.key.id, title: page.title, path: page.outputPath,
            contentLanguage: page.contentLanguage == page.language ? nil : page.contentLanguage,
            fields: [heading, headings, page.summary, text, criteria], text: text)
    }

    /// The facts box of a practice page: principle, category and how the templates adopt it (after the
    /// body in the text, so that a snippet without a match starts with the body).
    func practiceFacts(_ id: String, page: ResolvedPage, strings: UIStrings) -> [String] {
        guard let info = practices[id] else { return [] }
        var out = [strings.text(info.principle.stringKey)]
        if let category = info.category {
            out.append(strings.text(category.stringKey))
        }
        if case .practice(let details) = page.source.details, !details.adoption.isEmpty {
            out.append(details.adoption)
        }
        return out
    }

    /// The numbers and names of the WCAG 2.2 criteria a practice serves, in the page's language and
    /// in English (auditors search by WCAG's English names in every edition).
    func criteriaTerms(_ id: String, language: LanguageCode) -> String {
        guard let catalog = site.wcag, let info = practices[id] else { return "" }
        return info.wcag.compactMap { catalog.criterion($0) }.map { criterion in
            let local = criterion.name(in: language), english = criterion.name(in: "en")
            return local == english ? "\(criterion.number) \(english)" : "\(criterion.number) \(local) \(english)"
        }.joined(separator: " ")
    }

    /// A section's platform and its program details tables.
    func sectionFacts(_ number: String, page: ResolvedPage, strings: UIStrings) -> [String] {
        var out: [String] = []
        if let info = sections[number], info.platform != .common {
            out.append(strings.text(info.platform.stringKey))
        }
        guard case .section(let details) = page.source.details else { return out }
        for detail in details.programDetails {
            out.append(detail.description.node.plainText)
            out += [detail.layout, detail.viewController, detail.codeFile].compactMap { $0 }
            out += detail.functions.map(\.node.plainText)
        }
        return out
    }

    /// The plain text of each block (paragraph, heading, code block, table cell), so that words of
    /// neighbouring blocks never run together.
    static func blockTexts(of node: MarkdownNode) -> [String] {
        switch node.kind {
        case .paragraph, .heading, .codeBlock, .tableCell, .tableCaption:
            return [node.plainText]
        case .htmlBlock, .thematicBreak:
            return []
        default:
            return node.children.flatMap(blockTexts)
        }
    }

    /// `text` with every run of white space as one space, and none at either end.
    static func collapse(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isSpace: Bool
            if scalar.isASCII {
                isSpace = scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
            } else {
                // No white space lies above U+3000, where nearly all Chinese text does.
                isSpace = scalar.value <= 0x3000 && scalar.properties.isWhitespace
            }
            if isSpace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(0x20) }
                pendingSpace = false
                if scalar.isASCII { out.append(UInt8(scalar.value)) } else { out.append(contentsOf: UTF8.encode(scalar)!) }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
