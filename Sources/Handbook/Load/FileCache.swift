import Foundation

/// The content files a watch session has read, with the `stat` fields that tell whether a file
/// changed since, so that a rebuild reads and fingerprints only the files whose inode, size,
/// modification or status-change time differ: one edit costs one read, not one per content file.
///
/// A file modified within the last two seconds is not trusted to its stamp (file systems record
/// times at a coarse tick, so a second save in the same tick with the same size keeps the stamp)
/// and is read again, as are the paths the watcher reports changed.
final class FileCache: @unchecked Sendable {
    /// What `stat` says of a file.
    struct Stamp: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int64
        let changed: Int64

        /// The stamp of the file at `path` (links followed), nil when it cannot be read.
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            self.init(status)
        }

        init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
            self.device = device
            self.inode = inode
            self.size = size
            self.modified = modified
            self.changed = changed
        }

        /// The stamp in what `stat` or `lstat` returned.
        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
            changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        }

        /// Whether the file was modified so recently that a later save could keep the same stamp.
        var isRecent: Bool {
            let now = Int64(Date().timeIntervalSince1970 * 1_000_000_000)
            return now - max(modified, changed) < 2_000_000_000
        }
    }

    private let lock = NSLock()
    private var files: [String: (stamp: Stamp, file: SourceFile)] = [:]
    private var folders: [String: (stamp: Stamp, entries: [(name: String, isFolder: Bool)])] = [:]

    init() {}

    /// The file read last time from `path` as `language`/`relativePath`, when its stamp is the same.
    func file(at path: String, stamp: Stamp, language: LanguageCode, relativePath: String) -> SourceFile? {
        guard !stamp.isRecent, let known = lock.withLock({ files[path] }), known.stamp == stamp,
            known.file.language == language, known.file.relativePath == relativePath
        else { return nil }
        return known.file
    }

    /// Remembers what was read from `path`.
    func store(_ file: SourceFile, at path: String, stamp: Stamp) {
        lock.withLock { files[path] = (stamp, file) }
    }

    /// A folder's entries as listed before, while its stamp is the same; else `list`'s.
    func folder(at path: String, list: () -> [(name: String, isFolder: Bool)]) -> [(name: String, isFolder: Bool)] {
        let stamp = Stamp(path: path)
        if let stamp, !stamp.isRecent, let known = lock.withLock({ folders[path] }), known.stamp == stamp { return known.entries }
        let entries = list()
        if let stamp { lock.withLock { folders[path] = (stamp, entries) } }
        return entries
    }

    /// Forgets `paths` (absolute), which the watcher saw change, and the folders that hold them.
    func forget(_ paths: [String]) {
        lock.withLock {
            for path in paths {
                files[path] = nil
                folders[path] = nil
                folders[(path as NSString).deletingLastPathComponent] = nil
            }
        }
    }
}
