import Foundation
import HandbookTestSupport
import XCTest

@testable import Handbook

/// Whole-pipeline behaviour on the repository's own content: determinism, a failed build leaving
/// the old site intact, and the data export's shape.
final class BuildTests: XCTestCase {
    private func repositoryCopy() -> TemporaryProject {
        let project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content"), to: "content")
        project.useRepositoryTemplates()
        return project
    }

    func testTwoBuildsAreByteIdentical() {
        let project = repositoryCopy()
        XCTAssertEqual(CommandRun.handbook(["build", "--out", "first"], in: project.root).exitCode, 0)
        XCTAssertEqual(CommandRun.handbook(["build", "--out", "second"], in: project.root).exitCode, 0)
        let first = project.files(under: "first"), second = project.files(under: "second")
        XCTAssertGreaterThan(first.count, 100)
        XCTAssertEqual(first.keys.sorted(), second.keys.sorted())
        XCTAssertTrue(first == second, "two builds of the same input differ")
    }

    func testFailedBuildLeavesThePreviousOutputExactlyAsItWas() throws {
        let project = repositoryCopy()
        XCTAssertEqual(CommandRun.handbook(["build"], in: project.root).exitCode, 0)
        let before = project.files(under: "public")
        let page = project.root.appendingPathComponent("content/en/sections/7.4.6.6.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(text.contains("sec:7.4.6.8"))
        try text.replacingOccurrences(of: "sec:7.4.6.8", with: "sec:7.4.7.8").write(to: page, atomically: true, encoding: .utf8)
        let run = CommandRun.handbook(["build"], in: project.root)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertTrue(
            run.stderr.contains("content/en/sections/7.4.6.6.md:")
                && run.stderr.contains("error: unknown section \"7.4.7.8\" (did you mean \"7.4.6.8\"?) [broken-link]"),
            run.stderr)
        XCTAssertTrue(project.files(under: "public") == before, "public/ changed after a failed build")
    }

    func testDataExportListsEveryPracticeAndSectionWithURLsThatExist() throws {
        let project = repositoryCopy()
        XCTAssertEqual(CommandRun.handbook(["build"], in: project.root).exitCode, 0)
        let files = project.files(under: "public")
        let json = try JSONSerialization.jsonObject(with: Data(files["data/handbook.json"]!)) as! [String: Any]
        let practices = json["practices"] as! [[String: Any]]
        let sections = json["sections"] as! [[String: Any]]
        XCTAssertEqual(practices.count, 33)
        XCTAssertEqual(practices.map { $0["id"] as! String }.first, "1.1")
        XCTAssertEqual(practices.map { $0["id"] as! String }.last, "4.1")
        XCTAssertGreaterThanOrEqual(sections.count, 132)
        for entry in practices + sections {
            for (_, url) in entry["urls"] as! [String: String] {
                XCTAssertNotNil(files[url.components(separatedBy: "#")[0]], "missing \(url)")
            }
        }
        // Each practice's sections are those its `sections:` names and those whose `practices:` name it.
        func listed(_ key: String, in path: String) throws -> [String] {
            let source = try String(contentsOf: project.root.appendingPathComponent(path), encoding: .utf8)
            let line = source.components(separatedBy: "\n").first { $0.hasPrefix(key + ":") } ?? ""
            return line.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        let sectionNumbers = sections.map { $0["number"] as! String }
        for entry in practices {
            let id = entry["id"] as! String
            let own = try listed("sections", in: "content/en/practices/\(id).md")
            let naming = try sectionNumbers.filter { try listed("practices", in: "content/en/sections/\($0).md").contains(id) }
            XCTAssertEqual(Set(entry["sections"] as? [String] ?? []), Set(own + naming), "practice \(id)")
        }
        XCTAssertEqual((practices.first { $0["id"] as? String == "1.10" }?["sections"] as? [String])?.isEmpty, false)
    }

    /// Over 5 MB the single-page edition is cut into parts by chapter, with `handbook.html` as its
    /// contents: every contents line, link between entries and part navigation lands on an id that
    /// exists in the part it names, and every language has the same parts.
    func testALargeSinglePageEditionIsSplitIntoPartsWhoseLinksLand() throws {
        let project = repositoryCopy()
        for (section, lines) in [("7.1", 40_000), ("11.1", 20_000)] {
            let page = project.root.appendingPathComponent("content/en/sections/\(section).md")
            let filler = (0..<lines).map { "Filler sentence \($0) that makes the page large.\n\n" }.joined()
            try (String(contentsOf: page, encoding: .utf8) + "\n" + filler).write(to: page, atomically: true, encoding: .utf8)
        }
        let run = CommandRun.handbook(["build"], in: project.root)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        let files = project.files(under: "public")
        let text = { (path: String) in files[path].map { String(decoding: $0, as: UTF8.self) } }
        let parts = files.keys.filter { $0.hasPrefix("en/handbook-") && $0.hasSuffix(".html") }.sorted()
        XCTAssertGreaterThanOrEqual(parts.count, 3, "\(parts)")
        for language in ["zh-Hant", "zh-Hans"] {
            XCTAssertEqual(
                files.keys.filter { $0.hasPrefix("\(language)/handbook-") && $0.hasSuffix(".html") }.sorted(),
                parts.map { $0.replacingOccurrences(of: "en/", with: "\(language)/") })
        }
        let contents = try XCTUnwrap(text("en/handbook.html"))
        XCTAssertFalse(contents.contains("class=\"print-entry\""), "the contents page holds no entries")
        XCTAssertTrue(contents.contains("href=\"handbook-1.html\""))
        // Each part's ids, read once: the parts are megabytes, and the links into them thousands.
        var ids: [String: Set<String>] = [:]
        let idsOf = { (path: String) -> Set<String>? in
            if let known = ids[path] { return known }
            guard let html = text(path) else { return nil }
            ids[path] = Set(LinkScanner.values(of: "id", in: html))
            return ids[path]
        }
        var landed = 0
        for path in ["en/handbook.html"] + parts {
            let html = try XCTUnwrap(text(path))
            if path != "en/handbook.html" {
                XCTAssertLessThan(files[path]!.count, 5_000_000, path)
                XCTAssertTrue(html.contains("href=\"handbook.html\""), "\(path) links back to the contents")
            }
            for target in LinkScanner.targets(in: html) where target.hasPrefix("#") || target.hasPrefix("handbook-") {
                let parts = target.split(separator: "#", maxSplits: 1).map(String.init)
                let file = target.hasPrefix("#") ? path : "en/" + parts[0]
                guard parts.count == 2 || target.hasPrefix("#"), let id = target.hasPrefix("#") ? parts.first : parts.last else { continue }
                let ids = try XCTUnwrap(idsOf(file), "\(path) links to \(target): no such file")
                XCTAssertTrue(ids.contains(id), "\(path) links to \(target), which has no such id")
                landed += 1
            }
        }
        XCTAssertGreaterThan(landed, 500)
        XCTAssertTrue(try XCTUnwrap(text(parts[0])).contains("rel=\"next\""))
    }

    func testWriteFailureNamesTheOutputPathAndTheSourceFileNotTheStagingFolder() {
        let project = TemporaryProject(
            files: """
                -- content/site.yaml --
                source_language: en
                languages:
                  - code: en
                    name: English
                -- content/en/pages/about.md --
                ---
                id: about
                title: About
                ---
                Body.
                """)
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content/en/strings.yaml"), to: "content/en/strings.yaml")
        let result = Build(paths: ProjectPaths(root: project.root)).run()
        XCTAssertTrue(result.succeeded, "\(result.diagnostics)")
        let origin = Build.origin(ofWritten: "/tmp/x/.public.staging-12/en/about.html", files: result.files, site: result.site)
        XCTAssertEqual(origin?.0, "en/about.html")
        XCTAssertEqual(origin?.1.description, "content/en/pages/about.md:2:5")
        XCTAssertNil(Build.origin(ofWritten: "/tmp/x/.public.staging-12/en/none.html", files: result.files, site: result.site))
    }
}

/// Reads attribute values out of generated HTML.
enum LinkScanner {
    /// Every link target (`href` and `src` values) of a page.
    static func targets(in html: String) -> [String] {
        values(of: "href", in: html) + values(of: "src", in: html)
    }

    /// The value of every ` name="…"` attribute of a page (generated pages quote every attribute),
    /// found in its bytes: Foundation's string search copies the rest of a megabyte page per match.
    static func values(of name: String, in html: String) -> [String] {
        let bytes = Array(html.utf8), opening = Array(" \(name)=\"".utf8), quote = UInt8(ascii: "\"")
        var values: [String] = []
        var index = 0
        while index + opening.count <= bytes.count {
            guard bytes[index] == opening[0], bytes[index..<(index + opening.count)].elementsEqual(opening) else {
                index += 1
                continue
            }
            let start = index + opening.count
            let end = bytes[start...].firstIndex(of: quote) ?? bytes.count
            values.append(String(decoding: bytes[start..<end], as: UTF8.self))
            index = end
        }
        return values
    }
}
