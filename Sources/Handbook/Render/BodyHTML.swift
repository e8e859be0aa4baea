import Foundation
import Markdown

/// A page body or a program-details field rendered once (`BodyRenderer.template`), then placed in
/// each output that shows it: its page, the single-page edition, the EPUB. Only the holes differ
/// between them: link targets, image addresses, heading levels and anchors, and table names.
struct BodyHTML: Sendable {
    /// Images wider than this (CSS pixels) are shrunk on a phone.
    static let phoneWidth = 480
    let template: HTMLTemplate
    /// The name of each table's scrolling region, in order; nil where tables are not wrapped
    /// (inline fields).
    let tableLabels: [String]?

    /// The words of some HTML: its text without tags, entities left as they are (the caller escapes
    /// the result for an attribute, so `&amp;` stays one character's worth once read).
    static func text(ofHTML html: Substring.UTF8View) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(html.count)
        var inTag = false
        var rest = html[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "<") {
                inTag = true
            } else if byte == UInt8(ascii: ">") {
                inTag = false
            } else if inTag {
                continue
            } else if byte == UInt8(ascii: "&"), let (decoded, length) = Self.entities.lazy.compactMap({ name, decoded in
                rest.starts(with: name) ? (decoded, name.count) : nil
            }).first {
                bytes.append(decoded)
                rest = rest.dropFirst(length)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The entities the body renderer writes in text, after their `&`, and what each stands for.
    private static let entities: [(name: [UInt8], decoded: UInt8)] = [
        (Array("lt;".utf8), UInt8(ascii: "<")), (Array("gt;".utf8), UInt8(ascii: ">")),
        (Array("quot;".utf8), UInt8(ascii: "\"")), (Array("amp;".utf8), UInt8(ascii: "&")),
    ]

    /// Whether `other` is this very rendering (the same storage, as a watch session's reused body
    /// is): then both place alike, and telling so costs nothing. False says nothing either way.
    func isSameRendering(as other: BodyHTML) -> Bool {
        func sameStorage<Element>(_ a: [Element], _ b: [Element]) -> Bool {
            a.count == b.count && a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        }
        return sameStorage(template.literals, other.template.literals) && sameStorage(template.holes, other.template.holes)
            && tableLabels == other.tableLabels
    }

    /// The HTML as `placement` shows it.
    func html(_ placement: BodyPlacement) -> String {
        var table = 0
        var unlinked = false
        var inLink = false
        var linkedHeading: (anchor: String, start: Int, label: [String])?
        return template.html { hole, out in
            switch hole {
            case .linkStart(let url, let title, let attributes):
                inLink = true
                let href: String?
                switch LinkTarget(url: url) {
                case .address(let address): href = address
                case .anchor(let anchor): href = "#" + placement.anchor(anchor)
                case .page(let key, let fragment): href = placement.href(key, fragment)
                }
                unlinked = href == nil
                if let href {
                    HTMLTemplate.appendLinkStart(url: href, title: title, attributes: attributes, to: &out)
                } else {
                    out += "<span lang=\""
                    HTMLEscaping.appendEscaped(placement.unlinkedTag ?? "", to: &out)
                    out += "\">"
                }
            case .linkEnd:
                inLink = false
                out += unlinked ? "</span>" : "</a>"
            case .image(let url, let alt, let title, let attributes):
                // A bound image's address is its path in the output; an empty or `data:` one stays.
                let src = url.isEmpty || url.contains(":") ? url : placement.image(url)
                // An image wider than a phone is shrunk to fit; on the site it links to itself, so
                // that it can be opened and zoomed full size (not inside a link of its own).
                let opensFullSize = placement.linksLargeImages && !inLink && !url.isEmpty && !url.contains(":")
                    && (attributes.first { $0.name == "width" }.flatMap { Int($0.value) } ?? 0) > Self.phoneWidth
                if opensFullSize { HTMLTemplate.appendLinkStart(url: src, title: "", attributes: [("class", "image-full")], to: &out) }
                HTMLTemplate.appendImage(url: src, alt: alt, title: title, attributes: attributes, to: &out)
                if opensFullSize { out += "</a>" }
            case .headingStart(let level, let anchor):
                let shown = min(level + placement.headingShift, 6)
                linkedHeading = nil
                if let label = placement.headingLinkLabel, let anchor, (2...3).contains(shown) {
                    out += "<div class=\"heading-row\">"
                    linkedHeading = (placement.anchor(anchor), out.utf8.count, label)
                }
                HTMLTemplate.appendHeadingStart(level: shown, anchor: anchor.map(placement.anchor), to: &out)
            case .headingEnd(let level):
                out += "</h\(min(level + placement.headingShift, 6))>"
                if let (anchor, start, label) = linkedHeading {
                    // A visible link to the heading, for sharing a place on the page; named by the
                    // heading's words, so that a list of links says where each goes.
                    let text = Self.text(ofHTML: out.utf8.dropFirst(start))
                    out += "<a class=\"heading-link\" href=\"#"
                    HTMLEscaping.appendEscaped(anchor, to: &out)
                    out += "\" aria-label=\""
                    HTMLEscaping.appendEscaped(label.joined(separator: text), to: &out)
                    out += "\"><span aria-hidden=\"true\">#</span></a></div>"
                    linkedHeading = nil
                }
            case .tableStart:
                guard let tableLabels, table < tableLabels.count else { return }
                let label = placement.regionPrefix.map { "\($0) – \(tableLabels[table])" } ?? tableLabels[table]
                table += 1
                out += "<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"\(label)\">\n"
            case .tableEnd:
                if tableLabels != nil { out += "\n</div>" }
            }
        }
    }
}

/// A body as its own page shows it, placed when a template first reads it. A watch session
/// compares each page's context with the last run's: a body reused from then is the same rendering,
/// so for it neither placing nor comparing the text is needed.
final class PagePlacedBody: Equatable, @unchecked Sendable {
    let body: BodyHTML
    let path: OutputPath
    let language: LanguageCode
    let headingLinkLabel: [String]
    private let lock = NSLock()
    private var placed: String?

    init(_ body: BodyHTML, at path: OutputPath, language: LanguageCode, headingLinkLabel: [String]) {
        self.body = body
        self.path = path
        self.language = language
        self.headingLinkLabel = headingLinkLabel
    }

    /// The body's HTML on its page, with a link beside each heading.
    var html: String {
        lock.withLock {
            if let placed { return placed }
            var placement = BodyPlacement.page(at: path, language: language)
            placement.headingLinkLabel = headingLinkLabel
            let made = body.html(placement)
            placed = made
            return made
        }
    }

    static func == (lhs: PagePlacedBody, rhs: PagePlacedBody) -> Bool {
        lhs === rhs || (lhs.path == rhs.path && lhs.language == rhs.language && lhs.headingLinkLabel == rhs.headingLinkLabel
            && (lhs.body.isSameRendering(as: rhs.body) || lhs.html == rhs.html))
    }
}

/// Where a body is shown, which decides what its holes hold.
struct BodyPlacement {
    /// The address of a page (and a heading's anchor on it) from here; nil where this output has
    /// no such page, so the link's words stay without a link.
    var href: (PageKey, String?) -> String?
    /// The address, from here, of an image at this path in the output.
    var image: (String) -> String
    /// How many levels the body's headings go down (1 where an entry's title is the `h2`).
    var headingShift = 0
    /// What the body's anchors start with, where one page holds several bodies.
    var anchorPrefix: String?
    /// What each table's region name starts with, where one page holds several bodies.
    var regionPrefix: String?
    /// The `lang` of a link's words where the link is dropped.
    var unlinkedTag: String?
    /// The name of the link beside each `h2` and `h3` ("Link to “{heading}”"), as the words between
    /// which the heading's go; nil for no links.
    var headingLinkLabel: [String]?
    /// Whether an image wider than a phone links to its own file (on the site; an e-book opens
    /// only its documents).
    var linksLargeImages = false

    /// An anchor of the body as it is on this output.
    func anchor(_ anchor: String) -> String {
        anchorPrefix.map { "\($0)--\(anchor)" } ?? anchor
    }

    /// The body on its own page at `path` in `language`.
    static func page(at path: OutputPath, language: LanguageCode) -> BodyPlacement {
        BodyPlacement(
            href: { key, fragment in RelativeURL.from(path, to: OutputLayout.path(of: key, in: language)) + (fragment.map { "#" + $0 } ?? "") },
            image: { RelativeURL.from(path, to: OutputPath($0)) }, linksLargeImages: true)
    }
}

/// Where a bound link points. Binding (`LinkResolver`) checks the target and keeps its key; each
/// output turns it into an address (`BodyPlacement`).
enum LinkTarget: Equatable {
    /// A practice, section or page (`bp:2.10`, `sec:7.3.6.5#anchor`, `page:about`).
    case page(PageKey, fragment: String?)
    /// A heading of the same body (`#anchor`).
    case anchor(String)
    /// A web address, or an empty one where the target was not found; kept as it is.
    case address(String)

    init(url: String) {
        if url.hasPrefix("#") {
            self = .anchor(String(url.dropFirst()))
        } else if let (key, fragment) = PageKey.reference(url) {
            self = .page(key, fragment: fragment)
        } else {
            self = .address(url)
        }
    }

    /// The form kept in a bound tree.
    var url: String {
        switch self {
        case .page(let key, let fragment): return key.description + (fragment.map { "#" + $0 } ?? "")
        case .anchor(let anchor): return "#" + anchor
        case .address(let address): return address
        }
    }
}
