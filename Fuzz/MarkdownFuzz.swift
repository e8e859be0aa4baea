// libFuzzer entry: Markdown with cross-references through parse and resolve (link rewriting, filled
// link texts, anchors, back-links) and then the HTML renderer. Must never crash, and the HTML must
// never contain a raw `<script` from the input.
import Handbook
import Markdown

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let body = String(validating: bytes, as: UTF8.self) else { return 0 }
    // Built per call: LeakSanitizer counts lazily created globals as leaks of the first input.
    let strings = SourceFile(
        path: "content/en/strings.yaml", language: "en", relativePath: "strings.yaml",
        text: "practice_reference: \"Best Practice {id} – {title}\"\nsection_reference: \"Section {number} {title}\"\n", hash: "")
    let target = SourceFile(
        path: "content/en/sections/7.3.md", language: "en", relativePath: "sections/7.3.md",
        text: "---\nnumber: \"7.3\"\ntitle: Android\n---\n## Part {#part}\n", hash: "")
    let engine = DiagnosticEngine()
    let page = SourceFile(
        path: "content/en/practices/1.1.md", language: "en", relativePath: "practices/1.1.md",
        text: "---\nid: \"1.1\"\ntitle: T\nprinciple: other\nsections: [\"7.3\"]\n---\n" + body, hash: "")
    let parser = PageParser(diagnostics: engine)
    let parsed = [page, target].compactMap(parser.parse)
    let config = SiteConfig(languages: [Language(code: "en", name: "English")], sourceLanguage: Language(code: "en", name: "English"))
    let content = LoadedContent(config: config, pages: [page, target], strings: ["en": strings])
    let site = SiteResolver(diagnostics: engine).resolve(parsed, content: content)
    for resolved in site.pages(in: "en") {
        let html = HTMLRenderer().render(resolved.body)
        if html.lowercased().contains("<script") { fatalError("raw script passed through: \(html)") }
    }
    return 0
}
