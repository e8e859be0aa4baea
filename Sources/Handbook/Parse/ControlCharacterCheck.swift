/// Refuses control characters in YAML text. libyaml lets escapes such as `"\x01"` or `"\x7f"`
/// through, and the templates would write them raw into `<title>` and `<h1>`, where browsers and
/// screen readers show or announce garbage. Tab and line feed are ordinary text.
enum ControlCharacterCheck {
    /// Reports every key and scalar under `node` that holds a C0 or C1 control character (or DEL)
    /// other than tab and line feed, at the scalar's position (`lineOffset` lines into the file).
    static func report(_ node: YAMLNode, path: String, lineOffset: Int, to diagnostics: DiagnosticEngine) {
        switch node.value {
        case .scalar(let text, _):
            guard let bad = text.unicodeScalars.first(where: isForbidden) else { return }
            diagnostics.error(
                .controlCharacter, "the text holds the control character \(name(bad))",
                at: SourceLocation(path: path, line: node.line + lineOffset, column: node.column),
                notes: [Diagnostic.Note("remove the escape that produces it; it would be written raw into the pages")])
        case .sequence(let items):
            for item in items { report(item, path: path, lineOffset: lineOffset, to: diagnostics) }
        case .mapping(let pairs):
            for pair in pairs {
                report(pair.key, path: path, lineOffset: lineOffset, to: diagnostics)
                report(pair.value, path: path, lineOffset: lineOffset, to: diagnostics)
            }
        }
    }

    /// C0 controls but tab and line feed, DEL, and the C1 controls.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }

    /// `U+0001`: how a message names a character that cannot be shown.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
