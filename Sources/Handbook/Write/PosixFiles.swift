import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Plain system calls for the write stage. Foundation's `createFile` writes through a temporary
/// file and a rename, and `removeItem` stats every entry; for hundreds of small files in a folder
/// nobody else sees yet, that doubles the work. Errors come back as `strerror` text.
enum PosixFiles {
    /// Writes `bytes` to a new file at `path` (mode 0644, as a shell would).
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return errorText() }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return errorText()
            }
            written += result
        }
        return nil
    }

    /// Whether the regular file at `path` holds exactly `bytes`.
    static func contains(_ bytes: [UInt8], at path: String) -> Bool {
        read(path, ifSize: bytes.count) == bytes
    }

    /// The bytes of the regular file at `path`; nil for anything else (a FIFO is never waited on),
    /// and, with `size`, for a file of another size, which is then not read.
    static func read(_ path: String, ifSize size: Int? = nil) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, size.map({ $0 == Int(status.st_size) }) ?? true
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let result = bytes.withUnsafeMutableBytes { raw in Glibc.read(descriptor, raw.baseAddress! + filled, raw.count - filled) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return nil }
            filled += result
        }
        return bytes
    }

    /// One entry found by `entries(under:)`.
    struct Entry: Equatable {
        enum Kind { case file, folder, other }
        /// Path below the folder walked, with `/` separators.
        var path: String
        var kind: Kind
    }

    /// Every entry below `root`, depth first, without following symbolic links (a link is `other`).
    static func entries(under root: String) -> Result<[Entry], FailureText> {
        var out: [Entry] = []
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let folder = open(root + (relative.isEmpty ? "" : "/" + relative), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard folder >= 0, let stream = fdopendir(folder) else {
                if folder >= 0 { close(folder) }
                return .failure(FailureText(errorText()))
            }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = Self.name(of: entry)
                guard name != "." && name != ".." else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .failure(FailureText(errorText())) }
                switch status.st_mode & S_IFMT {
                case S_IFREG: out.append(Entry(path: path, kind: .file))
                case S_IFDIR:
                    out.append(Entry(path: path, kind: .folder))
                    pending.append(path)
                default: out.append(Entry(path: path, kind: .other))
                }
            }
        }
        return .success(out.sorted { $0.path < $1.path })
    }

    /// A directory entry's name. The kernel's record ends right after the name's NUL, before the
    /// 256 bytes `d_name` is declared with, so the name is read up to the NUL and no further.
    static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeMutablePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
        }
    }

    /// A system error's text, as an `Error`.
    struct FailureText: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    /// Makes `path` a second name of the existing file `existing`; false when the system refuses.
    static func link(_ existing: String, as path: String) -> Bool {
        Glibc.link(existing, path) == 0
    }

    /// Creates the folder at `path` (mode 0755); an existing folder is fine unless `exclusive`.
    static func makeFolder(_ path: String, exclusive: Bool = false) -> String? {
        if mkdir(path, 0o755) == 0 || (errno == EEXIST && !exclusive) { return nil }
        return errorText()
    }

    /// Creates the folder at `path` and any missing folders above it.
    static func makeFolders(_ path: String) -> String? {
        guard !exists(path) else { return nil }
        let parent = (path as NSString).deletingLastPathComponent
        if parent != path, let why = makeFolders(parent) { return why }
        return makeFolder(path)
    }

    /// Whether anything, even a dangling symbolic link, is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Removes `path` and everything below it, without following symbolic links; a missing path is fine.
    static func removeTree(_ path: String) {
        removeTree(at: AT_FDCWD, name: path)
    }

    private static func removeTree(at parent: Int32, name: String) {
        if unlinkat(parent, name, 0) == 0 || errno == ENOENT { return }
        guard errno == EISDIR || errno == EPERM else { return }
        let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return }
        if let stream = fdopendir(folder) {
            var names: [String] = []
            while let entry = readdir(stream) {
                let entryName = Self.name(of: entry)
                if entryName != "." && entryName != ".." { names.append(entryName) }
            }
            // The marker last: a removal cut short leaves a folder still known as ours.
            for entryName in names where entryName != OutputMarker.fileName { removeTree(at: folder, name: entryName) }
            if names.contains(OutputMarker.fileName) { removeTree(at: folder, name: OutputMarker.fileName) }
            closedir(stream)
        } else {
            close(folder)
        }
        unlinkat(parent, name, AT_REMOVEDIR)
    }

    /// The text of the last system error.
    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
