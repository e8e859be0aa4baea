/// Which block of a translation renders which English block, from the tracking's record
/// (`source_blocks`, one fingerprint per translation block) aligned with the current English, so
/// the PO export and import speak of the same blocks as `i18n diff` and `i18n status`.
struct PagePairing {
    /// One English block with its translation counterpart.
    struct Pair {
        var english: Int
        /// Index of the translation block, nil for an English block added since.
        var translation: Int?
        /// Whether the English changed since the translation was current (or was never recorded).
        var stale: Bool
        /// Index into the recorded English of the version translated, for a changed block.
        var recorded: Int?
    }

    let english: ParsedPage
    let translation: ParsedPage
    let englishBlocks: [BlockSource]
    let translationBlocks: [BlockSource]
    /// Both pages' translatable blocks (worked out on each read of `units`: read here once).
    let englishUnits: [TranslationUnit]
    let translationUnits: [TranslationUnit]
    /// One pair per English block, in order; nil when the translation is structured differently.
    let pairs: [Pair]?
    /// The recorded fingerprints, when the translation records them one per block.
    let recorded: [Substring]?

    init(english: ParsedPage, translation: ParsedPage) {
        self.english = english
        self.translation = translation
        let englishUnits = english.units, translationUnits = translation.units
        self.englishUnits = englishUnits
        self.translationUnits = translationUnits
        let englishBlocks = BlockSources.of(english, units: englishUnits) ?? []
        let translationBlocks = BlockSources.of(translation, units: translationUnits) ?? []
        self.englishBlocks = englishBlocks
        self.translationBlocks = translationBlocks
        let found = englishBlocks.count == englishUnits.count && translationBlocks.count == translationUnits.count
        let record = translation.sourceBlocks?.value.split(separator: " ")
        var pairs: [Pair] = []
        if found, let record, record.count == translationUnits.count {
            recorded = record
            pairs = Self.pairs(record: record, current: englishUnits.map { Substring($0.fingerprint) })
        } else if found, record == nil, englishUnits.count == translationUnits.count {
            recorded = nil
            pairs = englishUnits.indices.map { Pair(english: $0, translation: $0, stale: true) }
        } else {
            recorded = record
            self.pairs = nil
            return
        }
        let kindsAgree = pairs.allSatisfy { pair in
            pair.translation.map { englishUnits[pair.english].kind == translationUnits[$0].kind } ?? true
        }
        self.pairs = kindsAgree ? pairs : nil
    }

    /// The pairs of the aligned record and current English. A block that moved (its fingerprint is
    /// recorded at another place that no equal block keeps) pairs with its own translation, as a
    /// stale block since the order changed; a changed block pairs with the translation at its place
    /// unless that one moved away.
    static func pairs(record: [Substring], current: [Substring]) -> [Pair] {
        let steps = BlockAlignment.align(old: record, new: current)
        var free: [Substring: [Int]] = [:]
        for step in steps {
            switch step {
            case .changed(let old, _), .removed(let old): free[record[old], default: []].append(old)
            case .same, .added: break
            }
        }
        for key in free.keys { free[key]!.reverse() }
        var claimed = Set<Int>()
        var moved: [Int: Int] = [:]
        for step in steps {
            switch step {
            case .changed(_, let new), .added(let new):
                if let old = free[current[new]]?.popLast() {
                    moved[new] = old
                    claimed.insert(old)
                }
            case .same, .removed: break
            }
        }
        return steps.compactMap { step in
            switch step {
            case .same(let old, let new): return Pair(english: new, translation: old, stale: false)
            case .changed(let old, let new):
                if let from = moved[new] { return Pair(english: new, translation: from, stale: true, recorded: from) }
                return claimed.contains(old)
                    ? Pair(english: new, translation: nil, stale: true) : Pair(english: new, translation: old, stale: true, recorded: old)
            case .added(let new):
                return moved[new].map { Pair(english: new, translation: $0, stale: true, recorded: $0) } ?? Pair(english: new, translation: nil, stale: true)
            case .removed: return nil
            }
        }
    }

    /// The pairs a PO catalog holds, in order: code blocks are tracked but not translated there.
    var translatablePairs: [Pair]? {
        pairs?.filter { englishBlocks[$0.english].kind != .code }
    }

    /// The body of a page (everything after the front matter), for a whole-page entry.
    static func body(of page: ParsedPage) -> String {
        let lines = page.file.text.lines()
        return lines.dropFirst(max(page.lineMap.firstBodyLine - 1, 0)).joined(separator: "\n")
    }
}
