/// Reads the `previous_numbers` of the source-language sections: which old number now has which
/// number. An old number must be a section number, may not be the number of a section that
/// exists, and may be claimed by one section only.
enum SectionAliases {
    static func read(_ pages: [PageKey: ParsedPage], diagnostics: DiagnosticEngine) -> [String: String] {
        var moved: [String: String] = [:]
        var claimedAt: [String: SourceLocation] = [:]
        for key in pages.keys.sorted() {
            guard case .section(let number) = key, case .section(let details)? = pages[key]?.details else { continue }
            for old in details.previousNumbers {
                if !PageKeyRules.isSectionNumber(old.value) {
                    diagnostics.error(
                        .invalidId, "\"\(old.value)\" is not a section number of the guide", at: old.location,
                        notes: [Diagnostic.Note("a previous number is a section number such as \"11.5\"")])
                } else if pages[.section(old.value)] != nil {
                    diagnostics.error(
                        .previousNumber, "previous number \"\(old.value)\" is the number of an existing section", at: old.location,
                        notes: [Diagnostic.Note("the section", at: pages[.section(old.value)]!.keyLocation)])
                } else if let first = claimedAt[old.value] {
                    diagnostics.error(
                        .previousNumber, "previous number \"\(old.value)\" is claimed by two sections", at: old.location,
                        notes: [Diagnostic.Note("first claimed here", at: first)])
                } else {
                    moved[old.value] = number
                    claimedAt[old.value] = old.location
                }
            }
        }
        return moved
    }
}
