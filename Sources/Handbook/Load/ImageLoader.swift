import Foundation

/// Reads an images folder (`content/images/` or `content/<lang>/images/`): every file must be a
/// PNG, JPEG, GIF or SVG whose size the header gives, at most `FileReader.maximumSize` bytes.
struct ImageLoader {
    /// The folder name, in `content/` and in each language folder.
    static let folder = "images"

    let paths: ProjectPaths
    let diagnostics: DiagnosticEngine

    func load(_ folder: URL, language: LanguageCode?) -> [ImageFile] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return names.compactMap { name in
            let url = folder.appendingPathComponent(name)
            let location = SourceLocation(path: paths.display(url))
            if let problem = FileKind(path: url.path).problem {
                diagnostics.error(.unreadableFile, problem, at: location, notes: [Diagnostic.Note("images/ holds image files only")])
                return nil
            }
            guard let data = try? Data(contentsOf: url) else {
                diagnostics.error(.unreadableFile, "cannot read the file", at: location)
                return nil
            }
            if data.count > FileReader.maximumSize {
                diagnostics.error(
                    .fileTooLarge, "the file is \(data.count) bytes; images may be at most \(FileReader.maximumSize) bytes",
                    at: location)
                return nil
            }
            let bytes = [UInt8](data)
            switch ImageSize.read(bytes, name: name) {
            case .success(let size):
                return ImageFile(path: location.path, name: name, language: language, bytes: bytes, size: size)
            case .failure(.unsupported):
                diagnostics.error(
                    .imageFormat, "\"\(name)\" is not an image the build can size",
                    at: location, notes: [Diagnostic.Note("use .png, .jpg, .gif or .svg")])
            case .failure(.unreadable(let format)):
                diagnostics.error(
                    .imageFormat, "the file is not a readable \(format.uppercased()) image (its header gives no width and height)",
                    at: location,
                    notes: [Diagnostic.Note(format == "svg" ? "give the <svg> element width and height, or a viewBox" : "save the image again from an image editor")])
            }
            return nil
        }
    }
}
