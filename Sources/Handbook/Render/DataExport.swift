/// `data/handbook.json`, the machine-readable export for other tools, and (with a `base_url`)
/// `sitemap.xml` with hreflang alternates and `robots.txt`. Keys are written in a fixed order so the files are byte-identical per input.
struct DataExport {
    let site: ResolvedSite

    func handbookJSON() -> OutputFile {
        let codes = site.config.languages.map(\.code)
        func byLanguage(_ value: (LanguageCode) -> String) -> JSONValue {
            .object(codes.map { ($0.rawValue, .string(value($0))) })
        }
        func title(_ key: PageKey, _ code: LanguageCode) -> String { site.page(key, in: code)?.title ?? "" }
        let languages = JSONValue.array(
            site.config.languages.map { .object([("code", .string($0.code.rawValue)), ("tag", .string($0.tag)), ("name", .string($0.name)), ("dir", .string($0.dir))]) })
        let practices = JSONValue.array(
            site.practices.map { practice in
                let key = PageKey.practice(practice.id)
                var fields: [(String, JSONValue)] = [
                    ("id", .string(practice.id)), ("principle", .string(practice.principle.rawValue)),
                    ("category", practice.category.map { .string($0.rawValue) } ?? .null),
                    ("titles", byLanguage { title(key, $0) }),
                    ("urls", byLanguage { OutputLayout.path(of: key, in: $0).rawValue }),
                    ("sections", .array(practice.sections.map(JSONValue.string))),
                ]
                if site.wcag != nil { fields.append(("wcag", .array(practice.wcag.map(JSONValue.string)))) }
                return .object(fields)
            })
        let sections = JSONValue.array(
            site.sections.map { section in
                let key = PageKey.section(section.number)
                return .object([
                    ("number", .string(section.number)), ("titles", byLanguage { title(key, $0) }),
                    ("urls", byLanguage { OutputLayout.path(of: key, in: $0).rawValue }),
                    ("platform", .string(section.platform.rawValue)), ("parent", section.parent.map(JSONValue.string) ?? .null),
                    ("practices", .array(section.practices.map(JSONValue.string))),
                ])
            })
        var top: [(String, JSONValue)] = [("languages", languages), ("practices", practices), ("sections", sections)]
        if let catalog = site.wcag { top.append(("wcag", wcagJSON(catalog, byLanguage: byLanguage))) }
        let root = JSONValue.object(top)
        return OutputFile(path: "data/handbook.json", text: root.serialized(indent: "") + "\n")
    }

    /// The WCAG 2.2 criteria with their facts, names, the practices that serve each and, for an A or
    /// AA criterion none serves, the note on why; and each language's URL of the map.
    private func wcagJSON(_ catalog: WCAGCatalog, byLanguage: ((LanguageCode) -> String) -> JSONValue) -> JSONValue {
        let serving = WCAGMap.practicesServing(site)
        let criteria = JSONValue.array(catalog.criteria.map { criterion in
            let practices = serving[criterion.number] ?? []
            let gap = practices.isEmpty ? criterion.gap.flatMap { catalog.gaps[$0] } : nil
            return .object([
                ("number", .string(criterion.number)), ("level", .string(criterion.level.rawValue)),
                ("since", .string(criterion.since)), ("removed", criterion.removed.map(JSONValue.string) ?? .null),
                ("names", byLanguage { criterion.name(in: $0) }),
                ("practices", .array(practices.map(JSONValue.string))),
                ("not_covered", gap.map { note in byLanguage { note[$0] ?? note["en"] ?? "" } } ?? .null),
            ])
        })
        return .object([
            ("version", .string("2.2")),
            ("urls", byLanguage { OutputLayout.path(of: .page("wcag"), in: $0).rawValue }),
            ("criteria", criteria),
        ])
    }

    /// `sitemap.xml` and `robots.txt`, written only with a `base_url`: the sitemaps protocol
    /// requires absolute addresses, and a relative one would claim what the site cannot know.
    func hostingFiles() -> [OutputFile] {
        guard let base = site.config.baseURL else { return [] }
        return [sitemap(base: base), OutputFile(path: "robots.txt", text: "User-agent: *\nAllow: /\nSitemap: \(base)sitemap.xml\n")]
    }

    func sitemap(base: String) -> OutputFile {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
        let keys = site.pages(in: site.config.sourceLanguage.code).map(\.key)
            + (site.generatedPageIDs + SinglePageEdition.partIDs(site)).map(PageKey.page)
        for key in keys {
            for language in site.config.languages {
                xml += "  <url>\n    <loc>\(base)\(OutputLayout.path(of: key, in: language.code))</loc>\n"
                for other in site.config.languages {
                    xml += "    <xhtml:link rel=\"alternate\" hreflang=\"\(other.tag)\" href=\"\(base)\(OutputLayout.path(of: key, in: other.code))\"/>\n"
                }
                xml += "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"\(base)\(OutputLayout.path(of: key, in: site.config.sourceLanguage.code))\"/>\n"
                xml += "  </url>\n"
            }
        }
        xml += "</urlset>\n"
        return OutputFile(path: "sitemap.xml", text: xml)
    }
}

/// A small JSON writer with ordered object keys (Foundation's encoder sorts or shuffles them).
public indirect enum JSONValue {
    case null
    case string(String)
    case number(Int)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The value as JSON text, nested values indented below `indent`.
    public func serialized(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return String(value)
        case .string(let value): return JSONValue.quote(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .string = $0 { return true } else { return false } }) {
                return "[" + items.map { $0.serialized(indent: inner) }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + $0.serialized(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let pairs):
            if pairs.isEmpty { return "{}" }
            return "{\n" + pairs.map { "\(inner)\(JSONValue.quote($0.0)): \($0.1.serialized(indent: inner))" }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// `text` as a JSON string literal.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
