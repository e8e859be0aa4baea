/// What changed in the English text since a translation was last marked current, block by block:
/// the English blocks whose fingerprints the translation does not record, and how many recorded
/// blocks the English no longer has.
public struct TranslationChanges: Sendable, Equatable {
    /// Current English blocks that are new or changed.
    public var changed: [TranslationUnit]
    /// Recorded blocks that the English no longer has (removed, or the old side of a change).
    public var removed: Int
    /// Whether the record was made before block tracking, so which blocks changed is unknown.
    public var unknown: Bool = false
    /// How many blocks were changed, added or removed, as `i18n diff` lists them (a changed block
    /// counts once, not as one removed and one added).
    public var count: Int = 0

    /// Whether the translation follows the current English.
    public var isEmpty: Bool { changed.isEmpty && removed == 0 && !unknown }

    /// Compares the fingerprints a translation records with the English blocks, as multisets, in
    /// linear time: a moved block is not a change, a repeated block counts as often as it occurs.
    public static func between(recorded: [Substring], current: [TranslationUnit]) -> TranslationChanges {
        var remaining: [Substring: Int] = [:]
        for fingerprint in recorded { remaining[fingerprint, default: 0] += 1 }
        var changed: [TranslationUnit] = []
        for unit in current {
            let key = Substring(unit.fingerprint)
            if let count = remaining[key], count > 0 { remaining[key] = count - 1 } else { changed.append(unit) }
        }
        var changes = TranslationChanges(changed: changed, removed: remaining.values.reduce(0, +))
        if !changes.isEmpty {
            changes.count = BlockAlignment.align(old: recorded, new: current.map { Substring($0.fingerprint) })
                .filter { if case .same = $0 { false } else { true } }.count
        }
        return changes
    }

    /// The changes of `translation` against its English `source`; a legacy `source_hash` equal to
    /// the English file's hash counts as current.
    static func of(_ translation: ParsedPage, source: ParsedPage) -> TranslationChanges {
        if let record = translation.sourceBlocks {
            return between(recorded: record.value.split(separator: " "), current: source.units)
        }
        if translation.sourceHash?.value == source.file.hash { return TranslationChanges(changed: [], removed: 0) }
        let units = source.units
        return TranslationChanges(changed: units, removed: 0, unknown: true, count: units.count)
    }

    /// The distinct headings the changed blocks stand under, in order, for the page's notice.
    public var places: [String] {
        var seen = Set<String>()
        return changed.map(\.place).filter { seen.insert($0).inserted }
    }
}
