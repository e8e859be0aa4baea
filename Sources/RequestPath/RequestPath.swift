/// Turns the path of an HTTP request, exactly as the client sent it (still percent-encoded), into a
/// path relative to the served folder, or refuses it. Pure and total, so it can be fuzzed: whatever
/// the bytes, the answer is either a refusal or a path made only of plain names (no `.` or `..`, no
/// empty part, no `/`, `\` or control character inside a name, valid UTF-8), which cannot leave the
/// folder however it is joined to it. Symlinks are the server's concern, not this module's.
public enum RequestPath {
    /// What a request path names.
    public enum Target: Equatable, Sendable {
        /// A file: the names from the folder down, joined by `/` (never empty).
        case file(String)
        /// A folder, by a URL ending in `/`: its names joined by `/`, empty for the root.
        case directory(String)
    }

    /// Why a path was refused; every refusal is a 400 (bad request).
    public enum Refusal: Error, Equatable, Sendable {
        /// The path does not start with `/` (an absolute URL, `*`, or nothing).
        case notAbsolutePath
        /// A `%` not followed by two hex digits.
        case badEscape
        /// A name is `.` or `..`, or empty (`//`).
        case dotOrEmptyName
        /// A name holds a `/` or `\` (written as `%2f`/`%5c`), a NUL or another control character.
        case forbiddenCharacter
        /// The decoded bytes are not UTF-8.
        case notUTF8
        /// Longer than `maximumLength` bytes.
        case tooLong
    }

    /// Paths longer than this are refused before decoding.
    public static let maximumLength = 2048

    /// Normalises `raw`, the request target without its query (`?` and after are ignored if present).
    public static func normalise(_ raw: [UInt8]) -> Result<Target, Refusal> {
        var bytes = raw[...]
        if let question = bytes.firstIndex(of: UInt8(ascii: "?")) { bytes = bytes[..<question] }
        guard bytes.count <= maximumLength else { return .failure(.tooLong) }
        guard bytes.first == UInt8(ascii: "/") else { return .failure(.notAbsolutePath) }
        let parts = bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        var names: [String] = []
        for (index, part) in parts.enumerated() {
            // A trailing `/` leaves one empty last part: the URL names a folder.
            if part.isEmpty && index == parts.count - 1 { continue }
            switch name(part) {
            case .success(let name): names.append(name)
            case .failure(let refusal): return .failure(refusal)
            }
        }
        let joined = names.joined(separator: "/")
        if bytes.last == UInt8(ascii: "/") { return .success(.directory(joined)) }
        return .success(.file(joined))
    }

    /// Percent-encodes `target` back into a request path that normalises to it.
    public static func encode(_ target: Target) -> String {
        let (path, folder): (String, Bool)
        switch target {
        case .file(let value): (path, folder) = (value, false)
        case .directory(let value): (path, folder) = (value, true)
        }
        var out = "/"
        for byte in path.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        if folder && !path.isEmpty { out += "/" }
        return out
    }

    /// Decodes one name and checks it.
    private static func name(_ part: ArraySlice<UInt8>) -> Result<String, Refusal> {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(part.count)
        var index = part.startIndex
        while index < part.endIndex {
            let byte = part[index]
            if byte == UInt8(ascii: "%") {
                guard part.endIndex - index >= 3,
                      let high = hexValue(part[index + 1]), let low = hexValue(part[index + 2])
                else { return .failure(.badEscape) }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        if decoded.isEmpty || decoded == [0x2E] || decoded == [0x2E, 0x2E] { return .failure(.dotOrEmptyName) }
        for byte in decoded where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") {
            return .failure(.forbiddenCharacter)
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { return .failure(.notUTF8) }
        return .success(text)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
