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

    /// Writes the errors, then the warnings (none when `quiet`), each group in the order given, then a
    /// summary line counted by code, such as `3 errors (2 broken-link, 1 yaml-syntax), 1 warning (1 link-text)`
    /// (nothing when there are no diagnostics). Errors come first so that warnings never bury them.
    /// Writes `diagnostics`, errors first, and a summary counted by code. `shown`, when given, picks
    /// the warnings printed (watch repeats only those of the files just changed); the summary still
    /// counts every one, so that it says what `check` says.
    public func write<Stream: TextOutputStream>(
        _ diagnostics: [Diagnostic], quiet: Bool = false, shown: ((Diagnostic) -> Bool)? = nil, to stream: inout Stream
    ) {
        guard !diagnostics.isEmpty else { return }
        let errors = diagnostics.filter { $0.severity == .error }
        let warnings = diagnostics.filter { $0.severity == .warning }
        let printed = quiet ? [] : warnings.filter { shown?($0) ?? true }
        for diagnostic in errors { stream.write(format(diagnostic)) }
        for diagnostic in printed { stream.write(format(diagnostic)) }
        var summary = "\(plural(errors.count, "error"))\(Self.byCode(errors)), \(plural(warnings.count, "warning"))"
        if quiet && !warnings.isEmpty {
            summary += " (not shown: --quiet)"
        } else {
            summary += Self.byCode(warnings)
            if printed.count < warnings.count { summary += " (\(warnings.count - printed.count) of unchanged files not repeated)" }
        }
        stream.write(summary + "\n")
    }

    /// ` (2 broken-link, 1 yaml-syntax)`: counts by code, the most frequent first; empty for none.
    static func byCode(_ diagnostics: [Diagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "" }
        let counts = Dictionary(grouping: diagnostics, by: \.code).mapValues(\.count)
        let ordered = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        return " (" + ordered.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + ")"
    }

    private func plural(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }
}
