import Markdown

/// Checks the practices' `wcag:` lists against `content/wcag.yaml` and against their own text.
///
/// - error `unknown-criterion`: `wcag:` names a number that is not a WCAG 2.2 success criterion
///   (with the nearest one); a warning when the text cites such a number;
/// - warning `removed-criterion`: `wcag:` names 4.1.1, which WCAG 2.2 removed;
/// - warning `wcag-unlisted`: the English text cites a criterion (`1.4.4`) that `wcag:` does not list,
///   at the citation; `wcag-uncited`: `wcag:` lists one the text never cites, at the list item;
/// - warning `wcag-gap`: an A or AA criterion that no practice serves has no `gap:` note to say why,
///   or one that a practice serves still has one;
/// - error `missing-wcag`: practices have `wcag:` lists but there is no `content/wcag.yaml`.
struct WCAGMappingChecker {
    let diagnostics: DiagnosticEngine

    /// Each practice's criteria in the catalogue's order, by practice ID; unknown numbers are left out.
    func check(_ practices: [ParsedPage], catalog: WCAGCatalog?) -> [String: [String]] {
        guard let catalog else {
            if let first = practices.lazy.compactMap({ Self.details($0)?.wcag.first }).first {
                diagnostics.error(
                    .missingWcag, "practices list WCAG criteria, but there is no content/wcag.yaml to check them against",
                    at: first.location)
            }
            return [:]
        }
        let numbers = catalog.criteria.map(\.number)
        var out: [String: [String]] = [:]
        for page in practices {
            guard let details = Self.details(page) else { continue }
            var listed: [String] = []
            for item in details.wcag {
                guard let criterion = catalog.criterion(item.value) else {
                    diagnostics.error(
                        .unknownCriterion, "\"\(item.value)\" is not a WCAG 2.2 success criterion", at: item.location,
                        notes: suggestion(for: item.value, among: numbers))
                    continue
                }
                if let removed = criterion.removed {
                    diagnostics.warning(
                        .removedCriterion, "\(item.value) \(criterion.name(in: "en")) was removed in WCAG \(removed)", at: item.location)
                }
                listed.append(item.value)
            }
            let cited = Self.citations(in: page.body)
            for citation in cited where !listed.contains(citation.number) {
                let location = page.lineMap.location(citation.position)
                if catalog.criterion(citation.number) == nil {
                    diagnostics.warning(
                        .unknownCriterion, "the text cites \(citation.number), which is not a WCAG 2.2 success criterion", at: location,
                        notes: suggestion(for: citation.number, among: numbers))
                } else {
                    diagnostics.warning(
                        .wcagUnlisted, "the text cites WCAG criterion \(citation.number), which \"wcag\" does not list", at: location,
                        notes: [Diagnostic.Note("add \"\(citation.number)\" to \"wcag\" in the front matter")])
                }
            }
            let citedNumbers = Set(cited.map(\.number))
            for item in details.wcag where catalog.criterion(item.value) != nil && !citedNumbers.contains(item.value) {
                diagnostics.warning(
                    .wcagUncited, "\"wcag\" lists \(item.value), which the text of the practice never cites", at: item.location,
                    notes: [Diagnostic.Note("say in the text how the practice serves \(item.value), or remove it from \"wcag\"")])
            }
            out[page.key.id] = catalog.ordered(Set(listed))
        }
        checkGaps(catalog, served: Set(out.values.joined()))
        return out
    }

    /// A cited criterion number and where it starts.
    struct Citation: Equatable {
        var number: String
        var position: SourcePosition
    }

    /// The criteria the body cites: `wcag:` links and the numbers of three dotted parts under
    /// principles 1 to 4 (`1.4.10`) in its text, outside code, in order. Section numbers start at 6, so they are never taken for criteria.
    static func citations(in body: MarkdownNode) -> [Citation] {
        var out: [Citation] = []
        body.forEach { node in
            if case .link(let url, _) = node.kind, url.hasPrefix("wcag:") {
                out.append(Citation(number: String(url.dropFirst("wcag:".count)), position: node.start))
                return
            }
            guard case .text(let text) = node.kind else { return }
            for (number, offset) in criterionNumbers(in: text) {
                out.append(Citation(number: number, position: SourcePosition(line: node.start.line, column: node.start.column + offset)))
            }
        }
        return out
    }

    /// Each `d.d.d` in `text` with its UTF-8 offset, not part of a longer dotted number.
    static func criterionNumbers(in text: String) -> [(String, Int)] {
        let bytes = Array(text.utf8)
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        var out: [(String, Int)] = []
        var i = 0
        while i < bytes.count {
            guard isDigit(i), !isDigit(i - 1), !(i > 0 && bytes[i - 1] == 0x2E && isDigit(i - 2)) else {
                i += 1
                continue
            }
            let start = i
            var parts = 0
            var end = i
            while isDigit(end) {
                while isDigit(end) { end += 1 }
                parts += 1
                if end < bytes.count, bytes[end] == 0x2E, isDigit(end + 1) { end += 1 } else { break }
            }
            if parts == 3, (0x31...0x34).contains(bytes[start]), bytes[start + 1] == 0x2E {
                out.append((String(decoding: bytes[start..<end], as: UTF8.self), start))
            }
            i = end
        }
        return out
    }
}

private extension WCAGMappingChecker {
    static func details(_ page: ParsedPage) -> PracticeDetails? {
        if case .practice(let details) = page.details { return details }
        return nil
    }

    func suggestion(for number: String, among numbers: [String]) -> [Diagnostic.Note] {
        NearMiss.suggestion(for: number, among: numbers).map { [Diagnostic.Note("did you mean \"\($0)\"?")] } ?? []
    }

    func checkGaps(_ catalog: WCAGCatalog, served: Set<String>) {
        for criterion in catalog.current where criterion.level != .aaa {
            if served.contains(criterion.number), criterion.gap != nil {
                diagnostics.warning(
                    .wcagGap, "\(criterion.number) has a \"gap\" note, but a practice serves it", at: criterion.location,
                    notes: [Diagnostic.Note("remove \"gap\" from the criterion")])
            } else if !served.contains(criterion.number), criterion.gap == nil {
                diagnostics.warning(
                    .wcagGap, "no practice serves \(criterion.number) (level \(criterion.level.rawValue)) and it has no \"gap\" note to say why",
                    at: criterion.location)
            }
        }
    }
}
