// libFuzzer entry: a whole content file (front matter + body) through the load checks and the parse
// stage — libyaml, the typed field reader, cmark-gfm, anchors and the linter. Must never crash.
import Handbook

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    let engine = DiagnosticEngine()
    let parser = PageParser(diagnostics: engine)
    for folder in ["practices", "sections", "pages"] {
        let file = SourceFile(
            path: "content/en/\(folder)/x.md", language: "en", relativePath: "\(folder)/x.md", text: text, hash: "")
        _ = parser.parse(file)
    }
    _ = try? YAMLReader.read(text)
    _ = engine.diagnostics
    return 0
}
