import Foundation

/// The intrinsic size of an image, read from its header only (PNG `IHDR`, JPEG start-of-frame,
/// GIF screen descriptor, SVG `width`/`height` or `viewBox`), so the page can reserve the space
/// before the image loads. Nothing is decoded, so no image library is needed.
public struct ImageSize: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The file extensions that can be read, lower-case.
    static let extensions = ["png", "jpg", "jpeg", "gif", "svg"]

    /// Why a file of this name and these bytes has no readable size, or its size.
    static func read(_ bytes: [UInt8], name: String) -> Result<ImageSize, Problem> {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let size: ImageSize?
        switch ext {
        case "png": size = png(bytes)
        case "jpg", "jpeg": size = jpeg(bytes)
        case "gif": size = gif(bytes)
        case "svg": size = svg(bytes)
        default: return .failure(.unsupported)
        }
        guard let size, size.width > 0, size.height > 0 else { return .failure(.unreadable(ext)) }
        return .success(size)
    }

    /// Why a size could not be read.
    enum Problem: Error, Equatable {
        /// The extension is none of `extensions`.
        case unsupported
        /// The header of a file with this extension is not what the format says.
        case unreadable(String)
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        (at..<at + count).reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }

    static func png(_ b: [UInt8]) -> ImageSize? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard b.count >= 24, Array(b[0..<8]) == signature, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        return ImageSize(width: bigEndian(b, 16, 4), height: bigEndian(b, 20, 4))
    }

    static func gif(_ b: [UInt8]) -> ImageSize? {
        guard b.count >= 10, Array(b[0..<3]) == Array("GIF".utf8) else { return nil }
        return ImageSize(width: Int(b[6]) | Int(b[7]) << 8, height: Int(b[8]) | Int(b[9]) << 8)
    }

    /// Walks the JPEG segments to the first start-of-frame marker (C0–CF but C4, C8 and CC).
    static func jpeg(_ b: [UInt8]) -> ImageSize? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var at = 2
        while at + 9 < b.count {
            guard b[at] == 0xFF else { return nil }
            let marker = b[at + 1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            let length = bigEndian(b, at + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return ImageSize(width: bigEndian(b, at + 7, 2), height: bigEndian(b, at + 5, 2))
            }
            guard length >= 2 else { return nil }
            at += 2 + length
        }
        return nil
    }

    /// The root `<svg>` element's `width` and `height` (plain numbers or `px`), else its `viewBox`.
    static func svg(_ b: [UInt8]) -> ImageSize? {
        guard let text = String(validatingUTF8Bytes: b), let open = text.range(of: "<svg") else { return nil }
        guard let close = text[open.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = String(text[open.upperBound..<close])
        func attribute(_ name: String) -> String? {
            for quote in ["\"", "'"] {
                if let start = tag.range(of: " \(name)=\(quote)") ?? tag.range(of: "\n\(name)=\(quote)"),
                    let end = tag[start.upperBound...].firstIndex(of: Character(quote))
                {
                    return String(tag[start.upperBound..<end])
                }
            }
            return nil
        }
        func pixels(_ value: String?) -> Int? {
            guard var value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            return Double(value).map { Int($0.rounded()) }
        }
        if let width = pixels(attribute("width")), let height = pixels(attribute("height")) {
            return ImageSize(width: width, height: height)
        }
        let box = (attribute("viewBox") ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        guard box.count == 4 else { return nil }
        return ImageSize(width: Int(box[2].rounded()), height: Int(box[3].rounded()))
    }
}
