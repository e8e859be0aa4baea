import Foundation

/// Write stage: writes the site into a staging folder beside the output folder, then swaps it in,
/// so readers and a failed build never see a half-written site.
///
/// 1. Remove what an interrupted earlier run left (`.<name>.staging-*`), create
///    `.<name>.staging-<pid>` next to the output folder and write every file there. A file whose
///    bytes are those of the same path in the current output is hard-linked instead of written: after
///    an edit most of the site is unchanged, and a link costs the file system far less than a new file.
///    The shared inode is never written to, and the old tree is removed after the swap.
/// 2. Exchange the staging and output folders in one atomic `renameat2(RENAME_EXCHANGE)`, so at every
///    instant `public/` is either the whole old site or the whole new one, even if the process is
///    killed; then remove the old site. Where the kernel or file system cannot exchange, fall back to
///    two renames, putting the old output back if the second fails.
public struct OutputWriter {
    /// Why writing failed, for the diagnostic.
    public enum Failure: Error, Equatable {
        case notAFolder(String)
        case cannotWrite(String, String)
        case unsafePath(String)
    }

    private let fileManager = FileManager.default

    /// Creates a writer.
    public init() {}

    /// Writes `files` as the new contents of `output`.
    public func write(_ files: [OutputFile], to output: URL) throws(Failure) {
        let output = output.standardizedFileURL
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: output.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .notAFolder(output.path)
        }
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        let pid = ProcessInfo.processInfo.processIdentifier
        let staging = parent.appendingPathComponent(".\(name).staging-\(pid)")
        let retired = parent.appendingPathComponent(".\(name).old-\(pid)")
        removeLeftovers(in: parent, name: name)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(staging.path, reason(error))
        }
        do {
            try writeAll(files, into: staging, reusing: output)
        } catch {
            PosixFiles.removeTree(staging.path)
            throw error
        }
        try swap(staging, into: output, retired: retired)
    }
}

private extension OutputWriter {
    func writeAll(_ files: [OutputFile], into folder: URL, reusing previous: URL) throws(Failure) {
        var folders: Set<String> = []
        for file in files {
            let parts = file.path.split(separator: "/")
            guard !file.path.hasPrefix("/"), !parts.contains(".."), !parts.contains("."), !parts.isEmpty else {
                throw .unsafePath(file.path)
            }
            for depth in 1..<parts.count { folders.insert(parts[..<depth].joined(separator: "/")) }
        }
        // Sorted, a folder comes before the folders inside it.
        for relative in folders.sorted() {
            let path = folder.path + "/" + relative
            if let why = PosixFiles.makeFolder(path) { throw .cannotWrite(path, why) }
        }
        let failures = Parallel.map(files.count) { index -> Failure? in
            let path = folder.path + "/" + files[index].path
            let old = previous.path + "/" + files[index].path
            if PosixFiles.contains(files[index].contents, at: old), PosixFiles.link(old, as: path) { return nil }
            return PosixFiles.write(files[index].contents, to: path).map { .cannotWrite(path, $0) }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    }

    func removeLeftovers(in parent: URL, name: String) {
        let names = (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []
        for entry in names where entry.hasPrefix(".\(name).staging-") || entry.hasPrefix(".\(name).old-") {
            PosixFiles.removeTree(parent.appendingPathComponent(entry).path)
        }
    }

    func swap(_ staging: URL, into output: URL, retired: URL) throws(Failure) {
        let hadOutput = fileManager.fileExists(atPath: output.path)
        if hadOutput, AtomicExchange.exchange(staging.path, output.path) {
            PosixFiles.removeTree(staging.path)
            return
        }
        if hadOutput {
            do {
                try fileManager.moveItem(at: output, to: retired)
            } catch {
                PosixFiles.removeTree(staging.path)
                throw .cannotWrite(output.path, reason(error))
            }
        }
        do {
            try fileManager.moveItem(at: staging, to: output)
        } catch {
            if hadOutput { try? fileManager.moveItem(at: retired, to: output) }
            PosixFiles.removeTree(staging.path)
            throw .cannotWrite(output.path, reason(error))
        }
        if hadOutput { PosixFiles.removeTree(retired.path) }
    }

    func reason(_ error: Error) -> String {
        (error as NSError).localizedDescription
    }
}
