import Mustache

/// The A–Z index: every practice, section and page by title, the glossary's terms and the API
/// names of the pages' code spans (`APIName`), each term or name with links to the pages that use
/// it, grouped under initial letters, so readers without JavaScript (or without a search) can still
/// find any page, topic, API or term.
///
/// 1. Titles link to their page. Terms that name a practice, principle or category are left out:
///    the practices are listed by title, the principles and categories on the practice lists.
/// 2. A term is looked for in each page's title and prose as the page shows it: its translation on
///    a translated page (any accepted form), the English term on a page shown in English. An API
///    name is looked for in the code spans of the page's body.
/// 3. A term or name links to at most `pagesPerEntry` pages, those that use it most, listed in
///    page order, so "accessibility" does not list every page of the handbook.
/// 4. Chinese editions punctuate in full width: `標題（1.1）`, `替代文字：1.1、16.1`.
/// 5. Entries sort by their own script: Latin labels by letter without case, Han labels by code
///    point (the radical-and-stroke order of the Unicode tables), so no Chinese term is filed under
///    its English original. A Latin label on a Chinese page carries `lang="en"`.
struct AlphabeticalIndex {
    let site: ResolvedSite
    let language: LanguageCode
    /// A watch session's memory: each page's uses, kept while the page and the terms are unchanged.
    var memo: BuildMemo? = nil

    /// The most pages one term or API name links to.
    static let pagesPerEntry = 10

    /// A glossary term as this language's index lists it: its label and the forms a translated page may use.
    struct IndexTerm {
        var term: GlossaryChecker.Term
        var label: String
        var forms: [[UInt8]]

        /// What the search for the term depends on.
        struct Key: Equatable {
            var label: String
            var english: String
            var caseSensitive: Bool
            var forms: [[UInt8]]
        }

        var key: Key { Key(label: label, english: term.english, caseSensitive: term.caseSensitive, forms: forms) }
    }

    /// What one page gives the index: how often it uses each term (by the term's place in the list)
    /// and each API name.
    struct PageUses {
        var terms: [(index: Int, count: Int)] = []
        var apis: [(name: String, count: Int)] = []
    }

    /// One line of the index.
    struct Entry {
        var sortKey: String
        var label: String
        /// The page a title leads to.
        var page: PageKey?
        /// The pages that use a term or an API name, in page order.
        var users: [PageKey] = []
        var isCode = false
    }

    func groups(from path: OutputPath, link: (PageKey, OutputPath) -> LinkView) -> MustacheValue {
        let pages = site.pages(in: language).filter { page in
            if case .page("index") = page.key { return false }
            return true
        }
        var entries: [Entry] = pages.map { page in
            // A Chinese title takes full-width parentheses around its number; an English one half-width.
            let chinese = page.title.unicodeScalars.contains(where: SearchTokenizer.isHan)
            let number = { (id: String) in chinese ? "\(page.title)（\(id)）" : "\(page.title) (\(id))" }
            let label: String
            switch page.key {
            case .practice(let id): label = number(id)
            case .section(let id): label = number(id)
            case .page: label = page.title
            }
            return Entry(sortKey: Self.sortKey(page.title), label: label, page: page.key)
        }
        entries += usesEntries(pages)
        entries.sort(by: Self.precedes)
        var groups: [(letter: String, items: [MustacheValue])] = []
        for entry in entries {
            guard let item = item(entry, from: path, link: link) else { continue }
            let letter = Self.initial(entry.sortKey)
            if groups.last?.letter == letter {
                groups[groups.count - 1].items.append(item)
            } else {
                groups.append((letter, [item]))
            }
        }
        return .array(
            groups.enumerated().map { index, group in
                .view(GroupView(letter: group.letter, anchor: "letter-\(index + 1)", entries: group.items))
            })
    }

    /// Hiragana and katakana (with their extensions and halfwidth forms).
    static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value) || (0xFF66...0xFF9F).contains(scalar.value)
    }

    /// A Latin letter upper-cased, digits as `0–9`, any other script by its first character. Only
    /// decimal digits count: 一 and 二 have numeric values too, but are filed as Han characters.
    static func initial(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return "#" }
        if first.properties.numericType == .decimal { return "0–9" }
        return String(first).uppercased()
    }
}

private extension AlphabeticalIndex {
    /// The glossary's terms in this language and the API names of the pages' code spans, each with
    /// the pages that use it.
    func usesEntries(_ pages: [ResolvedPage]) -> [Entry] {
        let english = site.strings(in: site.config.sourceLanguage.code).values
        var named = Set(site.practices.compactMap { site.heading(of: .practice($0.id), in: site.config.sourceLanguage.code)?.title })
        for (key, value) in english where key.hasPrefix("principle_") || key.hasPrefix("category_") { named.insert(value) }
        var terms: [IndexTerm] = []
        var seen = Set<String>()
        for term in site.glossary where !named.contains(term.english) {
            let label = language == site.config.sourceLanguage.code ? term.english : term.translations[language]?.first ?? ""
            guard !label.isEmpty, seen.insert(label).inserted else { continue }
            terms.append(IndexTerm(term: term, label: label, forms: (term.translations[language] ?? []).map { Array($0.utf8) }))
        }
        let finder = FormFinder(terms.map(\.forms))
        // The terms are compared with the last run's once per language; the pages compare a number.
        let termsGeneration = memo?.indexTerms.value(language, inputs: terms.map(\.key)) { BuildMemo.nextGeneration() } ?? 0
        var termUses: [[(PageKey, Int)]] = Array(repeating: [], count: terms.count)
        var apiUses: [String: [(PageKey, Int)]] = [:]
        // Page by page, so only one page's words are held at a time (a page may be megabytes).
        for page in pages {
            let made = { uses(of: page, terms: terms, finder: finder) }
            let found: PageUses
            if let memo, let fingerprint = page.fingerprint {
                found = memo.indexUses.value(
                    BuildMemo.PageSlot(language: language, path: page.outputPath.rawValue),
                    inputs: BuildMemo.IndexUsesInputs(page: fingerprint, terms: termsGeneration), make: made)
            } else {
                found = made()
            }
            for (index, count) in found.terms { termUses[index].append((page.key, count)) }
            for (name, count) in found.apis { apiUses[name, default: []].append((page.key, count)) }
        }
        var out: [Entry] = []
        for (index, entry) in terms.enumerated() where !termUses[index].isEmpty {
            out.append(Entry(sortKey: Self.sortKey(entry.label), label: entry.label, users: Self.mostUsing(termUses[index])))
        }
        for (name, users) in apiUses {
            out.append(Entry(sortKey: Self.sortKey(name), label: name, users: Self.mostUsing(users), isCode: true))
        }
        return out
    }

    /// How often one page uses each term (by its place in `terms`) and each API name: a term is
    /// looked for in the title and prose, an API name in the code spans.
    func uses(of page: ResolvedPage, terms: [IndexTerm], finder: FormFinder) -> PageUses {
        var found = PageUses()
        if !terms.isEmpty {
            let text = page.title + " " + GlossaryChecker.prose(page.body)
            if page.contentLanguage == site.config.sourceLanguage.code {
                let words = GlossaryChecker.Words(text)
                for (index, entry) in terms.enumerated() {
                    let count = words.count(entry.term, caseSensitive: entry.term.caseSensitive)
                    if count > 0 { found.terms.append((index, count)) }
                }
            } else {
                for (index, count) in finder.counts(in: Array(text.utf8)).enumerated() where count > 0 { found.terms.append((index, count)) }
            }
        }
        var apis: [String: Int] = [:]
        page.body.forEach { node in
            if case .code(let code) = node.kind, let name = APIName.name(inCodeSpan: code) { apis[name, default: 0] += 1 }
        }
        found.apis = apis.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return found
    }

    /// The index's Mustache value of one entry: a link, or a label with links to its pages.
    func item(_ entry: Entry, from path: OutputPath, link: (PageKey, OutputPath) -> LinkView) -> MustacheValue? {
        // A term in Latin letters only, on a page in another language, is the source language's:
        // kana or Han in it make it the page's own (a Japanese term may be written in kana alone).
        let latinOnChinesePage = language != site.config.sourceLanguage.code
            && !entry.label.unicodeScalars.contains { SearchTokenizer.isHan($0) || Self.isKana($0) }
        if let key = entry.page {
            var item = link(key, path)
            item.label = entry.label
            return .view(item)
        }
        let users: [MustacheValue] = entry.users.enumerated().compactMap { position, key in
            guard let page = site.heading(of: key, in: language) else { return nil }
            var item = link(key, path)
            switch key {
            case .practice(let id): item.label = id
            case .section(let number): item.label = number
            case .page: item.label = page.title
            }
            item.last = position == entry.users.count - 1
            return .view(item)
        }
        let chinese = HalfwidthPunctuationLinter.applies(to: language)
        return .view(TermView(
            label: entry.label, code: entry.isCode,
            // A selector such as `openURL:` ends in a colon already; a space keeps it from doubling.
            separator: entry.label.hasSuffix(":") ? " " : chinese ? "：" : ": ", comma: chinese ? "、" : ", ",
            termLang: latinOnChinesePage ? .string(site.config.sourceLanguage.code.rawValue) : .bool(false),
            users: users))
    }

    /// The `pagesPerEntry` pages with the most uses, in page order.
    static func mostUsing(_ counts: [(PageKey, Int)]) -> [PageKey] {
        let chosen = counts.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(pagesPerEntry)
        return chosen.map(\.0).sorted()
    }

    /// Lower case, so `contentDescription` and `ContentView` sort as letters, not by case.
    static func sortKey(_ label: String) -> String {
        label.lowercased()
    }

}

private extension AlphabeticalIndex {
    /// A total order, so the page is the same on every run: by sort key and label, then titles
    /// (by page) before terms before API names.
    static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.sortKey != b.sortKey { return a.sortKey < b.sortKey }
        if a.label != b.label { return a.label < b.label }
        switch (a.page, b.page) {
        case (let x?, let y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return !a.isCode && b.isCode
        }
    }
}

extension AlphabeticalIndex {
    /// The entries under one initial.
    struct GroupView: FieldedView, Equatable {
        static let fields: [ViewField<GroupView>] = [
            ViewField("letter") { view in .string(view.letter) },
            ViewField("anchor") { view in .string(view.anchor) },
            ViewField("entries") { view in .array(view.entries) },
        ]
        let letter: String
        let anchor: String
        let entries: [MustacheValue]
    }

    /// A term or API name with links to the pages that use it (a title is a `LinkView`).
    struct TermView: FieldedView, Equatable {
        static let fields: [ViewField<TermView>] = [
            ViewField("label") { view in .string(view.label) },
            ViewField("term") { _ in .bool(true) },
            ViewField("code") { view in .bool(view.code) },
            ViewField("separator") { view in .string(view.separator) },
            ViewField("comma") { view in .string(view.comma) },
            ViewField("term_lang") { view in view.termLang },
            ViewField("users") { view in .array(view.users) },
        ]
        let label: String
        let code: Bool
        let separator: String
        let comma: String
        let termLang: MustacheValue
        let users: [MustacheValue]
    }
}

extension AlphabeticalIndex {
    /// Counts every term's forms in a text in one pass over its bytes, rather than one pass per
    /// form: the forms are filed by their first two bytes, so each position of the text is tried
    /// only against the forms that start there. Each form is counted left to right, its matches
    /// not overlapping.
    struct FormFinder {
        private let forms: [(bytes: [UInt8], term: Int)]
        /// Form indexes filed by their first two bytes (`first << 8 | second`): those of key `k` are
        /// `filed[bucket[k]..<bucket[k + 1]]`, a flat table so that each byte costs one lookup.
        private var bucket = [Int32](repeating: 0, count: 65537)
        private var filed: [Int] = []
        /// Forms of a single byte.
        private var single: [Int] = []
        private let termCount: Int

        init(_ termForms: [[[UInt8]]]) {
            let forms = termForms.enumerated().flatMap { term, forms in forms.filter { !$0.isEmpty }.map { (bytes: $0, term: term) } }
            let key = { (index: Int) in Int(forms[index].bytes[0]) << 8 | Int(forms[index].bytes[1]) }
            let paired = forms.indices.filter { forms[$0].bytes.count > 1 }
            for index in paired { bucket[key(index) + 1] += 1 }
            for slot in 1..<bucket.count { bucket[slot] += bucket[slot - 1] }
            filed = paired.sorted { (key($0), $0) < (key($1), $1) }
            single = forms.indices.filter { forms[$0].bytes.count == 1 }
            self.forms = forms
            termCount = termForms.count
        }

        /// Each term's count of its forms in `text`.
        func counts(in text: [UInt8]) -> [Int] {
            var counts = Array(repeating: 0, count: termCount)
            guard !forms.isEmpty else { return counts }
            var nextAllowed = Array(repeating: 0, count: forms.count)
            text.withUnsafeBufferPointer { bytes in
                /// Counts form `index` at `position` if it is there and does not overlap its last match.
                func match(_ index: Int, at position: Int) {
                    let form = forms[index].bytes
                    guard position >= nextAllowed[index], position + form.count <= bytes.count, form[0] == bytes[position] else { return }
                    for offset in 1..<form.count where bytes[position + offset] != form[offset] { return }
                    counts[forms[index].term] += 1
                    nextAllowed[index] = position + form.count
                }
                for position in bytes.indices {
                    for index in single { match(index, at: position) }
                    guard position + 1 < bytes.count else { continue }
                    let key = Int(bytes[position]) << 8 | Int(bytes[position + 1])
                    for slot in Int(bucket[key])..<Int(bucket[key + 1]) { match(filed[slot], at: position) }
                }
            }
            return counts
        }
    }
}
