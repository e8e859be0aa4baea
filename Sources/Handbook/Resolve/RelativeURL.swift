/// Relative links between files of the output, so the site works from file:// and any sub-path.
public enum RelativeURL {
    /// The link from the file at `from` to the file at `to`, both paths below the output root
    /// (`en/practices/1.1.html` → `en/sections/16.1.html` gives `../sections/16.1.html`).
    public static func from(_ from: String, to: String) -> String {
        var fromParts = from.split(separator: "/").dropLast().map(String.init)
        var toParts = to.split(separator: "/").map(String.init)
        while let a = fromParts.first, let b = toParts.first, toParts.count > 1, a == b {
            fromParts.removeFirst()
            toParts.removeFirst()
        }
        return String(repeating: "../", count: fromParts.count) + toParts.joined(separator: "/")
    }

    /// The prefix that leads from the file at `path` back to the output root (`""` or `../../`).
    public static func root(from path: String) -> String {
        String(repeating: "../", count: max(0, path.split(separator: "/").count - 1))
    }

    /// The file a relative link points at, given the path of the file it is in
    /// (`../sections/16.1.html` from `en/practices/1.1.html` is `en/sections/16.1.html`).
    public static func resolve(_ relative: String, from page: String) -> String {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in relative.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }
}
