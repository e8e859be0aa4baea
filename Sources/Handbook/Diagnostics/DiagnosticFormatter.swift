/// Prints diagnostics the way compilers do, so editors and terminals can jump to them:
/// `content/en/practices/1.1.md:14:9: error: unknown section "7.4.7.8" [broken-link]`
/// followed by indented notes and a one-line count.
public struct DiagnosticFormatter: Sendable {
    /// Creates a formatter.
    public init() {}

    /// One diagnostic with its notes, each line ending in a newline.
    public func format(_ diagnostic: Diagnostic) -> String {
        var out = "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]\n"
        for note in diagnostic.notes {
            if let location = note.location {
                out += "    \(location): note: \(note.message)\n"
            } else {
                out += "    note: \(note.message)\n"
            }
        }
        return out
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
