/// `i18n diff`: for one translation, the English blocks that changed since it was last marked
/// current — the old English (from the repository's history), the new English, and the current
/// translation of that block — numbered as `mark-current --block` takes them.
public struct TranslationDiff: Sendable {
    /// One changed, added or removed block.
    public struct Change: Sendable, Equatable {
        /// 1-based, for `mark-current --block`.
        public var number: Int
        /// `changed`, `added` or `removed`.
        public var kind: String
        /// Where it is: "title", or the heading it stands under.
        public var place: String
        /// The kind of block: paragraph, item, heading, …
        public var block: String
        /// Line of the new English block in its file (0 when removed or in the front matter).
        public var line: Int
        /// The English the translation was made from; nil when added or not found.
        public var old: String?
        /// The current English; nil when removed.
        public var new: String?
        /// The translation's text of that block, when it can be told.
        public var translation: String?
    }

    /// The translation as named.
    public var path: String
    /// The English source's path.
    public var sourcePath: String
    /// The commit whose English the translation follows (hash and date), when it was found.
    public var baseline: (commit: String, date: String)?
    /// Whether the translation records which English it follows at all.
    public var tracked: Bool
    /// The changes, in reading order.
    public var changes: [Change]

    /// Compares `file` with its English source.
    public static func of(_ file: TranslationFile, sourcePath: String) throws(TranslationFile.Failure) -> TranslationDiff {
        if file.relativePath == "strings.yaml" { return try strings(file, sourcePath: sourcePath) }
        guard let source = file.parseSource().page else { throw file.failure("the English source has errors; run handbook check") }
        guard let translation = file.parseTranslation().page else { throw file.failure("the translation has errors; run handbook check") }
        let current = source.units
        let translationUnits = translation.units
        var diff = TranslationDiff(path: file.given, sourcePath: sourcePath, baseline: nil, tracked: true, changes: [])
        let history = EnglishHistory(file: file.sourceURL)
        var recorded: [Substring]
        var oldUnits: [TranslationUnit]?
        let parse = { (version: EnglishHistory.Version) -> [TranslationUnit]? in
            let text = FileReader.normalizeLineEnds(String(decoding: version.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(version.bytes.dropFirst(3)) : version.bytes, as: UTF8.self))
            return TranslationFile.parse(text: text, hash: SHA256.hex(version.bytes), path: file.sourceURL.path,
                                         language: source.file.language, relativePath: file.relativePath)?.units
        }
        if let record = translation.sourceBlocks {
            if TranslationUnits.isLegacy(record.value) {
                throw file.failure("the translation records its English in an older form; run handbook i18n upgrade first")
            }
            recorded = record.value.split(separator: " ")
            if recorded == current.map({ Substring($0.fingerprint) }) { return diff }
            if let version = history.first(where: { parse($0)?.map(\.fingerprint).joined(separator: " ") == record.value }) {
                diff.baseline = (version.commit, version.date)
                oldUnits = parse(version)
            }
        } else if let hash = translation.sourceHash?.value {
            guard hash != source.file.hash else { return diff }
            guard let version = history.first(where: { SHA256.hex($0.bytes) == hash }), let units = parse(version) else {
                diff.tracked = false
                recorded = []
                return diff.listing(current, as: "changed")
            }
            diff.baseline = (version.commit, version.date)
            oldUnits = units
            recorded = units.map { Substring($0.fingerprint) }
        } else {
            diff.tracked = false
            return diff.listing(current, as: "changed")
        }
        var number = 0
        for step in BlockAlignment.align(old: recorded, new: current.map { Substring($0.fingerprint) }) {
            let (old, new): (Int?, Int?)
            let kind: String
            switch step {
            case .same: continue
            case .changed(let o, let n): (old, new, kind) = (o, n, "changed")
            case .added(let n): (old, new, kind) = (nil, n, "added")
            case .removed(let o): (old, new, kind) = (o, nil, "removed")
            }
            number += 1
            let oldUnit = old.flatMap { index in oldUnits.flatMap { index < $0.count ? $0[index] : nil } }
            let newUnit = new.map { current[$0] }
            let shown = newUnit ?? oldUnit
            // The translation was made from the old English: its block at the same place, when the kinds agree.
            let own = old.flatMap { index in
                index < translationUnits.count && oldUnit.map({ $0.kind == translationUnits[index].kind }) != false
                    ? translationUnits[index].shown : nil
            }
            diff.changes.append(
                Change(
                    number: number, kind: kind, place: shown?.place ?? "a block", block: shown?.kind.rawValue ?? "block",
                    line: newUnit?.line ?? 0, old: oldUnit?.shown, new: newUnit?.shown, translation: kind == "added" ? nil : own))
        }
        return diff
    }

    /// A `strings.yaml`: each string whose English changed since it was marked current (or that was
    /// never marked), in key order, with the English it was translated from when the repository's
    /// history has it; numbered, though `mark-current --block` takes the string's key.
    static func strings(_ file: TranslationFile, sourcePath: String) throws(TranslationFile.Failure) -> TranslationDiff {
        let read = { (text: String, path: String, language: LanguageCode) -> (entries: [String: UIStringEntry], sources: [String: [Substring]])? in
            let engine = DiagnosticEngine()
            let result = UIStringsReader(diagnostics: engine).read(
                SourceFile(path: path, language: language, relativePath: "strings.yaml", text: text, hash: SHA256.hex(Array(text.utf8))))
            return engine.hasErrors ? nil : result
        }
        let sourceLanguage = TranslationFile.sourceLanguage(in: file.content)
        guard let englishText = try? FileReader.read(file.sourceURL).text, let english = read(englishText, file.sourceURL.path, sourceLanguage)
        else { throw file.failure("the English strings.yaml has errors; run handbook check") }
        guard let ownText = try? FileReader.read(file.url).text, let own = read(ownText, file.url.path, file.language)
        else { throw file.failure("the translation has errors; run handbook check") }
        var diff = TranslationDiff(path: file.given, sourcePath: sourcePath, baseline: nil, tracked: !own.sources.isEmpty, changes: [])
        let stale = english.entries.keys.sorted().filter { own.sources[$0]?.first.map(String.init) != english.entries[$0]!.fingerprint }
        // The English each stale string was marked against, from the newest version that has it.
        var old: [String: String] = [:]
        var wanted = Dictionary(uniqueKeysWithValues: stale.compactMap { key in own.sources[key]?.first.map { (key, String($0)) } })
        _ = EnglishHistory(file: file.sourceURL).first { version in
            guard let past = read(String(decoding: version.bytes, as: UTF8.self), file.sourceURL.path, sourceLanguage) else { return false }
            for (key, fingerprint) in wanted where past.entries[key]?.fingerprint == fingerprint {
                old[key] = past.entries[key]?.forms["other"]?.value
                wanted[key] = nil
            }
            return wanted.isEmpty
        }
        for (index, key) in stale.enumerated() {
            let entry = english.entries[key]!
            diff.changes.append(
                Change(
                    number: index + 1, kind: own.entries[key] == nil ? "added" : "changed", place: key, block: "string",
                    line: entry.location.line, old: old[key], new: entry.forms["other"]?.value ?? entry.forms.values.first?.value,
                    translation: own.entries[key]?.forms["other"]?.value))
        }
        return diff
    }

    private func listing(_ units: [TranslationUnit], as kind: String) -> TranslationDiff {
        var copy = self
        copy.changes = units.enumerated().map { index, unit in
            Change(number: index + 1, kind: kind, place: unit.place, block: unit.kind.rawValue, line: unit.line, old: nil, new: unit.shown, translation: nil)
        }
        return copy
    }
}
