import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An advisory lock on the folder that holds the output folder, held from the first look at the old
/// output until the new one is in place: two builds into the same place take turns instead of
/// removing each other's staging folders. The kernel drops the lock when the process ends, however it ends.
final class OutputLock {
    private let descriptor: Int32

    /// Takes the lock on `folder`, waiting at most `seconds` for another build to let go; a folder
    /// that cannot be opened for reading is written without a lock, as before there was one.
    init(on folder: String, waiting seconds: Int) throws(OutputFolder.Refusal) {
        descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        let deadline = Date().addingTimeInterval(Double(seconds))
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            // A file system without locks is written as before there were locks.
            guard errno == EWOULDBLOCK || errno == EINTR else { return }
            guard Date() < deadline else { throw .busy(seconds: seconds) }
            usleep(50_000)
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
