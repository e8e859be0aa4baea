import Foundation

/// Marks translations as current after review: writes the hash of the English source into the
/// translation's `source_hash`, so the status no longer reports it as outdated.
public struct TranslationMarker {
    private let paths: ProjectPaths

    /// Creates a marker for the project at `paths`.
    public init(paths: ProjectPaths) {
        self.paths = paths
    }

    /// Why a translation could not be marked.
    public struct Failure: Error, Equatable {
        /// The translation's path as given.
        public var path: String
        /// What is wrong.
        public var message: String
    }

    /// Updates the translation at `path` (such as `content/zh-Hant/practices/1.1.md`); returns the hash written.
    @discardableResult
    public func markCurrent(_ path: String) throws(Failure) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : paths.root.appendingPathComponent(path)
        let relative = url.standardizedFileURL.path.replacingOccurrences(of: paths.content.path + "/", with: "")
        let parts = relative.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, !relative.hasPrefix("/") else {
            throw Failure(path: path, message: "not a file inside \(paths.display(paths.content))/")
        }
        let source = paths.content.appendingPathComponent("en").appendingPathComponent(parts[1])
        guard parts[0] != "en" else { throw Failure(path: path, message: "this is an English source, not a translation") }
        guard let sourceBytes = FileManager.default.contents(atPath: source.path) else {
            throw Failure(path: path, message: "no English source at \(paths.display(source))")
        }
        guard let data = FileManager.default.contents(atPath: url.path), var text = String(data: data, encoding: .utf8) else {
            throw Failure(path: path, message: "cannot read the translation")
        }
        let hash = SHA256.hex([UInt8](sourceBytes))
        var lines = text.components(separatedBy: "\n")
        guard lines.first?.trimmingCharacters(in: .whitespacesAndNewlines) == "---",
            let close = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "---" })
        else { throw Failure(path: path, message: "the translation has no front matter") }
        let newline = lines[0].hasSuffix("\r") ? "\r" : ""
        if let existing = lines[1..<close].firstIndex(where: { $0.hasPrefix("source_hash:") }) {
            lines[existing] = "source_hash: \(hash)\(newline)"
        } else {
            lines.insert("source_hash: \(hash)\(newline)", at: close)
        }
        text = lines.joined(separator: "\n")
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw Failure(path: path, message: "cannot write the translation: \((error as NSError).localizedDescription)")
        }
        return hash
    }
}
