import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The output folder, vetted before a build does any work: every build replaces the whole folder,
/// so the tool only ever replaces a folder that it made itself.
///
/// 1. Follow symbolic links, so a linked `public/` is written where it points (the link is kept).
/// 2. Refuse `/`, the home folder, the working, content and templates folders, their ancestors and
///    anything inside the content or templates folders, whatever they hold.
/// 3. Refuse a folder that is neither absent, nor empty, nor marked by a previous build
///    (`OutputMarker`), and a marked folder holding files that the marker does not list.
/// 4. Note whether the folder is a mount point, which cannot be renamed: it is then filled in place.
public struct OutputFolder: Sendable, Equatable {
    /// A folder that must not become the output, and what it is to the user.
    public struct Protected: Sendable, Equatable {
        /// The folder, symbolic links followed.
        public var path: String
        /// What it is, for the message: "the content folder".
        public var role: String
        /// Whether the output may lie inside it (inside the working folder, yes; inside `content/`, no).
        public var mayHoldOutput: Bool

        /// Creates a protected folder; `path` may be relative to the working folder or not exist yet.
        public init(_ path: String, role: String, mayHoldOutput: Bool) {
            self.path = OutputFolder.realPath(path)
            self.role = role
            self.mayHoldOutput = mayHoldOutput
        }
    }

    /// Why a folder cannot be the output. Each case maps to one message.
    public enum Refusal: Error, Equatable, Sendable {
        case isProtected(Protected)
        case containsProtected(Protected)
        case insideProtected(Protected)
        case notAFolder
        case linkLoop
        case unreadable(String)
        case notMadeByHandbook(sample: [String], count: Int)
        case foreignEntries(sample: [String], count: Int)
        case busy(seconds: Int)
    }

    /// The path as the user gave it, for messages.
    public var requested: String
    /// The folder written, every symbolic link followed.
    public var path: String
    /// Whether `path` is a mount point: it is then emptied and refilled in place, since it cannot be renamed.
    public var isMountPoint: Bool

    /// Entries a file system keeps at the top of a mount point, which a build leaves alone.
    static let mountPointEntries: Set<String> = ["lost+found"]

    /// Vets `output` as the output folder; `protected` lists the project's own folders.
    public static func vet(_ output: String, protecting protected: [Protected]) throws(Refusal) -> OutputFolder {
        let path = realPath(output)
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            // realPath follows every link it can: one left at the end is part of a loop.
            throw .linkLoop
        }
        for folder in standardProtected() + protected {
            if path == folder.path { throw .isProtected(folder) }
            if folder.path.hasPrefix(path == "/" ? "/" : path + "/") { throw .containsProtected(folder) }
            if path.hasPrefix(folder.path + "/") && !folder.mayHoldOutput { throw .insideProtected(folder) }
        }
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return OutputFolder(requested: output, path: path, isMountPoint: false) }
            throw .unreadable(String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder }
        var parent = stat()
        let mounted = stat((path as NSString).deletingLastPathComponent, &parent) == 0 && parent.st_dev != status.st_dev
        let folder = OutputFolder(requested: output, path: path, isMountPoint: mounted)
        try folder.recheck()
        return folder
    }

    /// Looks at the folder again, under the write lock: it may have changed since it was vetted.
    func recheck() throws(Refusal) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder }
        try Self.checkOwnership(path, ignoring: isMountPoint ? Self.mountPointEntries : [])
    }

    /// Checks that every entry of the existing folder at `path` was written by a build.
    static func checkOwnership(_ path: String, ignoring ignored: Set<String>) throws(Refusal) {
        let entries: [PosixFiles.Entry]
        switch PosixFiles.entries(under: path) {
        case .success(let list):
            entries = list.filter { entry in !ignored.contains { entry.path == $0 || entry.path.hasPrefix($0 + "/") } }
        case .failure(let why): throw .unreadable(why.text)
        }
        guard !entries.isEmpty else { return }
        guard let listed = OutputMarker.read(in: path) else {
            let top = entries.map(\.path).filter { !$0.contains("/") }
            throw .notMadeByHandbook(sample: Array(top.prefix(3)), count: top.count)
        }
        var folders: Set<Substring> = []
        for file in listed {
            var slash = file.lastIndex(of: "/")
            while let index = slash {
                folders.insert(file[..<index])
                slash = file[..<index].lastIndex(of: "/")
            }
        }
        let foreign = entries.filter { entry in
            switch entry.kind {
            case .file: return entry.path != OutputMarker.fileName && !listed.contains(entry.path)
            case .folder: return !folders.contains(Substring(entry.path))
            case .other: return true
            }
        }
        // A foreign folder's contents are foreign too; name the folder only.
        let named = foreign.map(\.path).filter { path in
            !foreign.contains { $0.kind == .folder && path.hasPrefix($0.path + "/") }
        }
        if !named.isEmpty { throw .foreignEntries(sample: Array(named.prefix(3)), count: named.count) }
    }
}

extension OutputFolder {
    /// `path` made absolute with every symbolic link followed; the part that does not exist yet is
    /// appended as written.
    static func realPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var head = (absolute as NSString).standardizingPath
        var tail: [String] = []
        var hops = 0
        while true {
            if let real = realpath(head, nil) {
                defer { free(real) }
                let resolved = String(cString: real)
                return tail.isEmpty ? resolved : (resolved == "/" ? "" : resolved) + "/" + tail.reversed().joined(separator: "/")
            }
            // A link to a folder not made yet is followed by hand, at most 40 times (as the kernel does).
            if hops < 40, let target = linkTarget(head) {
                hops += 1
                head = target.hasPrefix("/") ? target : (head as NSString).deletingLastPathComponent + "/" + target
                head = (head as NSString).standardizingPath
                continue
            }
            if head == "/" || head.isEmpty { return "/" + tail.reversed().joined(separator: "/") }
            tail.append((head as NSString).lastPathComponent)
            head = (head as NSString).deletingLastPathComponent
        }
    }

    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, Int(PATH_MAX))
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `/` and the home folder, which no build may replace whatever the project is.
    static func standardProtected() -> [Protected] {
        var out = [Protected("/", role: "the root folder", mayHoldOutput: true)]
        let homes: [String?] = [ProcessInfo.processInfo.environment["HOME"], FileManager.default.homeDirectoryForCurrentUser.path]
        for home in Set(homes.compactMap { $0 }.filter { !$0.isEmpty }).sorted() {
            out.append(Protected(home, role: "the home folder", mayHoldOutput: true))
        }
        return out
    }
}

extension OutputFolder.Refusal {
    /// What went wrong and how to go on, for `folder` as the user named it.
    public func explanation(for folder: String) -> (message: String, notes: [String]) {
        let replaces = "every build replaces the whole output folder, so handbook writes only into a folder it made"
        func list(_ sample: [String], _ count: Int) -> String {
            sample.map { "'\($0)'" }.joined(separator: ", ") + (count > sample.count ? " and \(count - sample.count) more" : "")
        }
        switch self {
        case .isProtected(let protected):
            return ("refusing to write the site into '\(folder)': it is \(protected.role)", [replaces, "choose a new folder, such as --out public"])
        case .containsProtected(let protected):
            return ("refusing to write the site into '\(folder)': it contains \(protected.role) (\(protected.path))",
                    [replaces, "choose a new folder, such as --out public"])
        case .insideProtected(let protected):
            return ("refusing to write the site into '\(folder)': it is inside \(protected.role) (\(protected.path))",
                    ["the site must not mix with the sources; choose a folder outside it, such as --out public"])
        case .notAFolder:
            return ("the output '\(folder)' is a file, not a folder", ["choose a folder with --out"])
        case .linkLoop:
            return ("the output '\(folder)' is a symbolic link that leads back to itself", ["point it at a folder, or choose another --out"])
        case .unreadable(let why):
            return ("cannot read the output folder '\(folder)': \(why)", [])
        case .notMadeByHandbook(let sample, let count):
            return ("refusing to replace '\(folder)': it is not empty (\(list(sample, count))) and no handbook build made it",
                    [replaces, "a folder made by a build holds a '\(OutputMarker.fileName)' file; choose an empty or new folder with --out, "
                        + "or, if this is a site built by an older handbook, delete it yourself and build again"])
        case .foreignEntries(let sample, let count):
            return ("refusing to replace '\(folder)': it holds files that no handbook build wrote: \(list(sample, count))",
                    [replaces, "move these files out of '\(folder)' and build again"])
        case .busy(let seconds):
            return ("another handbook build is writing next to '\(folder)' and did not finish within \(seconds) s",
                    ["wait for it to finish, then build again"])
        }
    }
}
