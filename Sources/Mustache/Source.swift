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
        let column = text(lineStarts[low]..<offset).count + 1
        return Location(line: low + 1, column: column)
    }

    /// An error about this template at the byte `offset`.
    func error(_ reason: TemplateError.Reason, at offset: Int) -> TemplateError {
        TemplateError(templateName: name, location: location(of: offset), reason: reason)
    }
}
