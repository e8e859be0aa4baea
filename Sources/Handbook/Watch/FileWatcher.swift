import Foundation
import Glibc

/// Waits for changes below folders with Linux inotify, so `handbook watch` rebuilds right after a
/// save without polling. Folders created later are watched as they appear.
public final class FileWatcher {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]

    /// Starts watching every folder below each of `roots`; nil when inotify is not available.
    public init?(roots: [URL]) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        for root in roots { watchTree(root.path) }
    }

    deinit {
        close(descriptor)
    }

    /// Blocks until something changes, then waits for the rest of a save (editors write, rename and
    /// touch in quick succession) and returns the changed paths, sorted. The wait is `settle`
    /// seconds of quiet while a file is still being written (modified or created but not yet
    /// closed or moved into place), and `completed` seconds once every write has finished.
    public func next(settle: TimeInterval = 0.03, completed: TimeInterval = 0.005) -> [String] {
        var changed = Set<String>()
        var writing = Set<String>()
        readEvents(into: &changed, writing: &writing, timeout: -1)
        while readEvents(into: &changed, writing: &writing, timeout: Int32((writing.isEmpty ? completed : settle) * 1000)) {}
        return changed.sorted()
    }

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_MODIFY)

    private func watchTree(_ path: String) {
        let watch = inotify_add_watch(descriptor, path, Self.mask | UInt32(IN_ONLYDIR))
        guard watch >= 0 else { return }
        folders[watch] = path
        let children = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for child in children.sorted() where !child.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            let full = path + "/" + child
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue {
                watchTree(full)
            }
        }
    }

    /// Reads the events available within `timeout` milliseconds (-1: wait); false when none came.
    @discardableResult
    private func readEvents(into changed: inout Set<String>, writing: inout Set<String>, timeout: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeout) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let (watch, mask, nameLength) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.load(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + nameLength)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            if let folder = folders[watch], !name.hasPrefix(".") {
                let path = folder + "/" + name
                changed.insert(path)
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { watchTree(path) }
                if mask & UInt32(IN_ISDIR) == 0 {
                    if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM) != 0 {
                        writing.remove(path)
                    } else if mask & UInt32(IN_MODIFY | IN_CREATE) != 0 {
                        writing.insert(path)
                    }
                }
            }
            offset += headerSize + nameLength
        }
        return true
    }
}
