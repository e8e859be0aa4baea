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

    /// Compares the fingerprints a translation records with the English blocks, in order and in
    /// linear time (`BlockAlignment`): a changed, added or moved block is a change, a removed one
    /// is counted; re-wrapping changes no fingerprint.
    public static func between(recorded: [Substring], current: [TranslationUnit]) -> TranslationChanges {
        var changes = TranslationChanges(changed: [], removed: 0)
        for step in BlockAlignment.align(old: recorded, new: current.map { Substring($0.fingerprint) }) {
            switch step {
            case .same: continue
            case .changed(_, let new):
                changes.changed.append(current[new])
                changes.removed += 1
            case .added(let new): changes.changed.append(current[new])
            case .removed: changes.removed += 1
            }
            changes.count += 1
        }
        return changes
    }

    /// The changes of `translation` against its English `source`; a legacy `source_hash` equal to
    /// the English file's hash counts as current.
    static func of(_ translation: ParsedPage, source: ParsedPage) -> TranslationChanges {
        if let record = translation.sourceBlocks, !TranslationUnits.isLegacy(record.value) {
            return between(recorded: record.value.split(separator: " "), current: source.units)
        }
        if translation.sourceBlocks != nil {
            // Recorded before link targets and code counted: which blocks changed is unknown
            // until `i18n upgrade` converts the record.
            let units = source.units
            return TranslationChanges(changed: units, removed: 0, unknown: true, count: units.count)
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
