import Foundation
import XCTest

/// A project folder in the temporary directory, filled from inline files, removed on `deinit`.
///
/// Files are written in txtar style (as in Hugo's tests): `-- content/en/a.md --` starts a file.
public final class TemporaryProject {
    /// The project root.
    public let root: URL

    /// The repository root, found from this source file, for the real templates and content.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `handbook` executable built with these tests: beside the running test bundle, in the same
    /// build folder and configuration (`swift test` builds both; bin/test builds them optimised).
    public static let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("handbook")

    /// Creates an empty project folder.
    public init() {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("handbook-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Creates a project from txtar-style text, with the repository's templates unless the text has its own.
    public convenience init(files archive: String, withRepositoryTemplates: Bool = true) {
        self.init()
        write(archive)
        if withRepositoryTemplates && !FileManager.default.fileExists(atPath: root.appendingPathComponent("templates").path) {
            useRepositoryTemplates()
        }
    }

    /// Copies the repository's templates into `folder` (the project root by default) and inherits the
    /// repository's strings (`inheritRepositoryStrings`). Call it after the content is in place.
    public func useRepositoryTemplates(in folder: String = "") {
        let prefix = folder.isEmpty ? "" : folder + "/"
        copy(TemporaryProject.repositoryRoot.appendingPathComponent("templates"), to: prefix + "templates")
        inheritRepositoryStrings(in: folder)
    }

    /// The first line of a translation's `strings.yaml` that asks for the repository's strings of its language.
    public static let inheritMarker = "# inherit: repository"

    /// Gives the content in `folder` every UI string its `strings.yaml` does not define, from the
    /// repository's file of the same language: English always, a translation when its file starts
    /// with `inheritMarker` (without it, a translation's missing strings are what the test is about).
    /// A test's content keeps only the strings it is about, and a string added to the templates
    /// needs no edit of every fixture.
    public func inheritRepositoryStrings(in folder: String = "") {
        let content = root.appendingPathComponent(folder.isEmpty ? "content" : folder + "/content")
        let languages = (try? FileManager.default.contentsOfDirectory(atPath: content.path)) ?? []
        for language in languages.sorted() {
            let path = content.appendingPathComponent(language).appendingPathComponent("strings.yaml")
            // Bytes, not text: a fixture may hold bytes that are not UTF-8 on purpose.
            guard let own = FileManager.default.contents(atPath: path.path) else { continue }
            if language != "en" && !own.starts(with: Array((Self.inheritMarker + "\n").utf8)) { continue }
            inheritStrings(at: path, own: own, language: language)
        }
    }

    private func inheritStrings(at path: URL, own: Data, language: String) {
        let repository = TemporaryProject.repositoryRoot.appendingPathComponent("content/\(language)/strings.yaml")
        guard let shared = try? String(contentsOf: repository, encoding: .utf8) else { return }
        let defined = Set(String(decoding: own, as: UTF8.self).split(separator: "\n").compactMap(Self.topLevelKey))
        var added = ""
        var comments = ""
        var copying = false
        for line in shared.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                comments += line + "\n"
                continue
            }
            if let key = Self.topLevelKey(line) {
                copying = !defined.contains(key)
                if copying { added += comments + line + "\n" }
            } else if copying, line.hasPrefix(" ") {
                added += line + "\n"
            }
            comments = ""
        }
        guard !added.isEmpty else { return }
        let separator = own.isEmpty || own.last == UInt8(ascii: "\n") ? "" : "\n"
        try? (own + Data((separator + added).utf8)).write(to: path, options: .atomic)
    }

    /// `key` of a line `key: value` or `key:` at the top level of a YAML mapping.
    private static func topLevelKey(_ line: Substring) -> String? {
        guard let first = line.first, first.isLetter || first == "_", let colon = line.firstIndex(of: ":") else { return nil }
        let key = line[..<colon]
        return key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? String(key) : nil
    }

    /// Writes every file of a txtar-style archive.
    public func write(_ archive: String) {
        var path: String?
        var lines: [String] = []
        func flush() {
            if lines.last == "" { lines.removeLast() }
            if let path { write(path, lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")) }
            lines = []
        }
        for line in archive.components(separatedBy: "\n") {
            if line.hasPrefix("-- ") && line.hasSuffix(" --") {
                flush()
                path = String(line.dropFirst(3).dropLast(3))
            } else if path != nil {
                lines.append(line)
            }
        }
        flush()
    }

    /// Writes one file, creating folders.
    public func write(_ path: String, _ text: String) {
        write(path, bytes: Array(text.utf8))
    }

    /// Writes one file from bytes.
    public func write(_ path: String, bytes: [UInt8]) {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
    }

    /// Copies a folder into the project.
    public func copy(_ source: URL, to path: String) {
        let target = root.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: source, to: target)
    }

    /// Every file below `path` with its bytes, keyed by path relative to it.
    public func files(under path: String) -> [String: [UInt8]] {
        TemporaryProject.files(in: root.appendingPathComponent(path))
    }

    /// Every file below a folder with its bytes, keyed by relative path.
    public static func files(in folder: URL) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        let base = folder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return out }
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = base + "/" + relative
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: full)
            {
                out[relative] = [UInt8](data)
            }
        }
        return out
    }
}
