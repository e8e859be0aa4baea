/// HTML and URL escaping with the same rules as cmark-gfm, so rendered output matches it byte for byte.
public enum HTMLEscaping {
    /// Escapes `&`, `<`, `>` and `"` for text and attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        appendEscaped(text, to: &out)
        return out
    }

    /// Appends `text` to `out` with `&`, `<`, `>` and `"` escaped.
    public static func appendEscaped(_ text: String, to out: inout String) {
        var start = text.utf8.startIndex
        var index = start
        let utf8 = text.utf8
        while index != utf8.endIndex {
            let replacement: String?
            switch utf8[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            default: replacement = nil
            }
            if let replacement {
                out += Substring(utf8[start..<index])
                out += replacement
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        out += Substring(utf8[start..<utf8.endIndex])
    }

    /// Percent-encodes a URL for an `href`/`src` attribute as cmark's houdini does.
    public static func escapeHref(_ url: String) -> String {
        var out = ""
        out.reserveCapacity(url.utf8.count)
        for byte in url.utf8 {
            if byte < 0x80 && hrefSafe[Int(byte)] {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else if byte == UInt8(ascii: "&") {
                out += "&amp;"
            } else if byte == UInt8(ascii: "'") {
                out += "&#x27;"
            } else {
                out += "%"
                out += hexDigits[Int(byte >> 4)]
                out += hexDigits[Int(byte & 0x0F)]
            }
        }
        return out
    }

    /// Whether a URL uses a scheme that can run script or read local files
    /// (`javascript:`, `vbscript:`, `file:`, and `data:` other than common image types).
    public static func isDangerousURL(_ url: String) -> Bool {
        let lower = url.lowercased()
        if lower.hasPrefix("javascript:") || lower.hasPrefix("vbscript:") || lower.hasPrefix("file:") {
            return true
        }
        if lower.hasPrefix("data:") {
            let safeImages = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
            return !safeImages.contains { lower.hasPrefix($0) }
        }
        return false
    }

    private static let hexDigits = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]

    private static let hrefSafe: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        let safe = "!#$%()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
        for byte in safe.utf8 { table[Int(byte)] = true }
        return table
    }()
}
