/// A content image from `content/images/` (shared) or `content/<lang>/images/` (that language's
/// version of a shared image, such as a diagram with translated labels).
public struct ImageFile: Sendable, Equatable {
    /// Path relative to the project root, such as `content/images/screen-flow.svg`.
    public var path: String
    /// The name authors write in `![alt](name)`: the file name, such as `screen-flow.svg`.
    public var name: String
    /// The language folder the file is in, or nil for the shared folder.
    public var language: LanguageCode?
    /// The file's bytes, copied unchanged to the output.
    public var bytes: [UInt8]
    /// Width and height in CSS pixels, read from the file's header.
    public var size: ImageSize

    /// Creates an image.
    public init(path: String, name: String, language: LanguageCode?, bytes: [UInt8], size: ImageSize) {
        self.path = path
        self.name = name
        self.language = language
        self.bytes = bytes
        self.size = size
    }

    /// The file's media type, which the EPUB manifest states.
    public var mediaType: String {
        switch name.split(separator: ".").last?.lowercased() {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        default: return "application/octet-stream"
        }
    }

    /// Where the image is written below the output folder: `images/<stem>.<first 10 hex digits of
    /// its SHA-256>.<ext>`. The name changes exactly when the bytes do, so a language's version
    /// never overwrites the shared one and a cached old copy is never shown.
    public var outputPath: OutputPath {
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        let digest = SHA256.hex(bytes).prefix(10)
        return "images/\(name[..<dot]).\(digest)\(name[dot...])"
    }
}
