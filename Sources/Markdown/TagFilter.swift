/// GFM's tagfilter: when raw HTML is allowed, tags that could take over the page are neutralised.
enum TagFilter {
    private static let names = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]

    /// Replaces the `<` of every filtered tag in a block of raw HTML with `&lt;`.
    static func filter(_ html: String) -> String {
        var out = ""
        var rest = Substring(html)
        while let lt = rest.firstIndex(of: "<") {
            out += rest[..<lt]
            let tail = rest[lt...]
            out += isFiltered(tail) ? "&lt;" : "<"
            rest = tail.dropFirst()
        }
        out += rest
        return out
    }

    /// An inline HTML node holds one tag, so only its first `<` can need filtering.
    static func filterInline(_ html: String) -> String {
        isFiltered(Substring(html)) ? "&lt;" + html.dropFirst() : html
    }

    private static func isFiltered(_ tag: Substring) -> Bool {
        var body = tag.dropFirst()
        if body.first == "/" { body = body.dropFirst() }
        for name in names where body.count >= name.count {
            let candidate = body.prefix(name.count)
            guard candidate.lowercased() == name else { continue }
            let after = body.dropFirst(name.count).first
            if after == nil || after == ">" || after == "/" || after!.isWhitespace { return true }
        }
        return false
    }
}
