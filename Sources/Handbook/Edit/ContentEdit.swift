import Foundation

/// Every change a command makes to the content, planned in full before any is made, so that
/// `ContentJournal` can make them all or none. Commands read the files they change through it,
/// so a file changed twice in one command (an import, then its marks) is read as planned.
public final class ContentEdit {
    /// One planned change: new bytes for a file, or its removal.
    public struct Change: Equatable, Sendable {
        /// Absolute path of the file.
        public var path: String
        /// The new contents; nil removes the file.
        public var bytes: [UInt8]?
    }

    /// What the edit is, for the journal and for a message after a crash ("a renumbering").
    public let action: String
    /// The changes in the order they were planned, one per path.
    public private(set) var changes: [Change] = []
    private var positions: [String: Int] = [:]

    /// Creates an empty edit; `action` names it ("a renumbering", "an import").
    public init(action: String) {
        self.action = action
    }

    /// Plans `text` as the new contents of `url`.
    public func write(_ text: String, to url: URL) {
        plan(Change(path: url.standardizedFileURL.path, bytes: Array(text.utf8)))
    }

    /// Plans the removal of `url`.
    public func remove(_ url: URL) {
        plan(Change(path: url.standardizedFileURL.path, bytes: nil))
    }

    /// The text `url` will have: as planned, else as on disk; nil when it will not exist or is not UTF-8.
    public func text(of url: URL) -> String? {
        let path = url.standardizedFileURL.path
        if let position = positions[path] { return changes[position].bytes.map { String(decoding: $0, as: UTF8.self) } }
        return try? String(contentsOf: url, encoding: .utf8)
    }

    /// Whether nothing is planned.
    public var isEmpty: Bool { changes.isEmpty }

    private func plan(_ change: Change) {
        if let position = positions[change.path] {
            changes[position] = change
        } else {
            positions[change.path] = changes.count
            changes.append(change)
        }
    }
}
