import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the build's own checks (load, parse, resolve: schema, links, anchors, raw HTML, relations)
/// on the content as an edit would leave it, before the edit is made: a copy of the content folder
/// with the edit applied, in a temporary folder. Errors the content does not have now are the
/// edit's, and the command refuses them, so an editing command never leaves content that fails.
public enum EditCheck {
    /// The errors `edit` would add to the content folder `content`, located in the edited copy
    /// (paths as in the real content folder); empty when the edit checks clean.
    public static func newErrors(of edit: ContentEdit, content: URL) -> [Diagnostic] {
        let content = content.standardizedFileURL
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("handbook-edit-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let copy = scratch.appendingPathComponent(content.lastPathComponent)
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: content, to: copy)
        } catch {
            return []  // Nothing to compare with: the journal's own checks still apply.
        }
        for change in edit.changes where change.path.hasPrefix(content.path + "/") {
            let target = copy.path + change.path.dropFirst(content.path.count)
            if let bytes = change.bytes {
                try? FileManager.default.createDirectory(
                    at: URL(fileURLWithPath: target).deletingLastPathComponent(), withIntermediateDirectories: true)
                _ = PosixFiles.write(bytes, to: target)
            } else {
                unlink(target)
            }
        }
        let root = content.deletingLastPathComponent()
        let now = Build(paths: ProjectPaths(root: root, content: content.path)).resolve().diagnostics
        let after = Build(paths: ProjectPaths(root: root, content: copy.path)).resolve().diagnostics
        // Compared without line and column: an edit moves lines.
        let known = Set(now.filter { $0.severity == .error }.map { Self.identity($0, content: content.path) })
        return after.filter { $0.severity == .error }.compactMap { diagnostic in
            var shown = diagnostic
            shown.location.path = display(diagnostic.location.path, copy: copy.path, content: content.path, root: root.path)
            return known.contains(Self.identity(shown, content: content.path)) ? nil : shown
        }
    }

    private static func identity(_ diagnostic: Diagnostic, content: String) -> String {
        "\(diagnostic.location.path)\u{1}\(diagnostic.code)\u{1}\(diagnostic.message)"
    }

    /// A path in the copy, shown as the path of the same file in the real content folder.
    private static func display(_ path: String, copy: String, content: String, root: String) -> String {
        let contentShown = content.hasPrefix(root + "/") ? String(content.dropFirst(root.count + 1)) : content
        if path.hasPrefix(copy + "/") { return contentShown + path.dropFirst(copy.count) }
        if path == copy { return contentShown }
        return path
    }
}
