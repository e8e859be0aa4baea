import Foundation

extension BuildCache {
    /// One build as the cache keeps it: what it read, what it wrote and what it reported. Written as
    /// tab-separated lines ending with a fingerprint of all of them, so a truncated, edited or foreign
    /// file is recognised and ignored.
    struct Trace: Equatable {
        /// An input file: its stamp when the build began, the fingerprint of its bytes, and whether
        /// the stamp was too recent to vouch for the bytes.
        struct Input: Equatable {
            var stamp: FileCache.Stamp
            var fingerprint: String
            var racy: Bool
        }

        var key: String
        /// Inputs by `c/` (content) or `t/` (templates) and their path in that folder.
        var inputs: [String: Input]
        /// Every file of the output folder after the build, by path.
        var outputs: [String: FileCache.Stamp]
        /// The files the build listed (its `Result.files`).
        var listing: [String]
        var diagnostics: [Diagnostic]

        static let header = "handbook build cache 1"

        /// Why a trace could not be read.
        struct Unreadable: Error {
            var text: String
        }

        func encoded() -> [UInt8] {
            var lines = [Self.header, "key\t" + Self.escape(key)]
            for (path, input) in inputs.sorted(by: { $0.key < $1.key }) {
                lines.append("in\t\(Self.escape(path))\t\(Self.fields(input.stamp))\t\(input.fingerprint)\t\(input.racy ? 1 : 0)")
            }
            for (path, stamp) in outputs.sorted(by: { $0.key < $1.key }) {
                lines.append("out\t\(Self.escape(path))\t\(Self.fields(stamp))")
            }
            for path in listing { lines.append("file\t" + Self.escape(path)) }
            for diagnostic in diagnostics {
                lines.append(
                    "diag\t\(diagnostic.severity.rawValue)\t\(diagnostic.code.rawValue)\t\(Self.fields(diagnostic.location))\t\(Self.escape(diagnostic.message))")
                for note in diagnostic.notes {
                    let location = note.location.map { "1\t" + Self.fields($0) } ?? "0\t\t0\t0"
                    lines.append("note\t\(location)\t\(Self.escape(note.message))")
                }
            }
            let body = lines.map { $0 + "\n" }.joined()
            return Array((body + "end\t" + ContentFingerprint.hex(Array(body.utf8)) + "\n").utf8)
        }

        static func decode(_ bytes: [UInt8]) -> Result<Trace, Unreadable> {
            guard let text = String(validating: bytes, as: UTF8.self), text.hasPrefix(header + "\n") else {
                return .failure(Unreadable(text: "it was not written by this version of handbook"))
            }
            guard let end = text.range(of: "end\t", options: .backwards),
                text[end.upperBound...] == ContentFingerprint.hex(Array(text[..<end.lowerBound].utf8)) + "\n"
            else { return .failure(Unreadable(text: "it is damaged (its checksum does not match)")) }
            var trace = Trace(key: "", inputs: [:], outputs: [:], listing: [], diagnostics: [])
            let damaged = Unreadable(text: "it is damaged (a line cannot be read)")
            for line in text[..<end.lowerBound].split(separator: "\n").dropFirst() {
                let field = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                switch (field.first, field.count) {
                case ("key", 2): trace.key = unescape(field[1])
                case ("in", 9):
                    guard let stamp = stamp(field[2...6]) else { return .failure(damaged) }
                    trace.inputs[unescape(field[1])] = Input(stamp: stamp, fingerprint: field[7], racy: field[8] == "1")
                case ("out", 7):
                    guard let stamp = stamp(field[2...6]) else { return .failure(damaged) }
                    trace.outputs[unescape(field[1])] = stamp
                case ("file", 2): trace.listing.append(unescape(field[1]))
                case ("diag", 7):
                    guard let severity = Diagnostic.Severity(rawValue: field[1]), let code = DiagnosticCode(rawValue: field[2]),
                        let location = location(field[3...5])
                    else { return .failure(damaged) }
                    trace.diagnostics.append(Diagnostic(severity, code, unescape(field[6]), at: location))
                case ("note", 6):
                    guard !trace.diagnostics.isEmpty, let location = location(field[2...4]) else { return .failure(damaged) }
                    trace.diagnostics[trace.diagnostics.count - 1].notes.append(
                        Diagnostic.Note(unescape(field[5]), at: field[1] == "1" ? location : nil))
                default: return .failure(damaged)
                }
            }
            return .success(trace)
        }

        private static func fields(_ stamp: FileCache.Stamp) -> String {
            "\(stamp.device)\t\(stamp.inode)\t\(stamp.size)\t\(stamp.modified)\t\(stamp.changed)"
        }

        private static func fields(_ location: SourceLocation) -> String {
            "\(escape(location.path))\t\(location.line)\t\(location.column)"
        }

        private static func stamp(_ field: ArraySlice<String>) -> FileCache.Stamp? {
            let values = field.compactMap { Int64($0) }
            guard values.count == 5 else { return nil }
            return FileCache.Stamp(device: UInt64(bitPattern: values[0]), inode: UInt64(bitPattern: values[1]),
                                   size: values[2], modified: values[3], changed: values[4])
        }

        private static func location(_ field: ArraySlice<String>) -> SourceLocation? {
            let parts = Array(field)
            guard let line = Int(parts[1]), let column = Int(parts[2]) else { return nil }
            return SourceLocation(path: unescape(parts[0]), line: line, column: column)
        }

        /// Tabs, line breaks and backslashes written as `\t`, `\n`, `\\`.
        static func escape(_ text: String) -> String {
            guard text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\\" || $0 == "\r" }) else { return text }
            var out = ""
            for character in text.unicodeScalars {
                switch character {
                case "\t": out += "\\t"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\\": out += "\\\\"
                default: out.unicodeScalars.append(character)
                }
            }
            return out
        }

        static func unescape(_ text: String) -> String {
            guard text.contains("\\") else { return text }
            var out = ""
            var escaped = false
            for character in text.unicodeScalars {
                if escaped {
                    switch character {
                    case "t": out += "\t"
                    case "n": out += "\n"
                    case "r": out += "\r"
                    default: out.unicodeScalars.append(character)
                    }
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    out.unicodeScalars.append(character)
                }
            }
            return out
        }
    }
}
