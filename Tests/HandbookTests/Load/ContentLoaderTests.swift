import HandbookTestSupport
import XCTest

@testable import Handbook

final class ContentLoaderTests: XCTestCase {
    private func load(_ project: TemporaryProject) -> (LoadedContent?, [Diagnostic]) {
        let engine = DiagnosticEngine()
        let content = ContentLoader(paths: ProjectPaths(root: project.root), diagnostics: engine).load()
        return (content, engine.diagnostics)
    }

    private let site = """
        -- content/site.yaml --
        source_language: en
        languages:
          - code: en
            name: English
          - code: zh-Hant
            name: 繁體中文
        """

    func testLanguageTagDefaultsToTheFolderCodeAndCanBeGiven() {
        let project = TemporaryProject(files: """
            -- content/site.yaml --
            source_language: en
            languages:
              - code: en
                name: English
              - code: zh-Hant
                name: 繁體中文
                tag: zh-Hant-HK
            """)
        project.write("content/en/pages/about.md", "---\nid: about\ntitle: About\n---\nBody\n")
        let (content, diagnostics) = load(project)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(content?.config.languages.map(\.code), ["en", "zh-Hant"])
        XCTAssertEqual(content?.config.languages.map(\.tag), ["en", "zh-Hant-HK"])
        XCTAssertEqual(content?.config.tag(of: "zh-Hant"), "zh-Hant-HK")
    }

    func testByteOrderMarkAndCRLFAreAcceptedAndHashKeepsStoredBytes() {
        let project = TemporaryProject(files: site)
        let bytes = [0xEF, 0xBB, 0xBF] + Array("---\r\nid: about\r\ntitle: About\r\n---\r\nBody\r\n".utf8)
        project.write("content/en/pages/about.md", bytes: bytes)
        let (content, diagnostics) = load(project)
        XCTAssertEqual(diagnostics, [])
        let file = content?.pages.first
        XCTAssertEqual(file?.text, "---\nid: about\ntitle: About\n---\nBody\n")
        XCTAssertEqual(file?.hash, SHA256.hex(bytes))
    }

    func testInvalidUTF8IsReportedAtItsLineAndColumn() {
        let project = TemporaryProject(files: site)
        project.write("content/en/pages/about.md", bytes: Array("---\nid: about\ntitle: Ab".utf8) + [0xFF] + Array("\n---\n".utf8))
        let (_, diagnostics) = load(project)
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["invalid-utf8"])
        XCTAssertEqual(diagnostics.first?.location.description, "content/en/pages/about.md:3:10")
    }

    func testUnknownLanguageFolderSuggestsTheNearestCode() {
        let project = TemporaryProject(files: site + "\n-- content/zh-hant/pages/a.md --\nx\n")
        let (_, diagnostics) = load(project)
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["unknown-language"])
        XCTAssertEqual(diagnostics.first?.notes.first?.message, "did you mean \"zh-Hant\"?")
    }

    func testSymbolicLinkLeavingContentIsRejected() throws {
        let project = TemporaryProject(files: site + "\n-- outside.md --\n---\nid: x\ntitle: X\n---\n")
        try FileManager.default.createDirectory(
            at: project.root.appendingPathComponent("content/en/pages"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: project.root.appendingPathComponent("content/en/pages/x.md").path,
            withDestinationPath: project.root.appendingPathComponent("outside.md").path)
        let (content, diagnostics) = load(project)
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["path-escape"])
        XCTAssertEqual(content?.pages.count, 0)
    }

    func testOversizedFileIsRejected() {
        let project = TemporaryProject(files: site)
        project.write("content/en/pages/big.md", String(repeating: "a", count: 5 * 1024 * 1024))
        let (_, diagnostics) = load(project)
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["file-too-large"])
    }

    // MARK: - Files that are not regular files

    func testFIFONamedLikeAPageIsReportedAndNeverOpened() {
        let project = TemporaryProject(files: site)
        project.write("content/en/pages/keep.md", "---\nid: keep\ntitle: K\n---\n")
        XCTAssertEqual(mkfifo(project.root.appendingPathComponent("content/en/pages/x.md").path, 0o644), 0)
        // Opening the FIFO would block this test for ever; the loader must only look at it.
        let (content, diagnostics) = load(project)
        XCTAssertEqual(diagnostics.map(\.message), ["this is a named pipe (FIFO), not a regular file; it was not read"])
        XCTAssertEqual(diagnostics.first?.location.description, "content/en/pages/x.md")
        XCTAssertEqual(content?.pages.map(\.path), ["content/en/pages/keep.md"])
    }

    func testFolderNamedLikeAPageIsCalledAFolder() {
        let project = TemporaryProject(files: site + "\n-- content/en/pages/dir.md/a.txt --\nx\n")
        let (_, diagnostics) = load(project)
        XCTAssertEqual(diagnostics.map(\.message), ["\"dir.md\" is a folder; pages/ holds Markdown files, not folders"])
    }

    func testSymbolicLinkLoopIsCalledALoop() throws {
        let project = TemporaryProject(files: site)
        try FileManager.default.createDirectory(
            at: project.root.appendingPathComponent("content/en/pages"), withIntermediateDirectories: true)
        let loop = project.root.appendingPathComponent("content/en/pages/loop.md").path
        XCTAssertEqual(symlink(loop, loop), 0)
        let (_, diagnostics) = load(project)
        XCTAssertEqual(diagnostics.map(\.message), ["this is a symbolic link that loops back on itself"])
    }

    func testPathsThatDifferOnlyInCaseCollide() {
        let project = TemporaryProject(
            files: site + "\n-- content/en/pages/about.md --\n---\nid: about\ntitle: A\n---\n"
                + "-- content/en/pages/About.md --\n---\nid: About\ntitle: A\n---\n")
        let (_, diagnostics) = load(project)
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["case-collision"])
        XCTAssertEqual(diagnostics.first?.location.description, "content/en/pages/about.md")
        XCTAssertEqual(diagnostics.first?.notes.first?.location?.description, "content/en/pages/About.md")
    }

    func testUnreadableStringsFileIsRememberedSoItIsNotCalledMissing() {
        let project = TemporaryProject(files: site)
        project.write("content/en/strings.yaml", bytes: Array("a: caf".utf8) + [0xE9] + Array("\n".utf8))
        let (content, diagnostics) = load(project)
        XCTAssertEqual(diagnostics.map { "\($0.location) \($0.code.rawValue)" }, ["content/en/strings.yaml:1:7 invalid-utf8"])
        XCTAssertEqual(content?.unreadableStrings, ["en"])
    }

    // MARK: - Language codes

    func testLanguageCodesMustBeBCP47AndNoOutputFolder() {
        let project = TemporaryProject(
            files: """
                -- content/site.yaml --
                source_language: en
                languages:
                  - code: en
                    name: English
                  - code: ../x
                    name: X
                  - code: assets
                    name: A
                  - code: zh-hant
                    name: Z
                  - code: pt-BR
                    name: P
                  - code: es-419
                    name: S
                  - code: zh-Hans-CN
                    name: C
                """)
        let (content, diagnostics) = load(project)
        XCTAssertNil(content)
        XCTAssertEqual(diagnostics.map(\.location.description), ["content/site.yaml:5:11", "content/site.yaml:7:11", "content/site.yaml:9:11"])
        XCTAssertEqual(Set(diagnostics.map(\.code.rawValue)), ["language-code"])
        XCTAssertEqual(diagnostics.last?.notes.first?.message, "did you mean \"zh-Hant\"?")
    }
}
