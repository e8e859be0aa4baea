import Foundation

/// Sets and removes top-level scalar keys in a file's front matter, leaving every other line (and
/// the file's line ends) exactly as the translator wrote it.
struct FrontMatterEditor {
    private var lines: [String]
    private let close: Int
    private let carriageReturn: String

    /// Reads the front matter of `text`; nil when the text does not start with one.
    init?(_ text: String) {
        lines = text.lines()
        guard lines.first?.trimmingCharacters(in: .whitespacesAndNewlines) == "---",
            let close = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "---" })
        else { return nil }
        self.close = close
        carriageReturn = lines[0].hasSuffix("\r") ? "\r" : ""
    }

    /// Sets `key` to the quoted `value`, in place when it is there, else as the last field.
    mutating func set(_ key: String, _ value: String) {
        let line = "\(key): \"\(value)\"\(carriageReturn)"
        if let existing = index(of: key) { lines[existing] = line } else { lines.insert(line, at: currentClose) }
    }

    /// Removes `key` when it is there.
    mutating func remove(_ key: String) {
        if let existing = index(of: key) { lines.remove(at: existing) }
    }

    /// The edited text.
    var text: String { lines.joined(separator: "\n") }

    private var currentClose: Int {
        lines.dropFirst().firstIndex { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "---" } ?? close
    }

    private func index(of key: String) -> Int? {
        lines[1..<currentClose].firstIndex { $0.hasPrefix(key + ":") }
    }
}
