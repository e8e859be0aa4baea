import CCmarkGFM
import Foundation
import XCTest

@testable import Markdown

/// Runs the CommonMark and GFM examples from `Tests/Peers/cmark-gfm-spec/` (cmark-gfm's own, with its licence).
///
/// Two checks per example: our renderer must give exactly what cmark-gfm's own renderer gives for the
/// same tree (differential, every example), and the count that also matches the spec's expected HTML
/// must not fall below what Debian's cmark-gfm 0.29 reaches.
final class SpecTests: XCTestCase {
    func testCommonMarkSpecMatchesCmarkRenderer() throws {
        let examples = try SpecExample.load("spec.txt")
        let result = run(examples, defaultExtensions: [])
        XCTAssertEqual(result.differential, [], "examples where our HTML differs from cmark-gfm's")
        XCTAssertEqual(result.matchingSpec, examples.count, "spec.txt examples matching the expected HTML")
    }

    func testGFMExtensionsSpecMatchesCmarkRenderer() throws {
        let examples = try SpecExample.load("extensions.txt")
        let result = run(examples)
        XCTAssertEqual(result.differential, [], "examples where our HTML differs from cmark-gfm's")
        // cmark-gfm 0.29 predates two of the newer file's extension examples; all others match.
        XCTAssertGreaterThanOrEqual(result.matchingSpec, examples.count - 2)
    }

    func testRegressionSuiteMatchesCmarkRenderer() throws {
        let examples = try SpecExample.load("regression.txt")
        XCTAssertEqual(run(examples).differential, [])
    }

    /// A template filled with what the plain renderer writes for each hole is the plain HTML, on
    /// every example: rendering once and filling later loses nothing.
    func testTemplatesFilledPlainlyGiveTheRenderersHTML() throws {
        var differing: [String] = []
        var holes = 0
        for file in ["spec.txt", "extensions.txt", "regression.txt"] {
            for example in try SpecExample.load(file) {
                let tree = MarkdownParser(extensions: MarkdownParser.extensionNames).parse(example.markdown)
                let template = HTMLRenderer().renderTemplate(tree)
                holes += template.holes.count
                XCTAssertEqual(template.literals.count, template.holes.count + 1)
                if template.html(HTMLTemplate.plain) != HTMLRenderer().render(tree) { differing.append("\(file) example \(example.number)") }
            }
        }
        XCTAssertEqual(differing, [])
        XCTAssertGreaterThan(holes, 400, "the examples' links, images, headings and tables are holes")
    }

    /// Runs each example with the extensions its fence names, or with `defaultExtensions` when it names none.
    private func run(
        _ examples: [SpecExample], defaultExtensions: [String] = MarkdownParser.extensionNames
    ) -> (differential: [String], matchingSpec: Int) {
        var differential: [String] = []
        var matching = 0
        for example in examples {
            let extensions = example.extensions.filter { $0 != "footnotes" }.isEmpty
                ? defaultExtensions : example.extensions.filter { $0 != "footnotes" }
            var options = HTMLRenderer.Options()
            options.allowRawHTML = true
            options.tagFilter = extensions.contains("tagfilter")
            let renderer = HTMLRenderer(options: options)
            let ours = renderer.render(MarkdownParser(extensions: extensions).parse(example.markdown))
            let theirs = CmarkReference.render(example.markdown, extensions: extensions)
            if ours != theirs {
                differential.append("\(example.file) example \(example.number) (line \(example.line))")
            }
            if ours == example.html { matching += 1 }
        }
        return (differential, matching)
    }
}

/// One example of a spec file: the Markdown between the fences and the expected HTML.
struct SpecExample {
    let file: String
    let number: Int
    let line: Int
    let markdown: String
    let html: String
    /// Extensions named on the example's fence line (`example table`); `disabled` examples are dropped.
    let extensions: [String]

    static func load(_ name: String) throws -> [SpecExample] {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Peers/cmark-gfm-spec").standardizedFileURL
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            // The suite is part of the repository: missing, it fails rather than skips.
            throw PeerSuiteMissing(path: url.path)
        }
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var examples: [SpecExample] = []
        var index = 0
        var number = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```````````````````````````````` example") else {
                index += 1
                continue
            }
            let named = lines[index].split(separator: " ").dropFirst(2).map(String.init)
            let startLine = index + 1
            var markdown: [String] = []
            var html: [String] = []
            index += 1
            while index < lines.count && lines[index] != "." { markdown.append(lines[index]); index += 1 }
            index += 1
            while index < lines.count && lines[index] != "````````````````````````````````" {
                html.append(lines[index])
                index += 1
            }
            index += 1
            func join(_ part: [String]) -> String {
                part.isEmpty ? "" : part.joined(separator: "\n").replacingOccurrences(of: "→", with: "\t") + "\n"
            }
            number += 1
            if named.contains("disabled") { continue }
            examples.append(
                SpecExample(
                    file: name, number: number, line: startLine,
                    markdown: join(markdown), html: join(html), extensions: named))
        }
        return examples
    }
}

/// cmark-gfm's own HTML renderer, run with the same extensions, as the reference.
enum CmarkReference {
    static func render(_ markdown: String, extensions: [String]) -> String {
        _ = MarkdownParser()
        let options = CMARK_OPT_UNSAFE
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        cmark_parser_feed(parser, markdown, markdown.utf8.count)
        guard let root = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(root) }
        guard let html = cmark_render_html(root, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }
}

/// The peer suite's files are missing from the checkout.
struct PeerSuiteMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) not found: the peer suite is part of the repository" }
}
