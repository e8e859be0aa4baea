import Foundation

/// `static/` beside `content/`: files the site needs that no page makes (`CNAME`, `favicon.ico`,
/// `.nojekyll` for a host), copied into the output as they are, in the same place. A file that would
/// replace one the build writes is refused, as is one named like the output folder's own marker, so
/// that nothing in `static/` can stand for a page or break the check of the output folder.
struct StaticFiles {
    let paths: ProjectPaths
    let diagnostics: DiagnosticEngine

    /// The folder's files as output files, in path order; none when there is no folder.
    func load() -> [OutputFile] {
        let root = paths.staticFiles
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
        else { return [] }
        var files: [OutputFile] = []
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values?.isRegularFile == true || values?.isSymbolicLink == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            let location = SourceLocation(path: paths.display(url))
            if values?.isSymbolicLink == true {
                // A link could bring in anything on the machine; the folder holds files.
                diagnostics.error(.pathEscape, "static files are copied as they are; this is a link", at: location,
                                  notes: [Diagnostic.Note("put the file itself in static/")])
                continue
            }
            if relative.split(separator: "/").last == Substring(OutputMarker.fileName) {
                diagnostics.error(.staticConflict, "\(OutputMarker.fileName) is the name of the output folder's own marker", at: location,
                                  notes: [Diagnostic.Note("rename or remove it")])
                continue
            }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                diagnostics.error(.unreadableFile, "cannot read this file", at: location)
                continue
            }
            files.append(OutputFile(path: OutputPath(relative), contents: Array(data)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Refuses each static file whose path is one of `generated`'s.
    func refuseConflicts(_ files: [OutputFile], generated: Set<OutputPath>) -> [OutputFile] {
        files.filter { file in
            guard generated.contains(file.path) else { return true }
            diagnostics.error(
                .staticConflict, "this file would replace the \(file.path) that the build writes",
                at: SourceLocation(path: paths.display(paths.staticFiles.appendingPathComponent(file.path.rawValue))),
                notes: [Diagnostic.Note("rename it, or remove it from static/")])
            return false
        }
    }
}
