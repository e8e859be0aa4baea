extension String {
    /// The text's lines, split at each line feed: what Foundation's `components(separatedBy: "\n")`
    /// gives (a line feed after a carriage return is one character with it, so it splits nothing),
    /// found by scanning bytes rather than by Foundation's string search.
    func lines() -> [String] {
        var lines: [String] = []
        var start = utf8.startIndex
        var previous: UInt8 = 0
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x0A, previous != 0x0D {
                lines.append(String(self[start..<index]))
                start = utf8.index(after: index)
            }
            previous = byte
            index = utf8.index(after: index)
        }
        lines.append(String(self[start...]))
        return lines
    }
}
