/// Writes values as JavaScript (JSON) literals for the index files, with no variation: keys in the
/// order given, UTF-8 text as it is, only what must be escaped escaped.
enum JavaScriptLiteral {
    /// `text` as a double-quoted string literal.
    static func string(_ text: String) -> String {
        var out: [UInt8] = [0x22]
        out.reserveCapacity(text.utf8.count + 2)
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            switch byte {
            case 0x22: out += [0x5C, 0x22]  // "
            case 0x5C: out += [0x5C, 0x5C]  // \
            case 0x0A: out += [0x5C, 0x6E]  // \n
            case 0x09: out += [0x5C, 0x74]  // \t
            case 0x0D: out += [0x5C, 0x72]  // \r
            case 0x00..<0x20:
                let hex = Array(String(byte, radix: 16).utf8)
                out += Array("\\u00".utf8) + (hex.count == 1 ? [0x30] : []) + hex
            case 0xE2:
                // U+2028 and U+2029 end a line in older JavaScript: E2 80 A8 and E2 80 A9.
                guard let second = bytes.next() else { out.append(byte); continue }
                guard let third = bytes.next() else { out += [byte, second]; continue }
                if second == 0x80 && (third == 0xA8 || third == 0xA9) {
                    out += Array((third == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                } else {
                    out += [byte, second, third]  // a three-byte character; the other two cannot be E2
                }
            default:
                out.append(byte)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    /// An array of already written literals.
    static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }

    /// An object of already written literals, keys in the order given.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// The statement an index file consists of: `HandbookSearch.register("name", data);`.
    static func registration(_ name: String, _ data: String) -> String {
        "HandbookSearch.register(\(string(name)), \(data));\n"
    }
}
