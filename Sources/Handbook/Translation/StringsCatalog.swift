import Foundation

/// `strings.yaml` as PO entries: one per string (one per plural form of a counted string, in the
/// edition's CLDR categories), the key as context, the `# note` above the English key as the
/// translators' comment; a string whose English changed since it was marked current is fuzzy.
struct StringsCatalog {
    let content: URL
    let source: LanguageCode
    let language: LanguageCode

    /// One PO entry and where its value goes.
    struct Item {
        var key: String
        var category: String?
        var entry: POFile.Entry
        /// 1-based line of the translation's value, nil when the translation lacks it.
        var line: Int?
        /// The record says the translation follows the current English.
        var current: Bool
    }

    var englishURL: URL { content.appendingPathComponent(source.rawValue).appendingPathComponent("strings.yaml") }
    var translationURL: URL { content.appendingPathComponent(language.rawValue).appendingPathComponent("strings.yaml") }

    func entries() -> [POFile.Entry]? { items()?.map(\.entry) }

    func items() -> [Item]? {
        guard let english = read(englishURL, language: source) else { return nil }
        let own = read(translationURL, language: language) ?? (entries: [:], sources: [:])
        let categories = PluralRule(language: language.rawValue).categories
        let reference = "\(content.lastPathComponent)/\(source)/strings.yaml"
        var items: [Item] = []
        for (key, entry) in english.entries.sorted(by: { $0.value.location.line < $1.value.location.line }) {
            let translated = own.entries[key]
            let recorded = own.sources[key]
            let current = recorded?.first.map(String.init) == entry.fingerprint
            let forms: [String?] = entry.isCounted ? categories : [nil]
            for category in forms {
                let englishForm = entry.forms[category ?? "other"] ?? entry.forms["other"]
                guard let englishForm else { continue }
                let value = translated?.forms[category ?? "other"]
                var text = value?.value ?? ""
                // A string the edition has not translated yet holds the English, unrecorded.
                if recorded == nil, text == englishForm.value { text = "" }
                var comments = entry.description.map { [$0] } ?? []
                if let category { comments.append("Plural form '\(category)' (CLDR) of a counted string.") }
                var item = POFile.Entry(
                    comments: comments, references: ["\(reference):\(englishForm.location.line)"],
                    context: category.map { "\(key)[\($0)]" } ?? key, id: englishForm.value, string: text)
                if !text.isEmpty, !current { item.fuzzy = true }
                items.append(Item(key: key, category: category, entry: item, line: value?.location.line, current: current))
            }
        }
        return items
    }

    func read(_ url: URL, language: LanguageCode) -> (entries: [String: UIStringEntry], sources: [String: [Substring]])? {
        guard let (text, hash) = try? FileReader.read(url) else { return nil }
        let engine = DiagnosticEngine()
        let result = UIStringsReader(diagnostics: engine).read(
            SourceFile(path: url.path, language: language, relativePath: "strings.yaml", text: text, hash: hash))
        return engine.hasErrors ? nil : result
    }
}
