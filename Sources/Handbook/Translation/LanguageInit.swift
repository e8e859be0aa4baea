import Foundation

/// `i18n init`: a new edition in one step. Adds the language to `site.yaml` (an edit of the text,
/// so its comments stay), writes `content/<code>/strings.yaml` holding the English strings, which
/// count as untranslated until a translator changes them, and gives the glossary an empty column.
public struct LanguageInit {
    /// Why the language cannot be added.
    public struct Failure: Error, Equatable {
        public var path: String
        public var message: String
    }

    let content: URL
    let code: String
    let name: String
    let tag: String?

    /// Creates the addition of `code` (the folder name), called `name` in itself, to `content`.
    public init(content: URL, code: String, name: String, tag: String?) {
        self.content = content.standardizedFileURL
        self.code = code
        self.name = name
        self.tag = tag
    }

    /// Adds the language; returns the files written, in order.
    public func run() throws(Failure) -> [URL] {
        let site = content.appendingPathComponent("site.yaml")
        guard code.range(of: #"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"#, options: .regularExpression) != nil else {
            throw Failure(path: code, message: "not a language code such as ja, ko or pt-BR")
        }
        if let tag, tag.range(of: #"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"#, options: .regularExpression) == nil {
            throw Failure(path: tag, message: "--tag must be a BCP 47 tag such as ja or pt-BR")
        }
        guard let siteText = try? String(contentsOf: site, encoding: .utf8) else {
            throw Failure(path: site.path, message: "cannot read site.yaml")
        }
        let folder = content.appendingPathComponent(code)
        guard !FileManager.default.fileExists(atPath: folder.path) else {
            throw Failure(path: folder.path, message: "the folder exists already; this language has been added")
        }
        let source = TranslationFile.sourceLanguage(in: content)
        guard let english = try? String(contentsOf: content.appendingPathComponent(source.rawValue).appendingPathComponent("strings.yaml"), encoding: .utf8)
        else { throw Failure(path: "\(source)/strings.yaml", message: "cannot read the English strings") }
        let newSite = try addLanguage(to: siteText, path: site.path)
        let strings = untranslatedStrings(english)
        let glossaryURL = content.appendingPathComponent("glossary.yaml")
        // All files or none (ContentJournal); the journal creates the language's folder.
        let edit = ContentEdit(action: "an i18n init")
        edit.write(strings, to: folder.appendingPathComponent("strings.yaml"))
        var written = [site, folder.appendingPathComponent("strings.yaml")]
        if var glossary = GlossaryFile.read(glossaryURL, language: LanguageCode(code)) {
            for index in glossary.terms.indices.reversed() where glossary.terms[index].line == nil {
                glossary.lines.insert(glossary.terms[index].indent + code + ": \"\"", at: glossary.terms[index].lastLine + 1)
            }
            edit.write(glossary.lines.joined(separator: "\n"), to: glossaryURL)
            written.append(glossaryURL)
        }
        edit.write(newSite, to: site)
        do throws(ContentJournal.Failure) {
            try ContentJournal(content: content).apply(edit)
        } catch {
            let first = error.diagnostics.first.map { "; first: \($0.location): \($0.message) [\($0.code)]" } ?? ""
            throw Failure(path: error.path, message: error.message + first)
        }
        return written
    }

    /// `site.yaml` with the language after the last one listed.
    private func addLanguage(to text: String, path: String) throws(Failure) -> String {
        var lines = text.lines()
        guard let start = lines.firstIndex(where: { $0.hasPrefix("languages:") }) else {
            throw Failure(path: path, message: "site.yaml has no 'languages:' list")
        }
        var end = start + 1
        var last = start
        while end < lines.count, lines[end].hasPrefix(" ") || lines[end].isEmpty {
            if lines[end].contains("code: \(code)") || lines[end].hasSuffix("code: \"\(code)\"") {
                throw Failure(path: path, message: "site.yaml lists \(code) already")
            }
            if !lines[end].trimmingCharacters(in: .whitespaces).isEmpty { last = end }
            end += 1
        }
        let indent = lines[start + 1..<max(start + 1, last + 1)].first { $0.contains("- ") }.map { String($0.prefix { $0 == " " }) } ?? "  "
        var entry = ["\(indent)- code: \(code)", "\(indent)  name: \(BlockSources.quoted(name))"]
        if let tag { entry.append("\(indent)  tag: \(tag)") }
        if Language.direction(of: tag ?? code) == "rtl" { entry.append("\(indent)  dir: rtl") }
        lines.insert(contentsOf: entry, at: last + 1)
        return lines.joined(separator: "\n")
    }

    /// The English strings with the notes above them, counted strings in this language's forms:
    /// a form English lacks (Arabic's `two`, Russian's `few`) starts as the English `other`.
    private func untranslatedStrings(_ english: String) -> String {
        let categories = PluralRule(language: tag ?? code).categories
        var out = [
            "# UI strings for \(name) (\(code)). Every value below is still the English, and `handbook check` warns",
            "# until the strings are translated. The comment above each key says where the string appears.",
            "# Record translated strings with `handbook i18n mark-current`.",
            "",
        ]
        // The forms of the counted string being read, by category.
        var forms: [String: String]?
        func endCounted() {
            guard let read = forms, let other = read["other"] else { return }
            for category in categories {
                let indent = other.prefix { $0 == " " }
                out.append(read[category] ?? indent + category + other.dropFirst(indent.count + "other".count))
            }
            forms = nil
        }
        for line in english.lines() {
            if line.hasPrefix(UIStringsReader.sourcesKey + ":") { break }
            if line.hasPrefix(" "), forms != nil {
                let category = line.trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }
                forms?[String(category)] = line
                continue
            }
            endCounted()
            if line.hasSuffix(":") && !line.hasPrefix("#") { forms = [:] }
            out.append(line)
        }
        endCounted()
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }
}
