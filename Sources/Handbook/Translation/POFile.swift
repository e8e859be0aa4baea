/// A gettext PO catalog as the export writes it and the import reads it: entries with translator
/// comments (`#.`), references (`#:`), flags (`#,`), the previous English (`#| msgid`), a context
/// and one message. Plural messages are not used: counted strings are one entry per form.
struct POFile: Equatable {
    struct Entry: Equatable {
        var comments: [String] = []
        var references: [String] = []
        var fuzzy = false
        var previous: String?
        var context: String?
        var id: String
        var string: String
        /// 1-based line of `msgid` (set when read).
        var line = 0
        /// 1-based line of `msgstr` (set when read).
        var stringLine = 0
    }

    /// `Language` in the header: the edition's code.
    var language: String
    /// The edition `language` names, once the import has matched the header to one (`zh_Hant_HK` → `zh-Hant`).
    var edition: LanguageCode { LanguageCode(language) }
    var entries: [Entry]

    /// The catalog as text, in the layout `msgcat` gives, so a CAT tool's rewrite diffs small.
    var text: String {
        var out = "# Translation of the Mobile Application Accessibility Handbook into \(language).\n"
        out += "# Written by handbook i18n export; read back by handbook i18n import.\n"
        out += "msgid \"\"\nmsgstr \"\"\n"
        out += "\"Project-Id-Version: handbook\\n\"\n"
        out += "\"PO-Revision-Date: 2000-01-01 00:00+0000\\n\"\n"
        out += "\"Last-Translator: none\\n\"\n"
        out += "\"Language-Team: none\\n\"\n"
        out += "\"Language: \(language)\\n\"\n"
        out += "\"MIME-Version: 1.0\\n\"\n"
        out += "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        out += "\"Content-Transfer-Encoding: 8bit\\n\"\n"
        for entry in entries {
            out += "\n"
            for comment in entry.comments { out += comment.split(separator: "\n", omittingEmptySubsequences: false).map { "#. \($0)\n" }.joined() }
            for reference in entry.references { out += "#: \(reference)\n" }
            if entry.fuzzy { out += "#, fuzzy\n" }
            if let previous = entry.previous { out += Self.field("msgid", previous, prefix: "#| ") }
            if let context = entry.context { out += Self.field("msgctxt", context) }
            out += Self.field("msgid", entry.id)
            out += Self.field("msgstr", entry.string)
        }
        return out
    }

    private static func field(_ name: String, _ value: String, prefix: String = "") -> String {
        let parts = value.split(separator: "\n", omittingEmptySubsequences: false)
        if parts.count == 1 { return "\(prefix)\(name) \"\(escape(value))\"\n" }
        var out = "\(prefix)\(name) \"\"\n"
        for (index, part) in parts.enumerated() {
            let piece = index < parts.count - 1 ? part + "\n" : String(part)
            if !piece.isEmpty { out += "\(prefix)\"\(escape(String(piece)))\"\n" }
        }
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(character)
            }
        }
        return out
    }

    /// A problem reading a catalog, at a 1-based line.
    struct Problem: Error, Equatable {
        var line: Int
        var message: String
    }

    /// Reads a catalog; the header entry (empty msgid) gives the language and is not an entry.
    static func read(_ text: String) throws(Problem) -> POFile {
        var file = POFile(language: "", entries: [])
        var entry = Entry(id: "", string: "")
        var field: String?
        var started = false
        var values: [String: String] = [:]
        func finish() {
            guard started else { return }
            entry.context = values["msgctxt"]
            entry.id = values["msgid"] ?? ""
            entry.string = values["msgstr"] ?? ""
            entry.previous = values["#|msgid"]
            if entry.id.isEmpty {
                for line in entry.string.split(separator: "\n") where line.hasPrefix("Language:") {
                    file.language = String(line.dropFirst("Language:".count).trimmingSpaces)
                }
            } else {
                file.entries.append(entry)
            }
            entry = Entry(id: "", string: "")
            values = [:]
            field = nil
            started = false
        }
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = raw.trimmingSpaces
            if line.isEmpty { continue }
            if line.hasPrefix("#~") { continue }
            if line.hasPrefix("#|") {
                let rest = line.dropFirst(2).trimmingSpaces
                if values["msgid"] != nil { finish() }
                started = true
                if rest.hasPrefix("\"") {
                    guard let key = field, key.hasPrefix("#|") else { throw Problem(line: number, message: "a string continues no previous field") }
                    values[key, default: ""] += try string(rest, line: number)
                } else {
                    let parts = rest.split(separator: " ", maxSplits: 1)
                    guard parts.count == 2 else { throw Problem(line: number, message: "expected '#| msgid \"…\"'") }
                    field = "#|" + parts[0]
                    values[field!] = try string(parts[1], line: number)
                }
                continue
            }
            if line.hasPrefix("#") {
                if values["msgid"] != nil { finish() }
                started = true
                if line.hasPrefix("#,") {
                    if line.dropFirst(2).split(separator: ",").contains(where: { $0.trimmingSpaces == "fuzzy" }) { entry.fuzzy = true }
                } else if line.hasPrefix("#:") {
                    entry.references.append(String(line.dropFirst(2).trimmingSpaces))
                } else if line.hasPrefix("#.") {
                    entry.comments.append(String(line.dropFirst(2).trimmingSpaces))
                }
                continue
            }
            if line.hasPrefix("\"") {
                guard let key = field, !key.hasPrefix("#|") else { throw Problem(line: number, message: "a string continues no field") }
                values[key, default: ""] += try string(line, line: number)
                continue
            }
            let parts = line.split(separator: " ", maxSplits: 1)
            let keyword = String(parts[0])
            guard ["msgctxt", "msgid", "msgstr"].contains(keyword) else {
                throw Problem(line: number, message: "unknown keyword '\(keyword)'" + (keyword.hasPrefix("msgid_plural") || keyword.hasPrefix("msgstr[") ? " (plural messages are not used; each form is an entry)" : ""))
            }
            if keyword == "msgctxt" || (keyword == "msgid" && values["msgid"] != nil) { if values["msgid"] != nil { finish() } }
            guard parts.count == 2 else { throw Problem(line: number, message: "\(keyword) needs a quoted string") }
            if keyword == "msgstr", values["msgid"] == nil { throw Problem(line: number, message: "msgstr without a msgid") }
            started = true
            field = keyword
            if keyword == "msgid" { entry.line = number }
            if keyword == "msgstr" { entry.stringLine = number }
            values[keyword] = try string(parts[1], line: number)
        }
        finish()
        return file
    }

    private static func string(_ quoted: Substring, line: Int) throws(Problem) -> String {
        let text = quoted.trimmingSpaces
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { throw Problem(line: line, message: "expected a quoted string") }
        var out = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "\\", "\"": out.append(character)
                default: throw Problem(line: line, message: "unknown escape '\\\(character)'")
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                throw Problem(line: line, message: "unescaped '\"' inside a string")
            } else {
                out.append(character)
            }
        }
        if escaped { throw Problem(line: line, message: "the string ends in a lone backslash") }
        return out
    }
}
