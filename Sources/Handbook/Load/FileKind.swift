import Foundation

/// What a path in the content folder is, found with `stat` and `lstat` before anything opens it:
/// opening a FIFO blocks until someone writes to it, and the errors of opening a folder, a device
/// or a link that loops ("permission denied", "not found") say nothing about the real problem.
enum FileKind: Equatable {
    case regular
    case folder
    /// A FIFO, socket or device, named as people know it.
    case special(String)
    /// A symbolic link that leads back to itself.
    case linkLoop
    /// A symbolic link to nothing.
    case danglingLink
    case missing

    /// The kind of `path`, following symbolic links.
    init(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let failure = errno
            var own = stat()
            if failure == ELOOP {
                self = .linkLoop
            } else if lstat(path, &own) == 0, own.st_mode & S_IFMT == S_IFLNK {
                self = .danglingLink
            } else {
                self = .missing
            }
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .special("a named pipe (FIFO)")
        case S_IFSOCK: self = .special("a socket")
        case S_IFCHR, S_IFBLK: self = .special("a device")
        default: self = .special("not a regular file")
        }
    }

    /// Why a content file of this kind cannot be read, or nil for a regular file.
    var problem: String? {
        switch self {
        case .regular: return nil
        case .folder: return "this is a folder, not a file"
        case .special(let name): return "this is \(name), not a regular file; it was not read"
        case .linkLoop: return "this is a symbolic link that loops back on itself"
        case .danglingLink: return "this is a symbolic link to a file that does not exist"
        case .missing: return "file not found"
        }
    }
}
