import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Write stage: writes the site into a staging folder beside the output folder, then swaps it in,
/// so readers and a failed build never see a half-written site.
///
/// 1. Lock the folder that holds the output (`OutputLock`), so concurrent builds take turns, and look
///    at the old output again under the lock (`OutputFolder`): only a folder this tool made is replaced.
/// 2. Remove what an interrupted earlier build of this tool left: folders named
///    `.<name>.handbook-staging-…` or `.<name>.handbook-retired-…` that are empty or carry the marker.
/// 3. Create `.<name>.handbook-staging-<pid>-<random>` next to the output folder and write the marker
///    (`OutputMarker`) and every file there. A file whose bytes are those of the same path in the
///    current output is hard-linked instead of written: after an edit most of the site is unchanged.
///    The shared inode is never written to, and the old tree is removed after the swap.
/// 4. Exchange the staging and output folders in one atomic `renameat2(RENAME_EXCHANGE)`, so at every
///    instant the output is either the whole old site or the whole new one, even if the process is
///    killed; then remove the old site. Where the kernel or file system cannot exchange, fall back to
///    two renames, putting the old output back if the second fails. A mount point cannot be renamed:
///    its entries are moved out and the new ones moved in, inside the mount.
public struct OutputWriter {
    /// Why writing failed, for the diagnostic.
    public enum Failure: Error, Equatable {
        case refused(OutputFolder.Refusal)
        case cannotWrite(String, String)
        case unsafePath(String)
    }

    /// How long a build waits for another build writing into the same folder.
    static let lockWait = 60

    /// Creates a writer.
    public init() {}

    /// Writes `files` as the new contents of `output`, vetted with no project folders to protect
    /// beyond `/` and the home folder.
    public func write(_ files: [OutputFile], to output: URL) throws(Failure) {
        let folder: OutputFolder
        do { folder = try OutputFolder.vet(output.path, protecting: []) } catch { throw .refused(error) }
        try write(files, to: folder)
    }

    /// Writes `files` as the new contents of the vetted `folder`.
    public func write(_ files: [OutputFile], to folder: OutputFolder) throws(Failure) {
        let folders = try subfolders(of: files)
        let output = folder.path
        let parent = (output as NSString).deletingLastPathComponent
        if let why = PosixFiles.makeFolders(parent) { throw .cannotWrite(parent, why) }
        let lock: OutputLock
        do { lock = try OutputLock(on: parent, waiting: Self.lockWait) } catch { throw .refused(error) }
        defer { withExtendedLifetime(lock) {} }
        let leftovers = folder.isMountPoint ? output : parent
        let prefix = folder.isMountPoint ? "" : "." + (output as NSString).lastPathComponent + "."
        removeLeftovers(in: leftovers, prefix: prefix)
        do { try folder.recheck() } catch { throw .refused(error) }

        let token = "\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
        let staging = leftovers + "/" + prefix + "handbook-staging-" + token
        if let why = PosixFiles.makeFolder(staging, exclusive: true) { throw .cannotWrite(staging, why) }
        do {
            try writeAll(files, folders: folders, into: staging, reusing: output)
        } catch {
            PosixFiles.removeTree(staging)
            throw error
        }
        let retired = leftovers + "/" + prefix + "handbook-retired-" + token
        if folder.isMountPoint {
            try refill(output, from: staging, retired: retired)
        } else {
            try swap(staging, into: output, retired: retired)
        }
    }
}

private extension OutputWriter {
    /// Checks every path and returns the folders to create, sorted so a folder comes before its children.
    func subfolders(of files: [OutputFile]) throws(Failure) -> [String] {
        var folders: Set<String> = []
        for file in files {
            let parts = file.path.split(separator: "/")
            guard !file.path.hasPrefix("/"), !parts.contains(".."), !parts.contains("."), !parts.isEmpty,
                file.path != OutputMarker.fileName
            else {
                throw .unsafePath(file.path)
            }
            for depth in 1..<parts.count { folders.insert(parts[..<depth].joined(separator: "/")) }
        }
        return folders.sorted()
    }

    func writeAll(_ files: [OutputFile], folders: [String], into staging: String, reusing previous: String) throws(Failure) {
        // The marker goes first: a staging folder left by a killed build is then known to be ours.
        let marker = OutputMarker.file(listing: files.map(\.path))
        if let why = PosixFiles.write(marker.contents, to: staging + "/" + marker.path) { throw .cannotWrite(staging, why) }
        for relative in folders {
            let path = staging + "/" + relative
            if let why = PosixFiles.makeFolder(path) { throw .cannotWrite(path, why) }
        }
        let failures = Parallel.map(files.count) { index -> Failure? in
            let path = staging + "/" + files[index].path
            let old = previous + "/" + files[index].path
            if PosixFiles.contains(files[index].contents, at: old), PosixFiles.link(old, as: path) { return nil }
            return PosixFiles.write(files[index].contents, to: path).map { .cannotWrite(path, $0) }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    }

    /// Removes staging and retired folders of earlier builds that were killed: only folders with
    /// this tool's names that are empty or hold its marker, so a folder of the user's is never touched.
    func removeLeftovers(in folder: String, prefix: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(prefix + "handbook-staging-") || name.hasPrefix(prefix + "handbook-retired-") {
            let path = folder + "/" + name
            let isEmpty = (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty ?? false
            if isEmpty || OutputMarker.read(in: path) != nil { PosixFiles.removeTree(path) }
        }
    }

    func swap(_ staging: String, into output: String, retired: String) throws(Failure) {
        let hadOutput = PosixFiles.exists(output)
        if hadOutput, AtomicExchange.exchange(staging, output) {
            PosixFiles.removeTree(staging)
            return
        }
        if hadOutput, rename(output, retired) != 0 {
            let why = PosixFiles.errorText()
            PosixFiles.removeTree(staging)
            throw .cannotWrite(output, why)
        }
        if rename(staging, output) != 0 {
            let why = PosixFiles.errorText()
            if hadOutput { rename(retired, output) }
            PosixFiles.removeTree(staging)
            throw .cannotWrite(output, why)
        }
        if hadOutput { PosixFiles.removeTree(retired) }
    }

    /// Replaces the contents of a mount point, which cannot be renamed: the old entries move into
    /// `retired` and the new ones out of `staging`, all inside the mount; on a failure the old ones
    /// are moved back.
    func refill(_ output: String, from staging: String, retired: String) throws(Failure) {
        let own = Set([(staging as NSString).lastPathComponent, (retired as NSString).lastPathComponent])
        let kept = own.union(OutputFolder.mountPointEntries)
        let old = ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).filter { !kept.contains($0) }.sorted()
        let new = ((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).sorted()
        if let why = PosixFiles.makeFolder(retired, exclusive: true) {
            PosixFiles.removeTree(staging)
            throw .cannotWrite(retired, why)
        }
        var moved: [(from: String, to: String)] = []
        func undo() {
            for move in moved.reversed() { rename(move.to, move.from) }
            PosixFiles.removeTree(staging)
            rmdir(retired)
        }
        for (names, from, to) in [(old, output, retired), (new, staging, output)] {
            for name in names {
                guard rename(from + "/" + name, to + "/" + name) == 0 else {
                    let why = PosixFiles.errorText()
                    undo()
                    throw .cannotWrite(output + "/" + name, why)
                }
                moved.append((from + "/" + name, to + "/" + name))
            }
        }
        rmdir(staging)
        PosixFiles.removeTree(retired)
    }
}
