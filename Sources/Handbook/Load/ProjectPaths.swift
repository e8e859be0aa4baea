import Foundation

/// Where a run reads and writes: the project root and the three folders, as given on the command line.
public struct ProjectPaths: Sendable {
    /// The folder paths in diagnostics are relative to (the working directory).
    public var root: URL
    /// The content folder (`content/`).
    public var content: URL
    /// The templates folder (`templates/`).
    public var templates: URL
    /// The output folder (`public/`).
    public var output: URL
    /// Files copied into the output as they are (`static/`: `CNAME`, `favicon.ico`, `.nojekyll`).
    public var staticFiles: URL { root.appendingPathComponent("static").standardizedFileURL }

    /// Creates paths; relative folder names are taken from `root`.
    public init(root: URL, content: String = "content", templates: String = "templates", output: String = "public") {
        let base = root.standardizedFileURL
        func resolve(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL
                : base.appendingPathComponent(path).standardizedFileURL
        }
        self.root = base
        self.content = resolve(content)
        self.templates = resolve(templates)
        self.output = resolve(output)
    }

    /// The folders no output may be, contain, or (for content and templates) lie inside.
    public var protectedFolders: [OutputFolder.Protected] {
        [
            OutputFolder.Protected(root.path, role: "the working folder", mayHoldOutput: true),
            OutputFolder.Protected(content.path, role: "the content folder", mayHoldOutput: false),
            OutputFolder.Protected(templates.path, role: "the templates folder", mayHoldOutput: false),
        ]
    }

    /// The output folder, vetted (`OutputFolder.vet`): exit 2 before any work when it is refused.
    public func vetOutput() throws(OutputFolder.Refusal) -> OutputFolder {
        try OutputFolder.vet(output.path, protecting: protectedFolders)
    }

    /// `url`'s path relative to the root when it lies inside it, else its absolute path.
    public func display(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        if path == root.path { return "." }
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
