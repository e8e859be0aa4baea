/// A file the build will write, held in memory until the write stage.
public struct OutputFile: Sendable, Equatable {
    /// Path below the output folder, with `/` separators.
    public var path: OutputPath
    /// The bytes.
    public var contents: [UInt8]

    /// Creates a file from bytes.
    public init(path: OutputPath, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }

    /// Creates a file from text, stored as UTF-8.
    public init(path: OutputPath, text: String) {
        self.init(path: path, contents: Array(text.utf8))
    }
}
