import Foundation

/// The file every build leaves at the top of the output folder: it says that handbook made the folder
/// and lists the files it wrote, so a later build replaces the folder only when nothing else is in it.
public enum OutputMarker {
    /// The marker's name inside the output folder.
    public static let fileName = ".handbook-output"

    private static let header = "handbook output folder: every build replaces this folder with a new one.\n"
    private static let explanation =
        "These are the files the last build wrote. A file that is not listed stops the next build, so that nothing else is lost.\n\n"

    /// The marker for an output holding `paths` (sorted, so the marker is deterministic).
    public static func file(listing paths: [String]) -> OutputFile {
        OutputFile(path: OutputPath(fileName), text: header + explanation + paths.sorted().map { $0 + "\n" }.joined())
    }

    /// The files listed by the marker in `folder`, or nil when there is no marker of ours.
    static func read(in folder: String) -> Set<String>? {
        guard let bytes = PosixFiles.read(folder + "/" + fileName),
            let text = String(validating: bytes, as: UTF8.self), text.hasPrefix(header),
            let start = text.range(of: "\n\n")
        else { return nil }
        return Set(text[start.upperBound...].split(separator: "\n").map(String.init))
    }
}
