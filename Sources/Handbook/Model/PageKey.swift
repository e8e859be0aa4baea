/// What a content page is, independent of language: the key that ties a translation to its source
/// and that cross-references name.
public enum PageKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// A best practice by ID, such as `2.10`.
    case practice(String)
    /// A section of the guide by number, such as `7.3.6.5`.
    case section(String)
    /// Any other page by ID, such as `about`.
    case page(String)

    /// The key a file stands for by its path in a language tree (`practices/2.10.md`), if any.
    public init?(relativePath: String) {
        let parts = relativePath.split(separator: "/")
        guard parts.count == 2, parts[1].hasSuffix(".md") else { return nil }
        let id = String(parts[1].dropLast(3))
        switch parts[0] {
        case "practices": self = .practice(id)
        case "sections": self = .section(id)
        case "pages": self = .page(id)
        default: return nil
        }
    }

    /// The folder that holds this kind of page in each language tree.
    public var folder: String {
        switch self {
        case .practice: return "practices"
        case .section: return "sections"
        case .page: return "pages"
        }
    }

    /// The ID, number or name without the kind.
    public var id: String {
        switch self {
        case .practice(let id), .section(let id), .page(let id): return id
        }
    }

    /// `bp:2.10`, `sec:7.3.6.5`, `page:about`: the form authors write.
    public var description: String {
        switch self {
        case .practice(let id): return "bp:\(id)"
        case .section(let id): return "sec:\(id)"
        case .page(let id): return "page:\(id)"
        }
    }

    /// The key and anchor of a cross-reference as authors write it (`bp:2.10`, `sec:7.3#anchor`,
    /// `page:about`); nil for any other address.
    public static func reference(_ url: String) -> (PageKey, fragment: String?)? {
        let schemes: [(String, (String) -> PageKey)] = [("bp:", PageKey.practice), ("sec:", PageKey.section), ("page:", PageKey.page)]
        for (scheme, make) in schemes where url.hasPrefix(scheme) {
            let parts = url.dropFirst(scheme.count).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            return (make(String(parts[0])), parts.count > 1 ? String(parts[1]) : nil)
        }
        return nil
    }

    /// Practices, then sections, then pages; IDs in numeric order (`2.9` before `2.10`).
    public static func < (a: PageKey, b: PageKey) -> Bool {
        if a.rank != b.rank { return a.rank < b.rank }
        return NumberOrder.less(a.id, b.id)
    }

    private var rank: Int {
        switch self {
        case .practice: return 0
        case .section: return 1
        case .page: return 2
        }
    }
}

/// Orders dotted numbers part by part (`7.3.10` after `7.3.9`), falling back to text.
public enum NumberOrder {
    /// Whether `a` sorts before `b`.
    /// Sorting thousands of pages calls this millions of times, so the parts are walked in place
    /// (as `split(separator: ".")` would give them: empty parts skipped) instead of split into arrays.
    public static func less(_ a: String, _ b: String) -> Bool {
        var x = Parts(a), y = Parts(b)
        while true {
            switch (x.next(), y.next()) {
            case (let p?, let q?):
                guard !p.elementsEqual(q) else { continue }
                let (sp, sq) = (Substring(p), Substring(q))
                if let ip = Int(sp), let iq = Int(sq) { return ip < iq }
                return sp < sq
            case (nil, nil): return a < b
            case (nil, _?): return true
            case (_?, nil): return false
            }
        }
    }

    /// The non-empty dot-separated parts of a string, one after another.
    private struct Parts {
        let utf8: String.UTF8View
        var index: String.Index

        init(_ text: String) {
            utf8 = text.utf8
            index = utf8.startIndex
        }

        mutating func next() -> Substring.UTF8View? {
            while index < utf8.endIndex, utf8[index] == UInt8(ascii: ".") { index = utf8.index(after: index) }
            guard index < utf8.endIndex else { return nil }
            let end = utf8[index...].firstIndex(of: UInt8(ascii: ".")) ?? utf8.endIndex
            defer { index = end }
            return utf8[index..<end]
        }
    }
}
