/// Reads `content/site.yaml`: the published languages and which one is the source.
struct SiteConfigReader {
    let diagnostics: DiagnosticEngine

    func read(_ file: SourceFile) -> SiteConfig? {
        guard let root = YAMLReader.read(file, reportingTo: diagnostics) else { return nil }
        let fields = FieldReader(root, path: file.path, lineOffset: 0, diagnostics: diagnostics)
        var languages: [Language] = []
        var refusedCode = false
        for item in fields.list("languages", required: true) {
            let entry = FieldReader(item, path: file.path, lineOffset: 0, diagnostics: diagnostics)
            guard let code = entry.string("code", required: true), let name = entry.string("name", required: true)
            else { continue }
            if let problem = LanguageCode.problem(code) {
                let notes = problem.suggestion.map { [Diagnostic.Note("did you mean \"\($0)\"?")] }
                    ?? [Diagnostic.Note("for example en, zh-Hant, zh-Hans, ja, pt-BR")]
                diagnostics.error(.languageCode, problem.message, at: entry.location(of: "code"), notes: notes)
                refusedCode = true
                continue
            }
            let tag = entry.string("tag")
            // Without a `dir`, the script of the tag (or the language's usual one) decides: ar, he, fa are rtl.
            let dir = entry.oneOf("dir", ["ltr", "rtl"]) ?? Language.direction(of: tag ?? code)
            entry.rejectUnknownKeys(["code", "name", "dir", "tag"])
            languages.append(Language(code: LanguageCode(code), name: name, dir: dir, tag: tag))
        }
        let sourceCode = fields.string("source_language", required: true)
        let baseURL = readBaseURL(fields)
        let modified = fields.string("modified")
        if let modified, !Self.isUTCDateTime(modified) {
            diagnostics.error(
                .invalidDate, "modified \"\(modified)\" is not a UTC date and time", at: fields.location(of: "modified"),
                notes: [Diagnostic.Note("write it as 2026-12-01T00:00:00Z")])
        }
        fields.rejectUnknownKeys(["languages", "source_language", "base_url", "modified"])
        // A refused code would make every later check (source language, folders) misleading.
        guard let sourceCode, !languages.isEmpty, !refusedCode else { return nil }
        guard let source = languages.first(where: { $0.code.rawValue == sourceCode }) else {
            diagnostics.error(
                .unknownLanguage, "source_language \"\(sourceCode)\" is not among the languages",
                at: fields.location(of: "source_language"))
            return nil
        }
        let ordered = [source] + languages.filter { $0.code != source.code }
        var config = SiteConfig(languages: ordered, sourceLanguage: source)
        config.baseURL = baseURL
        if let modified { config.modified = modified }
        return config
    }

    /// `base_url`: an `http` or `https` address with a host and no query or fragment; a missing
    /// final `/` is added, since every page address is appended to it.
    private func readBaseURL(_ fields: FieldReader) -> String? {
        guard let value = fields.string("base_url") else { return nil }
        let lower = value.lowercased()
        let scheme = lower.hasPrefix("https://") ? "https://" : lower.hasPrefix("http://") ? "http://" : nil
        let host = scheme.map { value.dropFirst($0.count).prefix { $0 != "/" } } ?? ""
        guard scheme != nil, !host.isEmpty, !value.contains(where: { $0 == "?" || $0 == "#" || $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "&" || $0 == "'" })
        else {
            diagnostics.error(
                .baseUrl, "base_url \"\(value)\" is not a web address the site can be published at", at: fields.location(of: "base_url"),
                notes: [Diagnostic.Note("write the address of the folder that holds index.html, such as https://example.org/handbook/")])
            return nil
        }
        return value.hasSuffix("/") ? value : value + "/"
    }

    /// `2026-12-01T00:00:00Z`: the form `dcterms:modified` takes.
    static func isUTCDateTime(_ text: String) -> Bool {
        let pattern = Array("0000-00-00T00:00:00Z".utf8)
        let bytes = Array(text.utf8)
        return bytes.count == pattern.count
            && zip(bytes, pattern).allSatisfy { byte, want in want == UInt8(ascii: "0") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == want }
    }
}
