/// Prints diagnostics the way compilers do, so editors and terminals can jump to them:
/// `content/en/practices/1.1.md:14:9: error: unknown section "7.4.7.8" [broken-link]`
/// followed by indented notes and a one-line count.
public struct DiagnosticFormatter: Sendable {
    /// Creates a formatter.
    public init() {}

    /// One diagnostic with its notes, each line ending in a newline.
    public func format(_ diagnostic: Diagnostic) -> String {
        let location = Self.escaped(diagnostic.location.description)
        var out = "\(location): \(diagnostic.severity.rawValue): \(Self.escaped(diagnostic.message)) [\(diagnostic.code)]\n"
        for note in diagnostic.notes {
            if let location = note.location {
                out += "    \(Self.escaped(location.description)): note: \(Self.escaped(note.message))\n"
            } else {
                out += "    note: \(Self.escaped(note.message))\n"
            }
        }
        return out
    }

    /// `text` with control characters written as escapes (`\t`, `\n`, `\u{1B}`): file names and
    /// values are quoted in messages, and a raw ESC would let them drive the user's terminal, a raw
    /// line feed would forge a diagnostic line.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where needsEscape(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 and C1 controls, DEL, and the bidirectional overrides that reorder what a terminal shows.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Writes every diagnostic, then a summary line such as `2 errors, 1 warning` (nothing when empty).
    public func write<Stream: TextOutputStream>(_ diagnostics: [Diagnostic], to stream: inout Stream) {
        for diagnostic in diagnostics { stream.write(format(diagnostic)) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        guard !diagnostics.isEmpty else { return }
        stream.write("\(plural(errors, "error")), \(plural(warnings, "warning"))\n")
    }

    private func plural(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }
}
