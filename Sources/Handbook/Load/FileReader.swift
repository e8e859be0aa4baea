import Foundation

/// Reads text files for the loader: UTF-8 only, a byte-order mark dropped, CRLF and CR made `\n`.
enum FileReader {
    /// Largest content file accepted; anything bigger is almost certainly a mistake (a pasted binary).
    static let maximumSize = 4 * 1024 * 1024

    enum Failure: Error {
        case unreadable(String)
        case tooLarge(Int)
        case invalidUTF8(line: Int, column: Int)
    }

    /// The file's text and the hash of its bytes.
    static func read(_ url: URL) throws(Failure) -> (text: String, hash: String) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable((error as NSError).localizedDescription)
        }
        if data.count > maximumSize { throw .tooLarge(data.count) }
        var bytes = [UInt8](data)
        let hash = SHA256.hex(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validatingUTF8Bytes: bytes) else {
            let (line, column) = firstInvalidUTF8(bytes)
            throw .invalidUTF8(line: line, column: column)
        }
        return (normalizeLineEnds(text), hash)
    }

    static func normalizeLineEnds(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// Line and code-point column of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (line, column)
            }
            guard index + length <= bytes.count,
                String(validatingUTF8Bytes: Array(bytes[index..<index + length])) != nil
            else { return (line, column) }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return (line, column)
    }
}

extension String {
    /// Decodes UTF-8, failing (rather than repairing) on any invalid sequence.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        self = text
    }
}
