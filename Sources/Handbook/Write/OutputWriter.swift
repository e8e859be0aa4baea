import Foundation

/// Write stage: writes the site into a staging folder beside the output folder, then swaps it in,
/// so readers and a failed build never see a half-written site.
///
/// 1. Remove what an interrupted earlier run left (`.<name>.staging-*`), create
///    `.<name>.staging-<pid>` next to the output folder and write every file there.
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
            try writeAll(files, into: staging)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
        try swap(staging, into: output, retired: retired)
    }
}

private extension OutputWriter {
    func writeAll(_ files: [OutputFile], into folder: URL) throws(Failure) {
        var made: Set<String> = []
        for file in files {
            let parts = file.path.split(separator: "/")
            guard !file.path.hasPrefix("/"), !parts.contains(".."), !parts.contains("."), !parts.isEmpty else {
                throw .unsafePath(file.path)
            }
            let url = folder.appendingPathComponent(file.path)
            let directory = url.deletingLastPathComponent()
            if !made.contains(directory.path) {
                do {
                    try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
                } catch {
                    throw .cannotWrite(directory.path, reason(error))
                }
                made.insert(directory.path)
            }
            guard fileManager.createFile(atPath: url.path, contents: Data(file.contents)) else {
                throw .cannotWrite(url.path, "the file could not be created")
            }
        }
    }

    func removeLeftovers(in parent: URL, name: String) {
        let names = (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []
        for entry in names where entry.hasPrefix(".\(name).staging-") || entry.hasPrefix(".\(name).old-") {
            try? fileManager.removeItem(at: parent.appendingPathComponent(entry))
        }
    }

    func swap(_ staging: URL, into output: URL, retired: URL) throws(Failure) {
        let hadOutput = fileManager.fileExists(atPath: output.path)
        if hadOutput, AtomicExchange.exchange(staging.path, output.path) {
            try? fileManager.removeItem(at: staging)
            return
        }
        if hadOutput {
            do {
                try fileManager.moveItem(at: output, to: retired)
            } catch {
                try? fileManager.removeItem(at: staging)
                throw .cannotWrite(output.path, reason(error))
            }
        }
        do {
            try fileManager.moveItem(at: staging, to: output)
        } catch {
            if hadOutput { try? fileManager.moveItem(at: retired, to: output) }
            try? fileManager.removeItem(at: staging)
            throw .cannotWrite(output.path, reason(error))
        }
        if hadOutput { try? fileManager.removeItem(at: retired) }
    }

    func reason(_ error: Error) -> String {
        (error as NSError).localizedDescription
    }
}
