import Foundation

/// What differs between the files a build makes and an output folder on disk, for
/// `handbook build --verify`: a committed `public/` must be exactly what its sources build.
public struct OutputComparison: Sendable {
    /// Files whose bytes differ.
    public var changed: [String] = []
    /// Files the build makes that the folder lacks.
    public var missing: [String] = []
    /// Files in the folder that the build does not make (the folder's own marker aside).
    public var extra: [String] = []

    public var isEmpty: Bool { changed.isEmpty && missing.isEmpty && extra.isEmpty }

    /// Compares `files` with the folder at `folder`, reading each file once.
    public init(files: [OutputFile], folder: URL) {
        let root = folder.standardizedFileURL.path
        var onDisk = Set<String>()
        if let enumerator = FileManager.default.enumerator(atPath: root) {
            while let relative = enumerator.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                    onDisk.insert(relative)
                }
            }
        }
        let made = Set(files.map(\.path.rawValue))
        for file in files.sorted(by: { $0.path < $1.path }) {
            guard onDisk.contains(file.path.rawValue) else {
                missing.append(file.path.rawValue)
                continue
            }
            if FileManager.default.contents(atPath: root + "/" + file.path.rawValue).map({ Array($0) }) != file.contents {
                changed.append(file.path.rawValue)
            }
        }
        extra = onDisk.subtracting(made).filter { $0 != OutputMarker.fileName }.sorted()
    }
}
