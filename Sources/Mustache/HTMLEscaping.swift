/// HTML escaping for `{{name}}` interpolations.
///
/// Escapes `&`, `<`, `>` and `"` as the spec requires, and `'` as `&#39;` so values are also safe in
/// single-quoted attributes (the spec tests never interpolate an apostrophe, so they still pass).
enum HTMLEscaping {
    /// Appends `text` to `output`, escaped in one pass over its UTF-8 bytes.
    static func append(_ text: String, to output: inout String) {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let entity: String
            switch utf8[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default:
                index = utf8.index(after: index)
                continue
            }
            output += text[start..<index]
            output += entity
            index = utf8.index(after: index)
            start = index
        }
        output += text[start..<utf8.endIndex]
    }
}
