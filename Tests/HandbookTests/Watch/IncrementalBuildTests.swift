import Foundation
import HandbookTestSupport
import XCTest

@testable import Handbook

/// A watch session's output is a full build's output, always: random sequences of edits of every
/// kind, each followed by a rebuild, then compared byte for byte (files and diagnostics) with a
/// cold build of the same files into an empty folder. Seeded: a failure names the seed and the
/// edits that reproduce it. `HANDBOOK_LONG=1` (`bin/test --long`) runs many more sequences, and
/// over the committed handbook too.
final class IncrementalBuildTests: XCTestCase {
    private var project: TemporaryProject!
    private var builder: IncrementalBuild!
    private var long: Bool { ProcessInfo.processInfo.environment["HANDBOOK_LONG"] == "1" }

    private func start(with content: URL) {
        project = TemporaryProject()
        project.copy(content, to: "content")
        project.useRepositoryTemplates()
        // The handbook's WCAG catalogue, so that `wcag:` edits have criteria to name and map pages to change.
        if !FileManager.default.fileExists(atPath: project.root.appendingPathComponent("content/wcag.yaml").path) {
            project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content/wcag.yaml"), to: "content/wcag.yaml")
        }
        // And its synonym table, so that edits of it have search indexes and regional words to change.
        if !FileManager.default.fileExists(atPath: project.root.appendingPathComponent("content/synonyms.yaml").path) {
            project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content/synonyms.yaml"), to: "content/synonyms.yaml")
        }
        builder = IncrementalBuild(paths: ProjectPaths(root: project.root), epub: true)
    }

    func testRandomEditsOfTheFixtureMatchAFullBuild() {
        // HANDBOOK_SEED runs that seed alone (to reproduce a failure), in the long run too.
        let chosen = ProcessInfo.processInfo.environment["HANDBOOK_SEED"].flatMap(UInt64.init)
        let seeds: [UInt64] = chosen.map { [$0] } ?? (long ? Array(1...12) : [7])
        for seed in seeds {
            start(with: GoldenTests.fixture)
            checkRandomEdits(seed: seed, count: long ? 40 : 24)
        }
    }

    func testRandomEditsOfTheHandbookMatchAFullBuild() throws {
        try XCTSkipUnless(long, "the committed handbook is edited in the long run only (bin/test --long)")
        start(with: TemporaryProject.repositoryRoot.appendingPathComponent("content"))
        checkRandomEdits(seed: 1, count: 30)
    }

    /// A page is rendered again only when its context or the templates changed: the rest keep the
    /// bytes of the last run (the property test above shows those bytes are a full build's).
    func testOnlyPagesWhoseContextChangedAreRenderedAgain() throws {
        start(with: GoldenTests.fixture)
        let first = builder.rebuild(changed: [])
        XCTAssertTrue(first.succeeded, "\(first.diagnostics)")
        XCTAssertGreaterThan(first.rendered, 20)
        XCTAssertEqual(builder.rebuild(changed: []).rendered, 0, "nothing changed, nothing rendered")

        let practices = project.root.appendingPathComponent("content/en/practices")
        let page = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: practices.path).filter { $0.hasSuffix(".md") }.sorted().first)
        let path = "content/en/practices/" + page
        let text = try String(contentsOf: project.root.appendingPathComponent(path), encoding: .utf8)
        project.write(path, text + "\nOne more sentence of prose.\n")
        let prose = builder.rebuild(changed: [project.root.appendingPathComponent(path).path])
        XCTAssertTrue(prose.succeeded, "\(prose.diagnostics)")
        // The page, and the pages that show its body or words (the single-page edition, its part).
        XCTAssertGreaterThan(prose.rendered, 0)
        XCTAssertLessThan(prose.rendered, first.rendered / 4, "a sentence of prose rendered \(prose.rendered) of \(first.rendered) pages")
        // Contexts only for the pages that read the edited page whole: its own page in each
        // language and the generated pages made of every page (lists, A–Z, the single-page
        // edition). The other content pages link to it or list it by title, which did not change.
        let site = try XCTUnwrap(builder.lastSite)
        let languages = site.config.languages.count
        let contentPages = site.pages(in: site.config.sourceLanguage.code).count
        let generatedPages = first.contexts / languages - contentPages
        XCTAssertGreaterThanOrEqual(prose.contexts, prose.rendered)
        XCTAssertLessThanOrEqual(prose.contexts, languages * (1 + generatedPages),
                                 "a sentence of prose made \(prose.contexts) of \(first.contexts) contexts (\(contentPages) content pages a language)")
        XCTAssertNotNil(compareWithColdBuild(project, prose.diagnostics, from: "watch", context: "prose edit"))

        let layout = project.root.appendingPathComponent("templates/layout.mustache")
        let template = try String(contentsOf: layout, encoding: .utf8)
        project.write("templates/layout.mustache", template + "{{! edited }}\n")
        let edited = builder.rebuild(changed: [layout.path])
        XCTAssertEqual(edited.rendered, first.rendered, "a template edit renders every page")
    }

    /// Applies `count` random edits, rebuilding and comparing after each.
    private func checkRandomEdits(seed: UInt64, count: Int) {
        var random = SplitMix64(seed: seed)
        let first = builder.rebuild(changed: [])
        XCTAssertTrue(first.succeeded, "\(first.diagnostics)")
        var log: [String] = []
        var broken = false, brokenStreak = 0, compared = 0
        for _ in 0..<count {
            // A broken site compares diagnostics only; half the time the next edit repairs it, and
            // always after two edits made while broken, so that most edits are compared file by file
            // and some are made while the site is broken.
            let repair = broken && (brokenStreak >= 2 || random.next() % 2 == 0)
            let edits = repair ? [Edit.repairAll] : Edit.kinds.filter { $0.applies(project) }
            guard !edits.isEmpty else { break }
            let edit = edits[Int(random.next() % UInt64(edits.count))]
            let changed = edit.apply(project, &random)
            log.append(edit.name + " " + changed.map { $0.replacingOccurrences(of: project.root.path + "/", with: "") }.joined(separator: ","))
            let report = builder.rebuild(changed: changed)
            guard let succeeded = compare(report, context: "seed \(seed), edits:\n  " + log.joined(separator: "\n  ")) else { return }
            broken = !succeeded
            brokenStreak = broken ? brokenStreak + 1 : 0
            if succeeded { compared += 1 }
        }
        XCTAssertGreaterThanOrEqual(compared, count / 2, "too few edits left a site to compare file by file (seed \(seed)), edits:\n  " + log.joined(separator: "\n  "))
        // Bounded memory: after the edits, the session keeps exactly what a new session keeps.
        if broken { _ = builder.rebuild(changed: Edit.repairAll.apply(project, &random)) }
        let settled = builder.rebuild(changed: [])
        let fresh = IncrementalBuild(paths: ProjectPaths(root: project.root, output: "fresh"), epub: true)
        // Unused results are forgotten after a good run only; a sequence whose last break the repair
        // does not know (its files were compared above) has no good run to compare.
        guard fresh.rebuild(changed: []).succeeded, settled.succeeded else { return }
        // Fewer where a page's recorded reads held: the results its context was made from were not asked for.
        let kept = builder.keptResults, new = fresh.keptResults
        XCTAssertTrue(kept.count == new.count && zip(kept, new).allSatisfy { $0 <= $1 },
                      "seed \(seed): results kept after the edits, table by table, \(kept), against a new session's \(new)")
        try? FileManager.default.removeItem(at: project.root.appendingPathComponent("fresh"))
    }

    /// Whether the watched folder and the rebuild's diagnostics equal a cold build's into an empty
    /// folder: nil when they differ (a failure is recorded), else whether the site built and its
    /// files were compared.
    private func compare(_ report: IncrementalBuild.Report, context: String) -> Bool? {
        compareWithColdBuild(project, report.diagnostics, from: "watch", context: context)
    }
}

/// Whether `project`'s output folder and the `diagnostics` a build of it (by `from`) reported equal a
/// cold build's into an empty folder: nil when they differ (a failure is recorded), else whether the
/// site built and its files were compared. Shared by the watch and build-cache property tests.
func compareWithColdBuild(_ project: TemporaryProject, _ diagnostics: [Diagnostic], from: String, context: String) -> Bool? {
    let fresh = project.root.appendingPathComponent("fresh")
    try? FileManager.default.removeItem(at: fresh)
    defer { try? FileManager.default.removeItem(at: fresh) }
    let cold = Build(paths: ProjectPaths(root: project.root, output: "fresh"), epub: true).build()
    guard diagnostics == cold.diagnostics else {
        XCTFail("diagnostics differ from a cold build's after \(context)\n\(from): \(diagnostics)\ncold: \(cold.diagnostics)")
        return nil
    }
    guard cold.succeeded else { return false }
    let built = project.files(under: "public"), full = project.files(under: "fresh")
    let differing = Set(built.keys).symmetricDifference(full.keys).union(full.keys.filter { built[$0] != nil && built[$0] != full[$0] })
    guard differing.isEmpty else {
        XCTFail("\(differing.count) files differ from a cold build after \(context):\n  " + differing.sorted().prefix(12).joined(separator: "\n  "))
        return nil
    }
    return true
}

/// One kind of edit a maintainer, translator or designer makes (shared with `BuildCacheTests`).
struct Edit {
    let name: String
    /// Whether the project has something this edit can change.
    let applies: (TemporaryProject) -> Bool
    /// Makes the edit and returns the absolute paths it changed.
    let apply: (TemporaryProject, inout SplitMix64) -> [String]

    /// An edit of one file chosen among those under `folder` (relative to the project) ending in `suffix`.
    static func file(_ name: String, in folder: String, suffix: String = ".md", _ change: @escaping (String, inout SplitMix64) -> String?) -> Edit {
        Edit(name: name, applies: { !candidates($0, folder, suffix).isEmpty }) { project, random in
            let files = candidates(project, folder, suffix)
            let path = files[Int(random.next() % UInt64(files.count))]
            let url = project.root.appendingPathComponent(path)
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            guard let changed = change(text, &random), changed != text else { return [] }
            project.write(path, changed)
            return [url.path]
        }
    }

    /// An edit of front-matter `key` in one English page under `folder`, mirrored into its
    /// translations that repeat the key (translations follow the English).
    static func relation(_ name: String, key: String, in folder: String, _ value: @escaping (inout SplitMix64) -> String) -> Edit {
        Edit(name: name, applies: { !candidates($0, folder, ".md").isEmpty }) { project, random in
            let path = pick(candidates(project, folder, ".md"), &random)
            let line = key + ": " + value(&random)
            var changed: [String] = []
            for language in ["en", "zh-Hant", "zh-Hans"] {
                let own = path.replacingOccurrences(of: "content/en/", with: "content/\(language)/")
                let url = project.root.appendingPathComponent(own)
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                let edited = replacing(key, in: text, with: line.dropFirst(key.count + 2).description)
                    ?? (language == "en" ? text.replacingOccurrences(of: "\ntitle:", with: "\n\(line)\ntitle:") : text)
                guard edited != text else { continue }
                project.write(own, edited)
                changed.append(url.path)
            }
            return changed
        }
    }

    /// The files under `folder` ending in `suffix`; a `folder` ending in a partial name
    /// ("content/en/practices/1.") keeps the files whose names start with it.
    static func candidates(_ project: TemporaryProject, _ folder: String, _ suffix: String) -> [String] {
        let url = URL(fileURLWithPath: folder)
        let (parent, prefix) = folder.hasSuffix(".") ? (url.deletingLastPathComponent().relativePath, url.lastPathComponent) : (folder, "")
        return project.files(under: parent).keys.filter { $0.hasSuffix(suffix) && $0.hasPrefix(prefix) }.sorted().map { parent + "/" + $0 }
    }

    /// Renumbers section `from` to `to` as `handbook renumber` would: its files in every language
    /// move, and every reference to it follows.
    static func renumber(_ project: TemporaryProject, _ from: String, _ to: String) -> [String] {
        var changed: [String] = []
        for path in candidates(project, "content", ".md") {
            let url = project.root.appendingPathComponent(path)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let edited = text.replacingOccurrences(of: "\"\(from)\"", with: "\"\(to)\"")
                .replacingOccurrences(of: "sec:\(from))", with: "sec:\(to))").replacingOccurrences(of: "sec:\(from)#", with: "sec:\(to)#")
            var target = path
            if path.hasSuffix("/sections/\(from).md") {
                target = String(path.dropLast("\(from).md".count)) + "\(to).md"
                try? FileManager.default.removeItem(at: url)
                changed.append(url.path)
            }
            guard edited != text || target != path else { continue }
            project.write(target, edited)
            changed.append(project.root.appendingPathComponent(target).path)
        }
        return changed
    }

    /// `text` with the value of the front-matter `key` replaced, or nil when it has none.
    static func replacing(_ key: String, in text: String, with value: String) -> String? {
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) else { return nil }
        lines[index] = key + ": " + value
        return lines.joined(separator: "\n")
    }

    static func pick<T>(_ values: [T], _ random: inout SplitMix64) -> T { values[Int(random.next() % UInt64(values.count))] }

    static let words = ["screen reader", "contrast", "VoiceOver", "TalkBack", "timer", "label", "字幕", "對比度"]

    static let kinds: [Edit] = [
        file("prose", in: "content") { text, random in text + "\n\(pick(words, &random)) matters here.\n" },
        file("title", in: "content") { text, random in replacing("title", in: text, with: "Edited \(pick(words, &random)) \(random.next() % 100)") },
        file("summary", in: "content") { text, random in replacing("summary", in: text, with: "A summary about \(pick(words, &random)).") },
        file("reviewed", in: "content") { text, random in
            let day = "reviewed: 2026-0\(1 + random.next() % 9)-1\(random.next() % 10)"
            return replacing("reviewed", in: text, with: String(day.dropFirst("reviewed: ".count)))
                ?? text.replacingOccurrences(of: "\ntitle: ", with: "\n\(day)\ntitle: ")
        },
        file("heading", in: "content") { text, random in text + "\n## About \(pick(words, &random)) \(random.next() % 10)\n\nMore.\n" },
        file("code span", in: "content") { text, random in text + "\nCall `\(pick(["UIAccessibility.post", "setContentDescription", "accessibilityLabel"], &random))`.\n" },
        file("link", in: "content") { text, random in text + "\nSee [](\(pick(["bp:1.1", "bp:2.10", "sec:11.5", "sec:16.1", "sec:16", "sec:11"], &random))).\n" },
        file("broken link", in: "content") { text, _ in text + "\nSee [](sec:16.9).\n" },
        file("repair", in: "content") { text, _ in
            text.contains("[](sec:16.9)") || text.contains("parent: \"16.1\"")
                ? text.replacingOccurrences(of: "[](sec:16.9)", with: "[](sec:16)").replacingOccurrences(of: "parent: \"16.1\"\n", with: "") : nil
        },
        file("link removed", in: "content") { text, _ in
            guard let range = text.range(of: #"\[[^\]]*\]\((bp|sec):[^)]*\)"#, options: .regularExpression) else { return nil }
            return text.replacingCharacters(in: range, with: "that page")
        },
        relation("relation", key: "sections", in: "content/en/practices") { pick(["[\"16.1\"]", "[\"11.5\", \"16\"]", "[]"], &$0) },
        relation("practices", key: "practices", in: "content/en/sections") { pick(["[\"2.10\"]", "[\"1.1\", \"2.10\"]", "[]"], &$0) },
        relation("related", key: "related", in: "content/en/sections") { pick(["[\"16.1\"]", "[\"11.5\", \"16\"]", "[]"], &$0) },
        relation("category", key: "category", in: "content/en/practices/1.") { pick(["text", "sensory", "multimedia"], &$0) },
        relation("category", key: "category", in: "content/en/practices/2.") { pick(["navigation", "control"], &$0) },
        relation("wcag", key: "wcag", in: "content/en/practices") { pick(["[\"1.1.1\"]", "[\"2.2.1\", \"1.4.3\"]", "[]"], &$0) },
        relation("platform", key: "platform", in: "content/en/sections") { pick(["android", "ios", "common"], &$0) },
        file("parent cycle", in: "content/en/sections") { text, _ in text.contains("number: \"16\"") ? text.replacingOccurrences(of: "\ntitle:", with: "\nparent: \"16.1\"\ntitle:") : nil },
        file("invalid front matter", in: "content") { text, _ in text.replacingOccurrences(of: "\ntitle: ", with: "\ntitle: \"unclosed ") },
        file("repair front matter", in: "content") { text, _ in text.contains("title: \"unclosed ") ? text.replacingOccurrences(of: "title: \"unclosed ", with: "title: ") : nil },
        file("strings", in: "content", suffix: "strings.yaml") { text, random in
            guard let range = text.range(of: #"\n(footer_label|site_title|search_label): [^\n]*"#, options: .regularExpression) else { return nil }
            let key = text[range].dropFirst().split(separator: ":")[0]
            return text.replacingCharacters(in: range, with: "\n\(key): Edited \(random.next() % 100)")
        },
        file("glossary", in: "content", suffix: "glossary.yaml") { text, random in
            text + "  - en: \(pick(["timer", "label", "contrast"], &random))\n    zh-Hant: \(pick(["計時器", "標籤", "對比度"], &random))\n"
        },
        file("synonyms", in: "content", suffix: "synonyms.yaml") { text, random in
            // A new group for search, or an edition's own word made another region's (a regional-word warning).
            let number = random.next()
            return number % 2 == 0
                ? text + "  - reason: Edited.\n    en: [countdown\(number), timer\(number)]\n"
                : text.replacingOccurrences(of: "zh-Hant: [視像, 影片, 視頻]", with: "zh-Hant: [影片, 視像, 視頻]")
        },
        file("stylesheet", in: "templates/assets", suffix: "handbook.css") { text, random in text + "\n/* edited \(random.next() % 100) */\n" },
        file("template", in: "templates/partials", suffix: "footer.mustache") { text, random in
            text.replacingOccurrences(of: "<footer class=\"site-footer\"", with: "<footer class=\"site-footer\" data-edit=\"\(random.next() % 100)\"")
        },
        Edit(name: "static file", applies: { _ in true }) { project, random in
            // A file of static/, copied as it is: added the first time, changed after.
            let path = pick(["static/CNAME", "static/icons/favicon.svg"], &random)
            project.write(path, "edit \(random.next() % 1000)\n")
            return [project.root.appendingPathComponent(path).path]
        },
        Edit(name: "new section", applies: { _ in true }) { project, random in
            let number = pick(["16.2", "16.3", "11.6"], &random)
            let path = "content/en/sections/\(number).md"
            project.write(path, "---\nnumber: \"\(number)\"\ntitle: New \(pick(words, &random))\nsummary: A new section.\n---\n\nNew text with [](sec:16).\n")
            return [project.root.appendingPathComponent(path).path]
        },
        Edit(name: "delete page", applies: { !candidates($0, "content", ".md").filter(deletable).isEmpty }) { project, random in
            let path = pick(candidates(project, "content", ".md").filter(deletable), &random)
            let url = project.root.appendingPathComponent(path)
            try? FileManager.default.removeItem(at: url)
            return [url.path]
        },
        Edit(name: "renumber section", applies: { _ in true }) { project, _ in
            let renamed = FileManager.default.fileExists(atPath: project.root.appendingPathComponent("content/en/sections/16.4.md").path)
            return renamed ? renumber(project, "16.4", "16.1") : renumber(project, "16.1", "16.4")
        },
        Edit(name: "translation", applies: { !candidates($0, "content/en/sections", ".md").isEmpty }) { project, random in
            // A translation keeps the English headings (their anchors must match) and has its own title and words.
            let source = pick(candidates(project, "content/en/sections", ".md"), &random)
            let english = (try? String(contentsOf: project.root.appendingPathComponent(source), encoding: .utf8)) ?? ""
            let text = (replacing("title", in: english, with: "譯文 \(random.next() % 100)") ?? english) + "\n譯文。\n"
            let path = source.replacingOccurrences(of: "content/en/", with: "content/zh-Hant/")
            project.write(path, text)
            return [project.root.appendingPathComponent(path).path]
        },
        Edit(name: "image", applies: { _ in true }) { project, random in
            let side = 10 + Int(random.next() % 50)
            project.write("content/images/flow.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side)\" height=\"\(side)\"><rect width=\"\(side)\" height=\"\(side)\"/></svg>\n")
            let page = "content/en/sections/11.5.md"
            let url = project.root.appendingPathComponent(page)
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            if !text.isEmpty, !text.contains("](flow.svg)") { project.write(page, text + "\n![The flow of screens](flow.svg)\n") }
            return [project.root.appendingPathComponent("content/images/flow.svg").path, url.path]
        },
    ]

    /// Undoes every edit that breaks the site (an unclosed quote, a broken link, a parent cycle, a
    /// heading its translations do not have).
    static let repairAll = Edit(name: "repair all", applies: { _ in true }) { project, _ in
        // Sections renumbered back, so that edits naming 16.1 find it.
        let renumbered = FileManager.default.fileExists(atPath: project.root.appendingPathComponent("content/en/sections/16.4.md").path)
            ? renumber(project, "16.4", "16.1") : []
        return renumbered + candidates(project, "content", ".md").compactMap { path in
            let url = project.root.appendingPathComponent(path)
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            let repaired = text.replacingOccurrences(of: "title: \"unclosed ", with: "title: ")
                .replacingOccurrences(of: "[](sec:16.9)", with: "[](sec:16)").replacingOccurrences(of: "parent: \"16.1\"\n", with: "")
                // A heading added to an English page breaks its translations' anchors until they follow.
                .replacingOccurrences(of: #"\n## About [^\n]*\n\nMore\.\n"#, with: "", options: .regularExpression)
            guard repaired != text else { return nil }
            project.write(path, repaired)
            return url.path
        }
    }

    /// Deleting these would take a required page away, which a later edit cannot repair.
    static func deletable(_ path: String) -> Bool { path.contains("/zh-Hant/") || path.hasSuffix("/16.2.md") || path.hasSuffix("/16.3.md") || path.hasSuffix("/11.6.md") }
}

/// A small seeded generator (SplitMix64), so that a failing sequence can be run again.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension GoldenTests {
    /// The fixture site with one current, one outdated and several missing translations.
    static let fixture = TemporaryProject.repositoryRoot.appendingPathComponent("Tests/GoldenTests/Fixtures/site/basic/content")
}

/// A namespace for the golden fixtures' location, shared with the golden tests' target.
enum GoldenTests {}
