import Foundation

/// `i18n mark-current`: records, after review, that a translation follows the current English —
/// the fingerprints of the English blocks (`source_blocks`) and of the translation's own blocks
/// (`translation_hash`), so that the next English change shows which blocks to revise.
///
/// It refuses a translation that nobody revised since the English changed (its own blocks are what
/// was recorded last time), unless forced, and can mark single blocks current, numbered as
/// `i18n diff` numbers them.
public struct TranslationMarker {
    /// What marking did.
    public struct Outcome: Sendable, Equatable {
        /// Blocks that were stale and are now recorded as current.
        public var marked: Int
        /// Blocks still stale afterwards (when only some were marked).
        public var stale: Int
    }

    /// Creates a marker.
    public init() {}

    /// Marks `file` current: the whole page, or only the changes numbered in `blocks` (1-based, as
    /// `i18n diff` numbers them); for a `strings.yaml`, `blocks` names string keys.
    @discardableResult
    public func markCurrent(_ file: TranslationFile, force: Bool = false, blocks names: [String] = []) throws(TranslationFile.Failure) -> Outcome {
        let edit = ContentEdit(action: "a mark-current")
        let outcome = try markCurrent(file, force: force, blocks: names, into: edit)
        do throws(ContentJournal.Failure) {
            try ContentJournal(content: file.content).apply(edit)
        } catch {
            let first = error.diagnostics.first.map { "; first: \($0.location): \($0.message) [\($0.code)]" } ?? ""
            throw TranslationFile.Failure(path: error.path, message: error.message + first)
        }
        return outcome
    }

    /// `markCurrent`, planned into `edit` rather than written, so that a command marking several
    /// files writes them all or none.
    @discardableResult
    public func markCurrent(_ file: TranslationFile, force: Bool = false, blocks names: [String] = [], into edit: ContentEdit) throws(TranslationFile.Failure) -> Outcome {
        if file.relativePath == "strings.yaml" { return try StringsMarker(file: file, edit: edit).mark(force: force, keys: names) }
        var blocks: [Int] = []
        for name in names {
            guard let number = Int(name), number > 0 else {
                throw file.failure("--block takes the number i18n diff gives a changed block, not \"\(name)\"")
            }
            blocks.append(number)
        }
        guard let source = file.parseSource().page else { throw file.failure("the English source has errors; run handbook check") }
        guard let translation = file.parseTranslation().page else { throw file.failure("the translation has errors; run handbook check") }
        let changes = TranslationChanges.of(translation, source: source)
        let ownHash = Self.hash(of: translation)
        if let wrong = blocks.first(where: { $0 > changes.count }) {
            throw file.failure("there is no changed block \(wrong); i18n diff numbers them 1 to \(changes.count)")
        }
        if !changes.isEmpty, !force, translation.translationHash?.value == ownHash {
            let places = changes.places.prefix(5).joined(separator: ", ")
            throw file.failure(
                "the translation has not changed since it was last marked current, but the English has: "
                    + "\(changes.count) block(s) are stale (\(places)); revise them, or use --force")
        }
        let record: String
        var outcome = Outcome(marked: changes.count, stale: 0)
        if blocks.isEmpty {
            record = TranslationUnits.record(source.units)
        } else {
            guard let recorded = translation.sourceBlocks?.value.split(separator: " ") else {
                throw file.failure("the translation records no English blocks yet; mark the whole page")
            }
            let current = source.units.map { Substring($0.fingerprint) }
            var kept: [Substring] = []
            var number = 0
            for step in BlockAlignment.align(old: recorded, new: current) {
                if case .same(_, let new) = step {
                    kept.append(current[new])
                    continue
                }
                number += 1
                let selected = blocks.contains(number)
                switch step {
                case .changed(let old, let new): kept.append(selected ? current[new] : recorded[old])
                case .added(let new): if selected { kept.append(current[new]) }
                case .removed(let old): if !selected { kept.append(recorded[old]) }
                case .same: break
                }
                if !selected { outcome.stale += 1 }
            }
            outcome.marked = blocks.count
            record = kept.joined(separator: " ")
        }
        try write(file, record: record, translationHash: ownHash, into: edit)
        return outcome
    }

    /// A fingerprint of a page's own blocks.
    static func hash(of page: ParsedPage) -> String {
        String(SHA256.hex(Array(TranslationUnits.record(page.units).utf8)).prefix(8))
    }

    private func write(_ file: TranslationFile, record: String, translationHash: String, into edit: ContentEdit) throws(TranslationFile.Failure) {
        guard let text = edit.text(of: file.url), var editor = FrontMatterEditor(text)
        else { throw file.failure("the translation has no front matter") }
        editor.remove("source_hash")
        editor.set("source_blocks", record)
        editor.set("translation_hash", translationHash)
        edit.write(editor.text, to: file.url)
    }
}

extension TranslationFile {
    func failure(_ message: String) -> Failure { Failure(path: given, message: message) }
}
