import Foundation

/// The write step of a rebuild in `watch`: the first time, every file through the staging folder
/// (`OutputWriter`); after that, under the same lock and the same check of the output folder as
/// `build`, only files whose bytes differ from what the folder holds, each replaced through a
/// temporary file and a rename, and every file the run did not produce removed (a deleted page, an
/// image's old content-addressed copy).
struct InPlaceWriter {
    let paths: ProjectPaths

    /// What one write did.
    struct Outcome {
        var written: [String] = []
        var removed: [String] = []
        /// Why writing stopped, located at the output folder.
        var failure: Diagnostic?
    }

    /// Writes `files`, every file of the site; `output` is what the output folder holds, by path,
    /// and is kept up to date.
    func write(_ files: [OutputFile], output: inout [String: [UInt8]]) -> Outcome {
        var outcome = Outcome()
        do {
            let folder = try paths.vetOutput()
            if output.isEmpty {
                try OutputWriter().write(files, to: folder)
                outcome.written = files.map(\.path.rawValue)
                output = Dictionary(uniqueKeysWithValues: files.map { ($0.path.rawValue, $0.contents) })
                return outcome
            }
            let parent = (folder.path as NSString).deletingLastPathComponent
            let lock = try OutputLock(on: parent, waiting: OutputWriter.lockWait)
            defer { withExtendedLifetime(lock) {} }
            try folder.recheck()
            let listed = Set(output.keys)
            for file in files where output[file.path.rawValue] != file.contents {
                if let why = replace(file) {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path, NSLocalizedDescriptionKey: why])
                }
                output[file.path.rawValue] = file.contents
                outcome.written.append(file.path.rawValue)
            }
            let produced = Set(files.map(\.path.rawValue))
            for path in listed.subtracting(produced).sorted() {
                unlink(paths.output.path + "/" + path)
                // A folder left empty goes too, as a full build would not make it (rmdir keeps a full one).
                var folder = (path as NSString).deletingLastPathComponent
                while !folder.isEmpty, rmdir(paths.output.path + "/" + folder) == 0 { folder = (folder as NSString).deletingLastPathComponent }
                output[path] = nil
                outcome.removed.append(path)
            }
            // The marker lists every file, so that the next full build knows them as its own.
            if !outcome.removed.isEmpty || !produced.isSubset(of: listed) {
                if let why = replace(OutputMarker.file(listing: Array(output.keys))) {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: OutputMarker.fileName, NSLocalizedDescriptionKey: why])
                }
                outcome.written.append(OutputMarker.fileName)
            }
        } catch {
            let at = SourceLocation(path: paths.display(paths.output))
            if let refusal = Self.refusal(error) {
                let (message, notes) = refusal.explanation(for: paths.display(paths.output))
                outcome.failure = .error(.writeFailed, ([message] + notes).joined(separator: "; "), at: at)
            } else {
                outcome.failure = .error(.writeFailed, "cannot write the output: \(error)", at: at)
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
        let path = paths.output.path + "/" + file.path.rawValue
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
