/// Relative links between files of the output, so the site works from file:// and any sub-path.
public enum RelativeURL {
    /// The link from the file at `from` to the file at `to`, both paths below the output root
    /// (`en/practices/1.1.html` → `en/sections/16.1.html` gives `../sections/16.1.html`).
    public static func from(_ from: OutputPath, to: OutputPath) -> String {
        // Byte by byte, since pages make hundreds of these: the shared folders end at the last `/`
        // both paths have in the same place; each `/` of `from` after that is one folder up.
        let a = from.rawValue.utf8, b = to.rawValue.utf8
        var i = a.startIndex, j = b.startIndex
        var sharedA = i, sharedB = j
        while i < a.endIndex, j < b.endIndex, a[i] == b[j] {
            if a[i] == 0x2F {
                sharedA = a.index(after: i)
                sharedB = b.index(after: j)
            }
            i = a.index(after: i)
            j = b.index(after: j)
        }
        let ups = a[sharedA...].reduce(0) { $1 == 0x2F ? $0 + 1 : $0 }
        return String(repeating: "../", count: ups) + to.rawValue[sharedB...]
    }

    /// The prefix that leads from the file at `path` back to the output root (`""` or `../../`).
    public static func root(from path: OutputPath) -> String {
        String(repeating: "../", count: max(0, path.rawValue.split(separator: "/").count - 1))
    }

    /// The file a relative link points at, given the path of the file it is in
    /// (`../sections/16.1.html` from `en/practices/1.1.html` is `en/sections/16.1.html`).
    public static func resolve(_ relative: String, from page: OutputPath) -> OutputPath {
        var parts = page.rawValue.split(separator: "/").dropLast().map(String.init)
        for part in relative.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
        }
        return OutputPath(parts.joined(separator: "/"))
    }
}
