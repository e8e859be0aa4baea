/// Resolves the UI strings of every language: each translation checked against the English, one
/// string at a time, and the source language's text standing in for what a translation lacks.
///
/// - error `placeholder`: a translated string uses a placeholder the English has not (`{cuont}`,
///   with the nearest one), or lacks one the English always uses;
/// - error `plural-form`: a form the language does not have (Chinese has `other` only), or a
///   counted string without `other`;
/// - warning `missing-plural-form`: a translated counted string lacks a form its language uses
///   (Russian's `few`), so counts of that form would show the `other` text;
/// - a string whose English changed since it was marked current is outdated (`_sources`).
struct StringsResolver {
    let diagnostics: DiagnosticEngine

    func resolve(_ content: LoadedContent, config: SiteConfig) -> [LanguageCode: UIStrings] {
        let reader = UIStringsReader(diagnostics: diagnostics)
        let sourceCode = config.sourceLanguage.code
        guard let sourceFile = content.strings[sourceCode] else {
            // A file that could not be read was reported as such by the loader.
            if content.unreadableStrings.contains(sourceCode) { return [:] }
            diagnostics.error(
                .missingStrings, "the source language has no strings.yaml",
                at: SourceLocation(path: "\(config.contentFolder)/\(sourceCode)/strings.yaml"))
            return [:]
        }
        let source = reader.read(sourceFile).entries
        for (key, entry) in source.sorted(by: { $0.key < $1.key }) { checkForms(entry, key: key, language: sourceCode) }
        var out: [LanguageCode: UIStrings] = [:]
        for language in config.languages {
            let file = language.code == sourceCode ? nil : content.strings[language.code]
            let (own, sources) = file.map(reader.read) ?? (language.code == sourceCode ? source : [:], [:])
            for (key, value) in own where source[key] == nil {
                diagnostics.warning(
                    .unknownString, "string \"\(key)\" is not in the English strings.yaml and is never used", at: value.location)
            }
            var strings = UIStrings(values: [:])
            strings.rule = PluralRule(language: language.code.rawValue)
            var missing: [String] = []
            var outdated: [String] = []
            for (key, english) in source {
                let entry: UIStringEntry
                if let translated = own[key] {
                    entry = translated
                    if let file, language.code != sourceCode {
                        checkForms(translated, key: key, language: language.code)
                        let untranslated = sources[key] == nil && translated.forms["other"]?.value == english.forms["other"]?.value
                        if english.isCounted, !untranslated { checkMissingForms(translated, key: key, rule: strings.rule) }
                        checkPlaceholders(translated, english: english, key: key, file: file)
                        if !sources.isEmpty, sources[key]?.first.map(String.init) != english.fingerprint { outdated.append(key) }
                    }
                } else {
                    entry = english
                    missing.append(key)
                }
                strings.values[key] = entry.forms["other"]?.value ?? english.forms["other"]?.value ?? key
                if english.isCounted || entry.isCounted { strings.plurals[key] = entry.forms.mapValues(\.value) }
            }
            if let file, language.code != sourceCode {
                // `i18n init` writes the English as a start: one warning for the file, not one per string.
                let untranslatedKeys = own.filter { key, entry in
                    sources[key] == nil && source[key].map { $0.forms["other"]?.value == entry.forms["other"]?.value } == true
                }.keys
                let untranslated = untranslatedKeys.count
                strings.fallbackKeys.formUnion(untranslatedKeys)
                if untranslated > 0 {
                    diagnostics.warning(
                        .untranslatedStrings,
                        "\(untranslated) of \(source.count) strings are still the English; translate them, then record them with i18n mark-current",
                        at: SourceLocation(path: file.path, line: 1, column: 1))
                }
            }
            if language.code == sourceCode { strings.notes = source.compactMapValues(\.description) }
            if language.code != sourceCode { strings.fallbackKeys.formUnion(missing) }
            strings.fallbackTag = config.sourceLanguage.tag
            strings.missingKeys = missing.sorted()
            strings.outdatedKeys = outdated.sorted()
            out[language.code] = strings
        }
        return out
    }
}

private extension StringsResolver {
    func checkForms(_ entry: UIStringEntry, key: String, language: LanguageCode) {
        guard entry.isCounted else { return }
        let allowed = PluralRule(language: language.rawValue).categories
        for (category, value) in entry.forms.sorted(by: { $0.key < $1.key }) where !allowed.contains(category) {
            let known = PluralRule.allCategories.contains(category)
            diagnostics.error(
                .pluralForm,
                known ? "\(language) has no plural form \"\(category)\"; its forms are \(allowed.joined(separator: ", "))"
                    : "\"\(category)\" is not a plural form; \(language) uses \(allowed.joined(separator: ", "))",
                at: value.location,
                notes: NearMiss.suggestion(for: category, among: allowed).map { [Diagnostic.Note("did you mean \"\($0)\"?")] } ?? [])
        }
        if entry.forms["other"] == nil {
            diagnostics.error(.pluralForm, "the counted string \"\(key)\" has no \"other\" form", at: entry.location)
        }
    }

    func checkMissingForms(_ entry: UIStringEntry, key: String, rule: PluralRule) {
        let have = entry.isCounted ? Set(entry.forms.keys) : ["other"]
        let missing = rule.categories.filter { !have.contains($0) }
        guard !missing.isEmpty else { return }
        let named = missing.map { form in
            let examples = rule.examples(of: form).map(String.init).joined(separator: ", ")
            return examples.isEmpty ? "\"\(form)\"" : "\"\(form)\" (\(examples)…)"
        }
        diagnostics.warning(
            .missingPluralForm,
            "the counted string \"\(key)\" has no \(named.joined(separator: ", ")) form; counts of it would show the \"other\" text",
            at: entry.location,
            notes: [Diagnostic.Note("\(rule.language) counts in the forms \(rule.categories.joined(separator: ", ")) (CLDR, from ICU)")])
    }

    func checkPlaceholders(_ entry: UIStringEntry, english: UIStringEntry, key: String, file: SourceFile) {
        let known = Set(english.forms.values.flatMap { Self.placeholders(in: $0.value).map(\.name) })
        let always = Set(english.forms["other"].map { Self.placeholders(in: $0.value).map(\.name) } ?? [])
        for (_, value) in entry.forms.sorted(by: { $0.key < $1.key }) {
            let found = Self.placeholders(in: value.value)
            for placeholder in found where !known.contains(placeholder.name) {
                let suggestion = NearMiss.suggestion(for: placeholder.name, among: Array(known))
                diagnostics.error(
                    .placeholder,
                    "unknown placeholder {\(placeholder.name)} in \"\(key)\"" + (suggestion.map { " (did you mean {\($0)}?)" } ?? ""),
                    at: location(of: placeholder.offset, in: value, file: file),
                    notes: [Diagnostic.Note("the English uses " + (known.isEmpty ? "no placeholders" : known.sorted().map { "{\($0)}" }.joined(separator: ", ")))])
            }
            for name in always.subtracting(found.map(\.name)).sorted() {
                diagnostics.error(
                    .placeholder, "\"\(key)\" lacks the placeholder {\(name)} that the English uses", at: value.location,
                    notes: [Diagnostic.Note("the English: \(english.forms["other"]!.value)")])
            }
        }
    }

    /// The column of a character of a YAML value, past the opening quote when the value is quoted.
    func location(of offset: Int, in value: Located<String>, file: SourceFile) -> SourceLocation {
        var location = value.location
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        if location.line >= 1, location.line <= lines.count {
            let line = lines[location.line - 1].unicodeScalars
            let start = line.index(line.startIndex, offsetBy: max(0, location.column - 1), limitedBy: line.endIndex) ?? line.endIndex
            if start < line.endIndex, line[start] == "\"" || line[start] == "'" { location.column += 1 }
        }
        location.column += offset
        return location
    }

    /// `{name}` placeholders with their offsets in code points.
    static func placeholders(in text: String) -> [(name: String, offset: Int)] {
        var out: [(String, Int)] = []
        var open: (Int, String)?
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar == "{" {
                open = (offset, "")
            } else if scalar == "}", let (start, name) = open {
                if !name.isEmpty { out.append((name, start)) }
                open = nil
            } else if let (start, name) = open {
                if scalar.properties.isAlphabetic || scalar == "_" || ("0"..."9").contains(scalar) {
                    open = (start, name + String(scalar))
                } else {
                    open = nil
                }
            }
        }
        return out
    }
}
