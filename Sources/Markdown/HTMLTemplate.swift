/// A node rendered once as HTML with holes where the page it goes into decides the text: link and
/// image tags (whose URLs depend on where the HTML is placed), headings (whose level and anchor a
/// page that holds several bodies changes) and tables' surroundings.
///
/// `literals` has one more element than `holes`: literal 0, hole 0, literal 1, hole 1, … literal n.
public struct HTMLTemplate: Sendable {
    /// A place whose HTML the filler writes.
    public enum Hole: Sendable {
        /// The start tag of a link (`<a href=… title=…>`), ended by `linkEnd`.
        case linkStart(url: String, title: String, attributes: [(name: String, value: String)])
        case linkEnd
        /// A whole `<img … />` tag, its alt text already worked out.
        case image(url: String, alt: String, title: String, attributes: [(name: String, value: String)])
        /// `<hN id=…>` and `</hN>`.
        case headingStart(level: Int, anchor: String?)
        case headingEnd(level: Int)
        /// Just before `<table>`: the table with only its caption and header row as plain HTML,
        /// for a wrapper that names the table; `tableEnd` comes just after `</table>`.
        case tableStart(head: String)
        case tableEnd
    }

    public var literals: [String]
    public var holes: [Hole]

    /// The HTML with each hole written by `fill`.
    public func html(_ fill: (Hole, inout String) -> Void) -> String {
        var out = ""
        out.reserveCapacity(literals.reduce(0) { $0 + $1.utf8.count } + holes.count * 48)
        for (index, hole) in holes.enumerated() {
            out += literals[index]
            fill(hole, &out)
        }
        out += literals[holes.count]
        return out
    }

    /// What the plain renderer writes for a hole (tables get no wrapper).
    public static func plain(_ hole: Hole, into out: inout String) {
        switch hole {
        case .linkStart(let url, let title, let attributes): appendLinkStart(url: url, title: title, attributes: attributes, to: &out)
        case .linkEnd: out += "</a>"
        case .image(let url, let alt, let title, let attributes): appendImage(url: url, alt: alt, title: title, attributes: attributes, to: &out)
        case .headingStart(let level, let anchor): appendHeadingStart(level: level, anchor: anchor, to: &out)
        case .headingEnd(let level): out += "</h\(level)>"
        case .tableStart, .tableEnd: break
        }
    }

    /// `<a href="…" title="…" name="value"…>`, the URL percent-encoded as cmark does (and left out
    /// when it could run script, unless `anyURL`, as cmark's unsafe mode has it).
    public static func appendLinkStart(
        url: String, title: String, attributes: [(name: String, value: String)], anyURL: Bool = false, to out: inout String
    ) {
        out += "<a href=\""
        if anyURL || !HTMLEscaping.isDangerousURL(url) { out += HTMLEscaping.escapeHref(url) }
        appendTitleAndAttributes(title, attributes, to: &out)
        out += ">"
    }

    /// `<img src="…" alt="…" title="…" name="value"… />`.
    public static func appendImage(
        url: String, alt: String, title: String, attributes: [(name: String, value: String)], anyURL: Bool = false, to out: inout String
    ) {
        out += "<img src=\""
        if anyURL || !HTMLEscaping.isDangerousURL(url) { out += HTMLEscaping.escapeHref(url) }
        out += "\" alt=\""
        HTMLEscaping.appendEscaped(alt, to: &out)
        appendTitleAndAttributes(title, attributes, to: &out)
        out += " />"
    }

    /// `<hN id="anchor">`.
    public static func appendHeadingStart(level: Int, anchor: String?, to out: inout String) {
        out += "<h\(level)"
        if let anchor {
            out += " id=\""
            HTMLEscaping.appendEscaped(anchor, to: &out)
            out += "\""
        }
        out += ">"
    }

    /// `" title="…"` (when there is one), the attribute's closing quote and ` name="value"`….
    private static func appendTitleAndAttributes(_ title: String, _ attributes: [(name: String, value: String)], to out: inout String) {
        if !title.isEmpty {
            out += "\" title=\""
            HTMLEscaping.appendEscaped(title, to: &out)
        }
        out += "\""
        for (name, value) in attributes {
            out += " \(name)=\""
            HTMLEscaping.appendEscaped(value, to: &out)
            out += "\""
        }
    }
}
