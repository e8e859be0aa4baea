import Foundation

/// The write step of a rebuild in `watch`: the first time, every file through the staging folder
/// (`OutputWriter`); after that, only files whose bytes differ from what the folder holds, each
/// replaced through a temporary file and a rename, and the files the site no longer has removed
/// (after a full render every file not rendered, after a partial one the pages it no longer has).
struct InPlaceWriter {
    let paths: ProjectPaths

    /// What one write did.
    struct Outcome {
        var written: [String] = []
        var removed: [String] = []
        /// Why writing stopped, located at the output folder.
        var failure: Diagnostic?
    }

    /// Writes `files`; `output` is what the output folder holds, by path, and is kept up to date.
    /// `expected` lists the pages the site has (a partial write removes other pages).
    func write(_ files: [OutputFile], full: Bool, expected: Set<String>, output: inout [String: [UInt8]]) -> Outcome {
        var outcome = Outcome()
        do {
            if full && output.isEmpty {
                try OutputWriter().write(files, to: try paths.vetOutput())
                outcome.removed = Set(output.keys).subtracting(files.map(\.path)).sorted()
                outcome.written = files.filter { output[$0.path] != $0.contents }.map(\.path)
                output = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
            } else {
                let listed = Set(output.keys)
                let changed = files.filter { output[$0.path] != $0.contents }
                let failures = changed.map(replace)
                for (file, failure) in zip(changed, failures) {
                    if let failure { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path, NSLocalizedDescriptionKey: failure]) }
                    output[file.path] = file.contents
                    outcome.written.append(file.path)
                }
                let rendered = full ? Set(files.map(\.path)) : []
                for path in output.keys.sorted() where full ? !rendered.contains(path) : path.hasSuffix(".html") && !expected.contains(path) {
                    try? FileManager.default.removeItem(at: paths.output.appendingPathComponent(path))
                    output[path] = nil
                    outcome.removed.append(path)
                }
                // The marker lists every file, so that the next full build knows them as its own.
                if !outcome.removed.isEmpty || outcome.written.contains(where: { !listed.contains($0) }) {
                    try replace(OutputMarker.file(listing: Array(output.keys)))
                    outcome.written.append(OutputMarker.fileName)
                }
            }
        } catch {
            let at = SourceLocation(path: paths.display(paths.output))
            if let refusal = Self.refusal(error) {
                let (message, notes) = refusal.explanation(for: paths.display(paths.output))
                outcome.failure = .error("write-failed", ([message] + notes).joined(separator: "; "), at: at)
            } else {
                outcome.failure = .error("write-failed", "cannot write the output: \(error)", at: at)
            }
        }
        return outcome
    }

    /// Why the output folder was refused, when `error` says so.
    private static func refusal(_ error: Error) -> OutputFolder.Refusal? {
        if case OutputWriter.Failure.refused(let refusal) = error { return refusal }
        return error as? OutputFolder.Refusal
    }

    /// Replaces one output file through a temporary file and a rename, so a reader never sees half
    /// of it; nil when done, else why not. Plain system calls; one after the other, since creating
    /// files in one folder from two threads only makes them wait for its lock.
    private func replace(_ file: OutputFile) -> String? {
        let path = paths.output.path + "/" + file.path
        let slash = path.lastIndex(of: "/") ?? path.startIndex
        let folder = String(path[..<slash])
        let temporary = folder + "/." + path[path.index(after: slash)...] + ".tmp"
        // A leftover of a killed run, or anything else at that name, is not written through.
        unlink(temporary)
        if PosixFiles.write(file.contents, to: temporary) != nil {
            // The page may be the first in a new folder.
            if let why = PosixFiles.makeFolders(folder) { return why }
            if let why = PosixFiles.write(file.contents, to: temporary) { return why }
        }
        guard rename(temporary, path) == 0 else { return PosixFiles.errorText() }
        return nil
    }
}
