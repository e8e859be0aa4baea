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
///    (`OutputMarker`) and every file there (`Staging`: a build writes pages as it renders them).
///    A file whose bytes are those of the same path in the current output is hard-linked instead of
///    written: after an edit most of the site is unchanged. The shared inode is never written to,
///    and the old tree is removed after the swap. The marker lists the files once all are written.
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
        let staging = try Staging(folder)
        let failures = Parallel.map(files.count) { staging.write(files[$0]) }
        if let failure = failures.lazy.compactMap({ $0 }).first {
            staging.discard()
            throw failure
        }
        try staging.commit(listing: files.map(\.path.rawValue))
    }

    /// A staging folder being filled: opened before rendering, so that a build can write each file
    /// as it is made instead of holding the whole site in memory, then committed or discarded.
    ///
    /// Opening takes the lock (held until the staging folder is committed or discarded), removes
    /// leftovers and writes a marker without a listing, so a staging folder left by a killed build
    /// is known to be ours; committing writes the marker's listing and swaps the folder in.
    public final class Staging: @unchecked Sendable {
        private let folder: OutputFolder
        private let staging: String
        private let retired: String
        private var lock: OutputLock?
        private let state = NSLock()
        /// Folders made so far.
        private var folders: Set<String> = []
        /// Paths written so far, relative to the staging folder.
        private var written: Set<String> = []
        /// The first write that failed.
        public var failure: Failure? { state.withLock { firstFailure } }
        private var firstFailure: Failure?
        /// Whether the output folder held files when the build began; a build into an empty or new
        /// folder does not look there for a copy of each file.
        private let hasOldOutput: Bool
        /// Whether the folder was committed or discarded.
        private var finished = false

        /// Takes the lock on `folder`'s parent and makes the staging folder beside it.
        public init(_ folder: OutputFolder) throws(Failure) {
            self.folder = folder
            let output = folder.path
            hasOldOutput = ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).contains { $0 != "lost+found" }
            let parent = (output as NSString).deletingLastPathComponent
            if let why = PosixFiles.makeFolders(parent) { throw .cannotWrite(parent, why) }
            do { lock = try OutputLock(on: parent, waiting: OutputWriter.lockWait) } catch { throw .refused(error) }
            let leftovers = folder.isMountPoint ? output : parent
            let prefix = folder.isMountPoint ? "" : "." + (output as NSString).lastPathComponent + "."
            OutputWriter.removeLeftovers(in: leftovers, prefix: prefix)
            do { try folder.recheck() } catch {
                lock = nil
                throw .refused(error)
            }
            let token = "\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
            staging = leftovers + "/" + prefix + "handbook-staging-" + token
            retired = leftovers + "/" + prefix + "handbook-retired-" + token
            if let why = PosixFiles.makeFolder(staging, exclusive: true) {
                lock = nil
                throw .cannotWrite(staging, why)
            }
            // The marker goes first: a staging folder left by a killed build is then known to be ours.
            let marker = OutputMarker.file(listing: [])
            if let why = PosixFiles.write(marker.contents, to: staging + "/" + marker.path.rawValue) {
                discard()
                throw .cannotWrite(staging, why)
            }
        }

        /// Whether `path` has been written.
        public func contains(_ path: String) -> Bool {
            state.withLock { written.contains(path) }
        }

        /// Writes `file` into the staging folder (a failure is also kept in `failure`), hard-linking
        /// the current output's copy when its bytes are the same (the shared inode is never written
        /// to); safe from several threads.
        public func write(_ file: OutputFile) -> Failure? {
            let failure = place(file)
            if let failure { state.withLock { if firstFailure == nil { firstFailure = failure } } }
            return failure
        }

        private func place(_ file: OutputFile) -> Failure? {
            let parts = file.path.rawValue.split(separator: "/")
            guard !file.path.rawValue.hasPrefix("/"), !parts.contains(".."), !parts.contains("."), !parts.isEmpty,
                file.path.rawValue != OutputMarker.fileName
            else {
                return .unsafePath(file.path.rawValue)
            }
            // Folders are made under the lock, parents first, so two threads never race on one.
            let failure: Failure? = state.withLock {
                for depth in 1..<parts.count {
                    let subfolder = staging + "/" + parts[..<depth].joined(separator: "/")
                    guard folders.insert(subfolder).inserted else { continue }
                    if let why = PosixFiles.makeFolder(subfolder) { return .cannotWrite(subfolder, why) }
                }
                return nil
            }
            if let failure { return failure }
            let path = staging + "/" + file.path.rawValue
            let old = folder.path + "/" + file.path.rawValue
            let unchanged = hasOldOutput && PosixFiles.contains(file.contents, at: old)
            if !(unchanged && PosixFiles.link(old, as: path)), let why = PosixFiles.write(file.contents, to: path) {
                return .cannotWrite(path, why)
            }
            state.withLock { _ = written.insert(file.path.rawValue) }
            return nil
        }

        /// Writes the marker listing `paths` and swaps the staging folder in as the output.
        public func commit(listing paths: [String]) throws(Failure) {
            defer {
                lock = nil
                finished = true
            }
            let marker = OutputMarker.file(listing: paths)
            if let why = PosixFiles.write(marker.contents, to: staging + "/" + marker.path.rawValue) {
                PosixFiles.removeTree(staging)
                throw .cannotWrite(staging, why)
            }
            if folder.isMountPoint {
                try OutputWriter.refill(folder.path, from: staging, retired: retired)
            } else {
                try OutputWriter.swap(staging, into: folder.path, retired: retired)
            }
        }

        /// Removes the staging folder and everything written into it, and gives up the lock.
        public func discard() {
            PosixFiles.removeTree(staging)
            lock = nil
            finished = true
        }

        deinit {
            if !finished { PosixFiles.removeTree(staging) }
        }
    }
}

extension OutputWriter {
    /// Removes what killed builds left beside `folder`, under the output lock, as a build does
    /// first: for a build that the cache finds up to date and that writes nothing.
    static func removeLeftovers(of folder: OutputFolder) throws(OutputFolder.Refusal) {
        let parent = (folder.path as NSString).deletingLastPathComponent
        let lock = try OutputLock(on: parent, waiting: OutputWriter.lockWait)
        defer { withExtendedLifetime(lock) {} }
        removeLeftovers(in: folder.isMountPoint ? folder.path : parent,
                        prefix: folder.isMountPoint ? "" : "." + (folder.path as NSString).lastPathComponent + ".")
    }
}

private extension OutputWriter {
    /// Removes staging and retired folders of earlier builds that were killed: only folders with
    /// this tool's names that are empty, hold its marker, or hold nothing but a marker file cut
    /// short (a build killed while writing it), so a folder of the user's is never touched.
    static func removeLeftovers(in folder: String, prefix: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(prefix + "handbook-staging-") || name.hasPrefix(prefix + "handbook-retired-") {
            let path = folder + "/" + name
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            if entries.isEmpty || entries == [OutputMarker.fileName] || OutputMarker.read(in: path) != nil { PosixFiles.removeTree(path) }
        }
    }

    static func swap(_ staging: String, into output: String, retired: String) throws(Failure) {
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
    static func refill(_ output: String, from staging: String, retired: String) throws(Failure) {
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
