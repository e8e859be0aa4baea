/// Checks a parsed page against `ContentSchema`: a practice's principle, category and ID agree,
/// and a body has its kind's required headings, by anchor, at their level and in their order.
/// Every problem is located at the heading or value concerned.
struct SchemaChecker {
    let diagnostics: DiagnosticEngine

    /// A practice's ID starts with its principle's number, and its category belongs to that principle.
    func checkPractice(
        id: Located<String>, principle: Principle?, principleLocation: SourceLocation,
        category: Category?, categoryLocation: SourceLocation
    ) {
        guard let principle else { return }
        if let numbered = ContentSchema.principle(ofID: id.value), numbered != principle {
            diagnostics.error(
                .practicePrinciple,
                "practice \"\(id.value)\" is numbered under principle \(numbered.number) (\(numbered.name)), but its principle is \(principle.name)",
                at: id.location,
                notes: [
                    Diagnostic.Note("principle: \(principle.name) is set here", at: principleLocation),
                    Diagnostic.Note("number it \(principle.number).N, or set principle: \(numbered.name)"),
                ])
        }
        guard let category, category.principle != principle else { return }
        let owner = category.principle
        diagnostics.error(
            .practiceCategory,
            "the category \"\(category.rawValue)\" belongs to \(owner.name), not to \(principle.name)", at: categoryLocation,
            notes: [
                Diagnostic.Note(
                    principle.categories.isEmpty
                        ? "practices of \(principle.name) have no category; remove it"
                        : "categories of \(principle.name): \(principle.categories.map(\.rawValue).joined(separator: ", "))")
            ])
    }

    /// The body's headings include `required` at their levels, in order. `end` is where a heading
    /// missing after all others is reported (the end of the file); with `reportMissing` false, only
    /// levels and order are checked.
    func checkHeadings(
        _ headings: [Heading], required: [ContentSchema.RequiredHeading], reportMissing: Bool = true, end: SourceLocation
    ) {
        guard !required.isEmpty else { return }
        let requiredAnchors = Set(required.map(\.anchor))
        // The position of each required heading in the body, or nil when it is missing.
        let found = required.map { wanted in headings.firstIndex { $0.anchor == wanted.anchor } }
        var lastFound: (index: Int, heading: ContentSchema.RequiredHeading)?
        for (position, wanted) in required.enumerated() {
            guard let index = found[position] else {
                guard reportMissing else { continue }
                self.reportMissing(wanted, position: position, required: required, found: found, headings: headings,
                              requiredAnchors: requiredAnchors, end: end)
                continue
            }
            let heading = headings[index]
            if heading.level != wanted.level {
                diagnostics.error(
                    .headingLevel,
                    "the heading \"\(heading.text)\" (#\(wanted.anchor)) must be level \(wanted.level), not \(heading.level)",
                    at: heading.location,
                    notes: [Diagnostic.Note("write it \"\(String(repeating: "#", count: wanted.level)) \(heading.text)\"")])
            }
            if let last = lastFound, index < last.index {
                diagnostics.error(
                    .headingOrder, "the heading \"\(heading.text)\" (#\(wanted.anchor)) comes before \"\(last.heading.text)\"",
                    at: heading.location,
                    notes: [Diagnostic.Note("the order is: " + required.map(\.text).joined(separator: ", "))])
            } else {
                lastFound = (index, wanted)
            }
        }
    }

    private func reportMissing(
        _ wanted: ContentSchema.RequiredHeading, position: Int, required: [ContentSchema.RequiredHeading], found: [Int?],
        headings: [Heading], requiredAnchors: Set<String>, end: SourceLocation
    ) {
        // Reported where it belongs: at the next required heading present, else at the end.
        let next = found[(position + 1)...].compactMap { $0 }.first
        let previous = found[..<position].compactMap { $0 }.last
        let location = next.map { headings[$0].location } ?? end
        var notes: [Diagnostic.Note] = []
        // A heading of the same level between its neighbours is most likely it, renamed.
        let range = (previous.map { $0 + 1 } ?? 0)..<(next ?? headings.count)
        if let renamed = headings[range].first(where: { $0.level == wanted.level && !requiredAnchors.contains($0.anchor) }) {
            notes.append(Diagnostic.Note("is this it, renamed? \"\(renamed.text)\" has the anchor \"\(renamed.anchor)\"", at: renamed.location))
        }
        notes.append(
            Diagnostic.Note(
                "write \"\(String(repeating: "#", count: wanted.level)) \(wanted.text)\"; a translation keeps the anchor: \"## … {#\(wanted.anchor)}\""))
        let place = next.map { " before \"\(headings[$0].text)\"" } ?? ""
        diagnostics.error(
            .missingHeading, "the page has no heading \"\(wanted.text)\" (#\(wanted.anchor))\(place)", at: location, notes: notes)
    }
}
