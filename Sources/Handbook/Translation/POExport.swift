import Foundation

/// `i18n export`: one PO catalog per page, one for `strings.yaml` and one for the glossary, whose
/// messages are the English blocks the tracking fingerprints and whose translations are the
/// edition's current text; stale blocks are `fuzzy` with the English they were translated from.
public struct POExport {
    /// One catalog and where it goes inside the output folder.
    public struct Catalog: Equatable {
        public var path: String
        public var text: String
    }

    let content: URL
    let language: LanguageCode

    /// Creates an export of `language` from `content`.
    public init(content: URL, language: LanguageCode) {
        self.content = content.standardizedFileURL
        self.language = language
    }

    /// The edition's catalogs, pages in path order, then `strings.po` and `glossary.po`.
    public func catalogs() -> [Catalog] {
        let source = TranslationFile.sourceLanguage(in: content)
        let terms = GlossaryFile.read(content.appendingPathComponent("glossary.yaml"), language: language)
        let glossary = (terms?.terms ?? []).filter { !$0.translation.isEmpty }.map { (term: $0, english: Array($0.english.lowercased().utf8)) }
        let relatives = Self.pages(in: content.appendingPathComponent(source.rawValue))
        // Pages are independent of each other: made on every core, kept in path order.
        var out: [Catalog] = Parallel.map(relatives.count) { index -> Catalog? in
            let relative = relatives[index]
            let english = content.appendingPathComponent(source.rawValue).appendingPathComponent(relative)
            guard let page = parse(english, language: source, relative: relative) else { return nil }
            let translationURL = content.appendingPathComponent(language.rawValue).appendingPathComponent(relative)
            let translation = parse(translationURL, language: language, relative: relative)
            let entries = pageEntries(page, translation: translation, relative: "\(source)/\(relative)", glossary: glossary)
            return Catalog(path: String(relative.dropLast(3)) + ".po", text: POFile(language: language.rawValue, entries: entries).text)
        }.compactMap { $0 }
        if let strings = StringsCatalog(content: content, source: source, language: language).entries() {
            out.append(Catalog(path: "strings.po", text: POFile(language: language.rawValue, entries: strings).text))
        }
        if let terms {
            out.append(Catalog(path: "glossary.po", text: POFile(language: language.rawValue, entries: terms.entries(folder: content.lastPathComponent)).text))
        }
        return out
    }

    /// The Markdown pages of a language tree, relative paths sorted.
    static func pages(in tree: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: tree.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted()
    }

    /// The `.po` files under `folder`, relative paths sorted.
    public static func catalogFiles(in folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".po") }.sorted()
    }

    /// The first line of every catalog the export writes: it only replaces files that start so.
    public static let signature = "# Translation of the Mobile Application Accessibility Handbook into "

    func parse(_ url: URL, language: LanguageCode, relative: String) -> ParsedPage? {
        guard let (text, hash) = try? FileReader.read(url) else { return nil }
        return TranslationFile.parse(text: text, hash: hash, path: url.path, language: language, relativePath: relative)
    }

    /// A block's Markdown as a PO message: soft line breaks (and the indentation of continuation
    /// lines) joined into one space, so that re-wrapping the English changes no msgid; hard
    /// breaks (a trailing backslash or two spaces) are kept.
    static func message(_ markdown: String) -> String {
        let lines = markdown.lines()
        guard lines.count > 1 else { return markdown }
        var out = ""
        for (index, line) in lines.enumerated() {
            if index == 0 {
                out = line
                continue
            }
            let continuation = line.drop { $0 == " " || $0 == "\t" }
            if out.hasSuffix("\\") || out.hasSuffix("  ") {
                out += "\n" + line
            } else {
                while out.hasSuffix(" ") { out.removeLast() }
                out += " " + continuation
            }
        }
        return out
    }

    /// A glossary term that has a translation, with its English lower-cased (as UTF-8) for matching.
    typealias Glossed = (term: GlossaryFile.Term, english: [UInt8])

    /// A page's entries: one per block, or one whole-page entry when the translation is
    /// structured differently from the English.
    func pageEntries(_ english: ParsedPage, translation: ParsedPage?, relative: String, glossary: [Glossed]) -> [POFile.Entry] {
        let reference = "\(content.lastPathComponent)/\(relative)"
        guard let translation else {
            guard let all = BlockSources.of(english) else { return [wholePage(english, nil, reference: reference)] }
            let blocks = all.filter { $0.kind != .code }
            return Self.contexts(blocks.map { block in
                POFile.Entry(comments: notes(block, glossary: glossary), references: ["\(reference):\(block.line)"], id: Self.message(block.markdown), string: "")
            }, blocks: blocks)
        }
        let pairing = PagePairing(english: english, translation: translation)
        guard let pairs = pairing.translatablePairs else { return [wholePage(english, translation, reference: reference)] }
        let previous = previousBlocks(pairing, pairs: pairs)
        let entries = pairs.map { pair -> POFile.Entry in
            let block = pairing.englishBlocks[pair.english]
            var entry = POFile.Entry(
                comments: notes(block, glossary: glossary), references: ["\(reference):\(block.line)"], id: Self.message(block.markdown),
                string: pair.translation.map { Self.message(pairing.translationBlocks[$0].markdown) } ?? "")
            if pair.translation != nil, pair.stale {
                entry.fuzzy = true
                entry.previous = pair.recorded.flatMap { previous?[$0] }
            }
            return entry
        }
        return Self.contexts(entries, blocks: pairs.map { pairing.englishBlocks[$0.english] })
    }

    /// The English blocks the translation was made from, from the repository's history; nil when
    /// no committed version has the recorded fingerprints.
    private func previousBlocks(_ pairing: PagePairing, pairs: [PagePairing.Pair]) -> [String]? {
        guard let recorded = pairing.recorded, pairs.contains(where: { $0.recorded != nil }) else { return nil }
        let wanted = recorded.joined(separator: " ")
        let english = pairing.english
        var found: [String]?
        _ = EnglishHistory(file: URL(fileURLWithPath: english.file.path)).first { version in
            let text = FileReader.normalizeLineEnds(String(decoding: version.bytes, as: UTF8.self))
            guard let page = TranslationFile.parse(
                text: text, hash: SHA256.hex(version.bytes), path: english.file.path, language: english.file.language,
                relativePath: english.file.relativePath),
                TranslationUnits.record(page.units) == wanted, let blocks = BlockSources.of(page)
            else { return false }
            found = blocks.map { Self.message($0.markdown) }
            return true
        }
        return found
    }

    private func wholePage(_ english: ParsedPage, _ translation: ParsedPage?, reference: String) -> POFile.Entry {
        let note = "The whole page body is one entry: the translation's blocks do not pair with the English ones "
            + "(blocks merged or split). Translate the Markdown as a whole; it is imported as it is, and the front matter is edited in the file."
        return POFile.Entry(
            comments: [note], references: ["\(reference):\(english.lineMap.firstBodyLine)"], context: "whole page",
            id: PagePairing.body(of: english), string: translation.map(PagePairing.body(of:)) ?? "")
    }

    /// What the block is, and the glossary's translations of the terms it uses.
    private func notes(_ block: BlockSource, glossary: [Glossed]) -> [String] {
        var notes = [Self.describe(block)]
        let lowered = Array(block.markdown.lowercased().utf8)
        let used = glossary.filter { Self.contains(lowered, $0.english) }.map(\.term)
        if !used.isEmpty { notes.append("Glossary: " + used.map { "\($0.english) = \($0.translation)" }.joined(separator: "; ")) }
        return notes
    }

    /// Whether `needle` occurs in `haystack` as a whole word (bytes; a plain loop, since the
    /// generic searches are not specialized and cost most of an export): a term that starts or ends
    /// with a Latin letter or digit does not match inside a longer word ("trait" in "portrait",
    /// "traitor"), though it may take a plural ending ("templates").
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        let isWordByte = { (byte: UInt8) in (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) }
        return haystack.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { word in
                let first = word[0]
                let (opensWord, closesWord) = (isWordByte(word[0]), isWordByte(word[word.count - 1]))
                var position = 0
                while position + word.count <= text.count {
                    if text[position] == first {
                        var offset = 1
                        while offset < word.count && text[position + offset] == word[offset] { offset += 1 }
                        let end = position + word.count
                        // A plural ending ("templates") still names the term.
                        var after = end
                        if closesWord, after < text.count, text[after] == 0x65, after + 1 < text.count, text[after + 1] == 0x73 { after += 2 }
                        else if closesWord, after < text.count, text[after] == 0x73 { after += 1 }
                        if offset == word.count, !(opensWord && position > 0 && isWordByte(text[position - 1])),
                            !(closesWord && end < text.count && isWordByte(text[end]) && (after == end || (after < text.count && isWordByte(text[after]))))
                        {
                            return true
                        }
                    }
                    position += 1
                }
                return false
            }
        }
    }

    static func describe(_ block: BlockSource) -> String {
        switch block.kind {
        case .title: return "Page title (front matter)."
        case .summary: return "One-sentence summary for lists and search (front matter)."
        case .adoption: return "How the templates adopt the practice (front matter)."
        case .description: return "What a program details table's code is for (front matter)."
        case .function: return "What a class or function does (front matter, program details)."
        case .heading: return "Heading; its anchor {#…} stays in the file."
        case .paragraph: return "Paragraph."
        case .item: return "List item."
        case .quote: return "Quoted paragraph."
        case .cell: return "Table cell: one line, no '|'."
        case .caption: return "Table caption."
        case .code: return "Code block: edit it in the Markdown file."
        }
    }

    /// Gives a context to entries whose English occurs more than once in the catalog: the heading
    /// anchor they stand under, numbered when that is not enough.
    static func contexts(_ entries: [POFile.Entry], blocks: [BlockSource]) -> [POFile.Entry] {
        var counts: [String: Int] = [:]
        for entry in entries { counts[entry.id, default: 0] += 1 }
        var seen: [String: Int] = [:]
        var out = entries
        for index in out.indices where counts[out[index].id, default: 0] > 1 {
            let base = index < blocks.count ? (blocks[index].line > 0 && blocks[index].kind.isFrontMatter ? blocks[index].kind.rawValue : (blocks[index].anchor ?? "introduction")) : "entry"
            let key = base + "\u{0}" + out[index].id
            seen[key, default: 0] += 1
            out[index].context = seen[key]! == 1 ? base : "\(base) \(seen[key]!)"
        }
        return out
    }
}

extension TranslationUnit.Kind {
    var isFrontMatter: Bool { [.title, .summary, .adoption, .description, .function].contains(self) }
}
