/// A template's name and UTF-8 bytes, with the offsets of its lines for turning offsets into locations.
struct Source {
    /// The name the template was registered under, used in error messages.
    let name: String
    /// The template text as UTF-8; scanning works on bytes so delimiters match in a single pass.
    let bytes: [UInt8]
    private let lineStarts: [Int]

    /// Reads `text` and indexes where each of its lines starts.
    init(name: String, text: String) {
        self.name = name
        bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    /// The text of `range` as a string.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The last location worked out, so that the next one on the same line counts on from there:
    /// the parser asks in increasing order, and counting from the line start each time made a line of
    /// 50,000 tags quadratic.
    private final class Cursor {
        var offset = 0
        var line = -1
        var column = 1
    }
    private let cursor = Cursor()

    /// The line and column of the byte at `offset`; the column counts Characters from the line start.
    func location(of offset: Int) -> Location {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        var column: Int
        let last = cursor.offset
        // Counting on from `last` gives the same count only where a Character ends there, which is
        // certain between two ASCII bytes other than CR LF.
        if cursor.line == low, last > lineStarts[low], last <= offset, last < bytes.count,
            bytes[last - 1] < 0x80, bytes[last] < 0x80, !(bytes[last - 1] == 0x0D && bytes[last] == 0x0A)
        {
            column = cursor.column + text(last..<offset).count
        } else {
            column = text(lineStarts[low]..<offset).count + 1
        }
        cursor.offset = offset
        cursor.line = low
        cursor.column = column
        return Location(line: low + 1, column: column)
    }

    /// An error about this template at the byte `offset`.
    func error(_ reason: TemplateError.Reason, at offset: Int) -> TemplateError {
        TemplateError(templateName: name, location: location(of: offset), reason: reason)
    }
}
