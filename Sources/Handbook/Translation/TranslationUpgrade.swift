import Foundation

/// `i18n upgrade`: turns the whole-file `source_hash` of translations made before block tracking
/// into `source_blocks`, once. A hash equal to the current English file's needs nothing else; an
/// older one is looked up in the repository's history, so an outdated translation stays outdated
/// with exactly the blocks that changed since.
public struct TranslationUpgrade {
    /// What happened to one translation.
    public enum Result: Sendable, Equatable {
        case upgraded(path: String, fromHistory: Bool)
        case notFound(path: String)
        /// A current translation whose recorded `translation_hash` was not the hash of its blocks
        /// (recorded by an older version, or edited by hand): set to it, so that mark-current can
        /// tell whether the translation is revised after the next English change.
        case repaired(path: String)
        /// A record of eight-digit fingerprints (made before link targets and code blocks counted)
        /// converted; `unknown` blocks (changed since, or code blocks not one for one) stay outdated.
        case converted(path: String, unknown: Int)
    }

    /// The record and `translation_hash` of the current scheme for a translation recorded with
    /// text-only fingerprints: each translation block whose recorded fingerprint is the current
    /// English block's text gets that block's new fingerprint; the code blocks, which the old record
    /// did not see, follow the English's code blocks one for one when there are as many; anything
    /// else is recorded as not reviewed (`-`). The translation's own hash
    /// is renewed when it was its blocks' (not revised since) or when every block is current.
    static func convert(legacy record: String, translation: ParsedPage, english: ParsedPage)
        -> (record: String, translationHash: String?, unknown: Int) {
        let legacy = { (unit: TranslationUnit) in Substring(SHA256.hex(Array(unit.text.utf8)).prefix(8)) }
        let englishUnits = english.units, translationUnits = translation.units
        let englishText = englishUnits.indices.filter { englishUnits[$0].kind != .code }
        let englishCode = englishUnits.indices.filter { englishUnits[$0].kind == .code }
        let ownText = translationUnits.indices.filter { translationUnits[$0].kind != .code }
        let ownCode = translationUnits.indices.filter { translationUnits[$0].kind == .code }
        let recorded = record.split(separator: " ")
        var tokens = Array(repeating: TranslationUnits.unreviewed, count: translationUnits.count)
        if recorded.count == ownText.count {
            for step in BlockAlignment.align(old: recorded, new: englishText.map { legacy(englishUnits[$0]) }) {
                if case .same(let old, let new) = step { tokens[ownText[old]] = Substring(englishUnits[englishText[new]].fingerprint) }
            }
        }
        if ownCode.count == englishCode.count {
            // The old record did not see code, so a translation counted as following it; it keeps
            // doing so (a translated comment makes the copy differ, rightly).
            for (own, source) in zip(ownCode, englishCode) { tokens[own] = Substring(englishUnits[source].fingerprint) }
        }
        if recorded.count != ownText.count {
            // A translation with other blocks than the English (shortened, merged): its record
            // followed the English block for block, and still does.
            var english: [Substring] = []
            var steps = BlockAlignment.align(old: recorded, new: englishText.map { legacy(englishUnits[$0]) })[...]
            for unit in englishUnits {
                guard unit.kind != .code else { english.append(Substring(unit.fingerprint)); continue }
                while case .removed? = steps.first { english.append(TranslationUnits.unreviewed); steps.removeFirst() }
                if case .same? = steps.first { english.append(Substring(unit.fingerprint)) } else { english.append(TranslationUnits.unreviewed) }
                steps = steps.dropFirst()
            }
            english += steps.map { _ in TranslationUnits.unreviewed }
            tokens = english
        }
        let legacyHash = String(SHA256.hex(Array(ownText.map { String(legacy(translationUnits[$0])) }.joined(separator: " ").utf8)).prefix(8))
        let newRecord = tokens.joined(separator: " ")
        let isCurrent = newRecord == TranslationUnits.record(englishUnits)
        let hash = translation.translationHash?.value == legacyHash || isCurrent ? TranslationMarker.hash(of: translation) : nil
        return (newRecord, hash, tokens.filter { $0 == TranslationUnits.unreviewed }.count)
    }

    private let content: URL
    private let workingDirectory: URL

    /// Creates an upgrade of the translations in `content`.
    public init(content: URL, workingDirectory: URL) {
        self.content = content.standardizedFileURL
        self.workingDirectory = workingDirectory
    }

    /// Upgrades every translation that still records a `source_hash`.
    public func run() -> [Result] {
        let source = TranslationFile.sourceLanguage(in: content)
        var results: [Result] = []
        // Every file upgraded or none (ContentJournal).
        let edit = ContentEdit(action: "an upgrade")
        let languages = ((try? FileManager.default.contentsOfDirectory(atPath: content.path)) ?? []).sorted().filter { $0 != source.rawValue }
        for language in languages {
            let tree = content.appendingPathComponent(language)
            guard let walker = FileManager.default.enumerator(atPath: tree.path) else { continue }
            let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted()
            if let strings = upgradeStrings(in: tree, into: edit) { results.append(strings) }
            for relative in files {
                let url = tree.appendingPathComponent(relative)
                let shown = TranslationFile.display(url, from: workingDirectory)
                guard let file = try? TranslationFile.locate(url.path, workingDirectory: workingDirectory, content: content),
                    let translation = file.parseTranslation().page, let english = file.parseSource().page
                else { continue }
                if let record = translation.sourceBlocks?.value, TranslationUnits.isLegacy(record) {
                    guard let text = try? String(contentsOf: url, encoding: .utf8), var editor = FrontMatterEditor(text) else { continue }
                    let converted = Self.convert(legacy: record, translation: translation, english: english)
                    editor.set("source_blocks", converted.record)
                    if let hash = converted.translationHash { editor.set("translation_hash", hash) }
                    edit.write(editor.text, to: url)
                    results.append(.converted(path: shown, unknown: converted.unknown))
                    continue
                }
                if let record = translation.sourceBlocks?.value {
                    // Current (it follows the English as it is now), but its own hash is not its blocks'.
                    let own = TranslationMarker.hash(of: translation)
                    guard record == TranslationUnits.record(english.units), translation.translationHash?.value != own,
                        let text = try? String(contentsOf: url, encoding: .utf8), var editor = FrontMatterEditor(text)
                    else { continue }
                    editor.set("translation_hash", own)
                    edit.write(editor.text, to: url)
                    results.append(.repaired(path: shown))
                    continue
                }
                guard let hash = translation.sourceHash?.value else { continue }
                var units = hash == english.file.hash ? english.units : nil
                let fromHistory = units == nil
                if units == nil, let version = EnglishHistory(file: file.sourceURL).first(where: { SHA256.hex($0.bytes) == hash }) {
                    let text = FileReader.normalizeLineEnds(String(decoding: version.bytes, as: UTF8.self))
                    units = TranslationFile.parse(
                        text: text, hash: hash, path: file.sourceURL.path, language: source, relativePath: file.relativePath)?.units
                }
                guard let units, let text = try? String(contentsOf: url, encoding: .utf8), var editor = FrontMatterEditor(text) else {
                    results.append(.notFound(path: shown))
                    continue
                }
                editor.remove("source_hash")
                editor.set("source_blocks", TranslationUnits.record(units))
                editor.set("translation_hash", TranslationMarker.hash(of: translation))
                edit.write(editor.text, to: url)
                results.append(.upgraded(path: shown, fromHistory: fromHistory))
            }
        }
        if (try? ContentJournal(content: content).apply(edit)) == nil {
            results = results.map {
                switch $0 {
                case .upgraded(let path, _), .repaired(let path), .converted(let path, _): return .notFound(path: path)
                case .notFound: return $0
                }
            }
        }
        return results
    }

    /// A `strings.yaml` without `_sources` was made before strings were tracked: its strings count
    /// as current, as they did, and are recorded so.
    private func upgradeStrings(in tree: URL, into edit: ContentEdit) -> Result? {
        let url = tree.appendingPathComponent("strings.yaml")
        guard let text = try? String(contentsOf: url, encoding: .utf8),
            !text.split(separator: "\n").contains(where: { $0.hasPrefix(UIStringsReader.sourcesKey + ":") }),
            let file = try? TranslationFile.locate(url.path, workingDirectory: workingDirectory, content: content)
        else { return nil }
        let shown = TranslationFile.display(url, from: workingDirectory)
        do {
            _ = try StringsMarker(file: file, edit: edit).mark(force: true, keys: [])
            return .upgraded(path: shown, fromHistory: false)
        } catch {
            return .notFound(path: shown)
        }
    }
}
