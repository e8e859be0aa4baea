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
    /// One pair per English block, in order; nil when the translation is structured differently.
    let pairs: [Pair]?
    /// The recorded fingerprints, when the translation records them one per block.
    let recorded: [Substring]?

    init(english: ParsedPage, translation: ParsedPage) {
        self.english = english
        self.translation = translation
        let englishBlocks = BlockSources.of(english) ?? []
        let translationBlocks = BlockSources.of(translation) ?? []
        // Units are worked out on each read; read them once.
        let englishUnits = english.units, translationUnits = translation.units
        self.englishBlocks = englishBlocks
        self.translationBlocks = translationBlocks
        let found = englishBlocks.count == englishUnits.count && translationBlocks.count == translationUnits.count
        let record = translation.sourceBlocks?.value.split(separator: " ")
        var pairs: [Pair] = []
        if found, let record, record.count == translationUnits.count {
            recorded = record
            let current = englishUnits.map { Substring($0.fingerprint) }
            for step in BlockAlignment.align(old: record, new: current) {
                switch step {
                case .same(let old, let new): pairs.append(Pair(english: new, translation: old, stale: false))
                case .changed(let old, let new): pairs.append(Pair(english: new, translation: old, stale: true, recorded: old))
                case .added(let new): pairs.append(Pair(english: new, translation: nil, stale: true))
                case .removed: break
                }
            }
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

    /// The body of a page (everything after the front matter), for a whole-page entry.
    static func body(of page: ParsedPage) -> String {
        let lines = page.file.text.components(separatedBy: "\n")
        return lines.dropFirst(max(page.lineMap.firstBodyLine - 1, 0)).joined(separator: "\n")
    }
}
