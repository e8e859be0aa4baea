import XCTest

@testable import Handbook

/// Sizes come from the headers of real files written by the usual tools (made byte for byte here).
final class ImageSizeTests: XCTestCase {
    func testPNGSizeIsReadFromIHDR() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0x01, 0x2C, 0, 0, 0, 0xC8, 8, 2, 0, 0, 0]
        XCTAssertEqual(try ImageSize.read(png, name: "a.png").get(), ImageSize(width: 300, height: 200))
    }

    func testJPEGSizeIsReadFromTheFirstStartOfFrameAfterOtherSegments() {
        let app0: [UInt8] = [0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0] + [UInt8](repeating: 0, count: 9)
        let dht: [UInt8] = [0xFF, 0xC4, 0, 4, 0, 0]  // C4 is a Huffman table, not a frame
        let sof2: [UInt8] = [0xFF, 0xC2, 0, 17, 8, 0x01, 0xE0, 0x02, 0x80, 3] + [UInt8](repeating: 0, count: 9)
        let jpeg: [UInt8] = [0xFF, 0xD8] + app0 + dht + sof2
        XCTAssertEqual(try ImageSize.read(jpeg, name: "photo.JPG").get(), ImageSize(width: 640, height: 480))
    }

    func testGIFSizeIsLittleEndian() {
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x10, 0x01, 0x20, 0x00]
        XCTAssertEqual(try ImageSize.read(gif, name: "a.gif").get(), ImageSize(width: 272, height: 32))
    }

    func testSVGUsesWidthAndHeightElseTheViewBox() {
        let sized = #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="720px" height="405" viewBox="0 0 1 1">"#
        XCTAssertEqual(try ImageSize.read(Array(sized.utf8), name: "a.svg").get(), ImageSize(width: 720, height: 405))
        let boxed = "<svg\nviewBox='0 0 640.4 360' xmlns='http://www.w3.org/2000/svg'>"
        XCTAssertEqual(try ImageSize.read(Array(boxed.utf8), name: "a.svg").get(), ImageSize(width: 640, height: 360))
        let percent = #"<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%">"#
        XCTAssertEqual(ImageSize.read(Array(percent.utf8), name: "a.svg"), .failure(.unreadable("svg")))
    }

    func testOtherFormatsAndBrokenHeadersAreRefused() {
        XCTAssertEqual(ImageSize.read(Array("BM".utf8), name: "a.bmp"), .failure(.unsupported))
        XCTAssertEqual(ImageSize.read(Array("GIF".utf8), name: "a.png"), .failure(.unreadable("png")))
        XCTAssertEqual(ImageSize.read([0xFF, 0xD8, 0xFF, 0xD9], name: "a.jpeg"), .failure(.unreadable("jpeg")))
    }
}
