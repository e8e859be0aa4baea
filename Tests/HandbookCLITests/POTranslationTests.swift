import Foundation
import HandbookTestSupport
import XCTest

/// The PO route on a copy of the real content in a git repository: export, the gettext tools'
/// verdict on the catalogs, import, and the import's refusals.
final class POTranslationTests: XCTestCase {
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")
    private var project: TemporaryProject!

    override func setUpWithError() throws {
        project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content"), to: "content")
        project.useRepositoryTemplates()
        try XCTSkipUnless(tool(["git", "init", "-q"]).status == 0, "git is not installed")
        XCTAssertEqual(tool(git + ["add", "-A"]).status, 0)
        XCTAssertEqual(tool(git + ["commit", "-q", "-m", "content"]).status, 0)
    }

    override func tearDown() { project = nil }

    func testExportThenImportLeavesBothChineseEditionsByteIdentical() throws {
        let before = project.files(under: "content")
        for language in ["zh-Hant", "zh-Hans"] {
            let export = run(["i18n", "export", "--lang", language, "--out", "po/\(language)"])
            XCTAssertEqual(export.exitCode, 0, export.stderr)
            XCTAssertEqual(export.stdout, "po/\(language): 172 PO file(s) for \(language)\n")
        }
        // The Language headers Poedit and Weblate write name the same editions.
        for (language, header) in ["zh-Hant": "zh_Hant_HK", "zh-Hans": "zh_CN"] {
            let folder = project.root.appendingPathComponent("po/\(language)")
            for name in FileManager.default.enumerator(atPath: folder.path)!.compactMap({ $0 as? String }) where name.hasSuffix(".po") {
                let url = folder.appendingPathComponent(name)
                let text = try String(contentsOf: url, encoding: .utf8)
                let renamed = text.replacingOccurrences(of: "\"Language: \(language)\\n\"", with: "\"Language: \(header)\\n\"")
                XCTAssertNotEqual(renamed, text, name)
                try renamed.write(to: url, atomically: true, encoding: .utf8)
            }
        }
        for language in ["zh-Hant", "zh-Hans"] {
            let imported = run(["i18n", "import", "po/\(language)"])
            XCTAssertEqual(imported.exitCode, 0, imported.stderr)
            XCTAssertEqual(imported.stdout, "0 file(s) updated\n")
        }
        XCTAssertEqual(project.files(under: "content"), before)
    }

    func testEveryCatalogPassesMsgfmtAndPofilter() throws {
        try XCTSkipUnless(tool(["msgfmt", "--version"]).status == 0 && tool(["pofilter", "--version"]).status == 0, "gettext or translate-toolkit missing")
        for language in ["zh-Hant", "zh-Hans"] {
            XCTAssertEqual(run(["i18n", "export", "--lang", language, "--out", "po/\(language)"]).exitCode, 0)
            let folder = project.root.appendingPathComponent("po/\(language)")
            let files = FileManager.default.enumerator(atPath: folder.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".po") }.sorted()
            XCTAssertEqual(files.count, 172)
            // One shell runs msgfmt on every catalog, rather than a process started from here for each.
            let check = tool(["sh", "-c", "for file in \"$@\"; do msgfmt --check -o /dev/null \"$file\" 2>&1 || echo \"$file: msgfmt failed\"; done", "msgfmt"]
                + files.map { "po/\(language)/\($0)" })
            XCTAssertEqual(check.status, 0, check.output)
            XCTAssertFalse(check.output.contains("error") || check.output.contains("failed"), check.output)
            // Current translations keep the English's placeholders and markup.
            // Msgids carry no line breaks of the English source (a re-wrap changes no msgid).
            let filtered = tool(["pofilter", "--progress=none", "--nofuzzy", "-t", "variables", "-t", "xmltags", "-t", "newlines", "po/\(language)", "failures-\(language)"])
            XCTAssertEqual(filtered.status, 0, filtered.output)
            let failures = FileManager.default.enumerator(atPath: project.root.appendingPathComponent("failures-\(language)").path)?
                .compactMap { $0 as? String }.filter { $0.hasSuffix(".po") } ?? []
            XCTAssertEqual(failures, [], "pofilter failures for \(language)")
        }
    }

    func testACatalogExportedBeforeTheEnglishWasRewrappedStillImports() throws {
        XCTAssertEqual(run(["i18n", "export", "--lang", "zh-Hant", "--out", "po"]).exitCode, 0)
        // The maintainer re-wraps an English paragraph; the translator revises its translation.
        try edit("content/en/practices/2.10.md") { $0.replacingOccurrences(of: "start a timer on your own watch, and wait.", with: "start a timer on your own\nwatch, and wait.") }
        let catalog = try String(contentsOf: project.root.appendingPathComponent("po/practices/2.10.po"), encoding: .utf8)
        let msgid = catalog.components(separatedBy: "\n\n").first { $0.contains("start a timer on your own watch, and wait.") }
        let block = try XCTUnwrap(msgid, "no entry holds the paragraph")
        let old = try XCTUnwrap(block.components(separatedBy: "msgstr \"").last?.components(separatedBy: "\"").first, block)
        try edit("po/practices/2.10.po") { $0.replacingOccurrences(of: "msgstr \"\(old)\"", with: "msgstr \"\(old)（已修訂）\"") }
        let imported = run(["i18n", "import", "po"])
        XCTAssertEqual(imported.exitCode, 0, imported.stderr)
        XCTAssertTrue(try String(contentsOf: project.root.appendingPathComponent("content/zh-Hant/practices/2.10.md"), encoding: .utf8).contains("（已修訂）"))
    }

    func testAStaleEntryIsSkippedAndTheRestIsImported() throws {
        XCTAssertEqual(run(["i18n", "export", "--lang", "zh-Hant", "--out", "po"]).exitCode, 0)
        // After the export the English of one block changes; the translator revises another.
        try edit("content/en/practices/2.10.md") { $0.replacingOccurrences(of: "start a timer on your own watch, and wait.", with: "start a stopwatch, and wait.") }
        try edit("po/practices/2.10.po") { $0.replacingOccurrences(of: "msgstr \"受惠人士\"", with: "msgstr \"受惠的人\"") }
        let before = project.files(under: "content")
        let dry = run(["i18n", "import", "--dry-run", "po"])
        XCTAssertEqual(dry.exitCode, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("content/zh-Hant/practices/2.10.md: would be updated"), dry.stdout)
        XCTAssertEqual(project.files(under: "content"), before, "--dry-run wrote")
        let imported = run(["i18n", "import", "po"])
        XCTAssertEqual(imported.exitCode, 0, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("warning: unknown msgid") && imported.stderr.contains("; skipped [po-unknown-msgid]"), imported.stderr)
        XCTAssertTrue(imported.stdout.contains("1 file(s) updated; 1 entry skipped"), imported.stdout)
        XCTAssertTrue(try String(contentsOf: project.root.appendingPathComponent("content/zh-Hant/practices/2.10.md"), encoding: .utf8).contains("## 受惠的人"))
    }

    func testFuzzyEntriesAgreeWithMsgmerge() throws {
        try XCTSkipUnless(tool(["msgmerge", "--version"]).status == 0, "gettext missing")
        XCTAssertEqual(run(["i18n", "export", "--lang", "zh-Hant", "--out", "old"]).exitCode, 0)
        try edit("content/en/practices/2.10.md") {
            $0.replacingOccurrences(of: "start a timer on your own watch, and wait.", with: "start a stopwatch, and wait without typing.")
        }
        XCTAssertEqual(tool(git + ["commit", "-q", "-am", "English edit"]).status, 0)
        XCTAssertEqual(run(["i18n", "export", "--lang", "zh-Hant", "--out", "new"]).exitCode, 0)
        let ours = try String(contentsOf: project.root.appendingPathComponent("new/practices/2.10.po"), encoding: .utf8)
        XCTAssertTrue(ours.contains("""
            #, fuzzy
            #| msgid "Open the registration form, start a timer on your own watch, and wait. Note when the warning appears and whether the typed data survives."
            msgid "Open the registration form, start a stopwatch, and wait without typing. Note when the warning appears and whether the typed data survives."
            """), ours)
        XCTAssertEqual(tool(["msgmerge", "-q", "--previous", "-o", "merged.po", "old/practices/2.10.po", "new/practices/2.10.po"]).status, 0)
        let theirs = tool(["msgattrib", "--only-fuzzy", "--no-wrap", "merged.po"]).output
        let fuzzy = tool(["msgattrib", "--only-fuzzy", "--no-wrap", "new/practices/2.10.po"]).output
        XCTAssertTrue(fuzzy.contains("#, fuzzy"), fuzzy)
        XCTAssertEqual(fuzzy, theirs)
        // A fuzzy entry imported unchanged stays outdated; without the flag it is recorded current.
        XCTAssertEqual(run(["i18n", "import", "new"]).stdout, "0 file(s) updated\n")
        try edit("new/practices/2.10.po") {
            $0.replacingOccurrences(of: "#, fuzzy\n#| msgid \"Open the registration form, start a timer on your own watch, and wait. Note when the warning appears and whether the typed data survives.\"\n", with: "")
                .replacingOccurrences(of: "以自己的手錶開始計時，然後等待", with: "開始以秒錶計時，然後不作輸入地等待")
        }
        let imported = run(["i18n", "import", "new"])
        XCTAssertEqual(imported.stdout, "content/zh-Hant/practices/2.10.md: updated\n1 file(s) updated\n", imported.stderr)
        let status = run(["i18n", "status"]).stdout
        XCTAssertTrue(status.contains("zh-Hant: 170/170 pages current"), status)
        XCTAssertTrue(status.contains("zh-Hans: 169/170 pages current"), status)
    }

    func testAPartialImportRecordsTheBlocksItImported() throws {
        // A translation made by hand, with no record: every entry is exported fuzzy.
        try edit("content/zh-Hant/practices/2.10.md") { text in
            text.components(separatedBy: "\n").filter { !$0.hasPrefix("source_blocks:") && !$0.hasPrefix("translation_hash:") }.joined(separator: "\n")
        }
        XCTAssertEqual(run(["i18n", "export", "--lang", "zh-Hant", "--out", "po"]).exitCode, 0)
        // The translator reviews the title and the first paragraph only.
        var reviewed = 0
        try edit("po/practices/2.10.po") { text in
            text.components(separatedBy: "\n\n").enumerated().map { index, entry in
                guard index > 0, reviewed < 2, entry.contains("#, fuzzy\n") else { return entry }
                reviewed += 1
                return entry.replacingOccurrences(of: "#, fuzzy\n", with: "")
            }.joined(separator: "\n\n")
        }
        let imported = run(["i18n", "import", "po"])
        XCTAssertEqual(imported.stdout, "content/zh-Hant/practices/2.10.md: updated\n1 file(s) updated\n", imported.stderr)
        let translation = try String(contentsOf: project.root.appendingPathComponent("content/zh-Hant/practices/2.10.md"), encoding: .utf8)
        let record = try XCTUnwrap(translation.components(separatedBy: "\n").first { $0.hasPrefix("source_blocks:") }, translation)
        let blocks = record.dropFirst("source_blocks: \"".count).dropLast().split(separator: " ")
        // The two reviewed blocks and the two code blocks, which are the English's code.
        XCTAssertEqual(blocks.filter { $0 != "-" }.count, 4, record)
        XCTAssertEqual(blocks.count, 26, record)
        let status = run(["i18n", "status"]).stdout
        XCTAssertTrue(status.contains("outdated: bp:2.10 (22 changed blocks; see i18n diff bp:2.10 --lang zh-Hant)"), status)
        XCTAssertFalse(status.contains("untracked: bp:2.10"), status)
        // The diff shows the translation's links as written, like the English's.
        let diff = run(["i18n", "diff", "bp:2.10", "--lang", "zh-Hant"]).stdout
        XCTAssertTrue(diff.contains("\n    = 時限會") && diff.contains("成功準則[](wcag:2.2.1)"), diff)
    }

    /// init + export + msgen + import: every page is made from its catalog, and the site checks clean
    /// (on the small fixture: the route is the same for 170 pages, only slower).
    func testANewLanguageIsMadeFromPOAlone() throws {
        try XCTSkipUnless(tool(["msgen", "--version"]).status == 0, "gettext missing")
        project = TemporaryProject()
        project.copy(I18nCommandTests.fixture, to: "content")
        project.useRepositoryTemplates()
        XCTAssertEqual(run(["i18n", "init", "ja", "--name", "日本語"]).exitCode, 0)
        XCTAssertEqual(run(["i18n", "export", "--lang", "ja", "--out", "po"]).exitCode, 0)
        let folder = project.root.appendingPathComponent("po")
        for name in FileManager.default.enumerator(atPath: folder.path)!.compactMap({ $0 as? String }) where name.hasSuffix(".po") {
            XCTAssertEqual(tool(["msgen", "-o", "po/\(name)", "po/\(name)"]).status, 0, name)
        }
        try edit("po/practices/2.10.po") { $0.replacingOccurrences(of: "msgid \"Who it helps\"\nmsgstr \"Who it helps\"", with: "msgid \"Who it helps\"\nmsgstr \"役立つ人\"") }
        let imported = run(["i18n", "import", "po"])
        XCTAssertEqual(imported.exitCode, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("content/ja/practices/2.10.md: updated\n") && imported.stdout.hasSuffix("10 file(s) updated\n"), imported.stdout)
        let page = try String(contentsOf: project.root.appendingPathComponent("content/ja/practices/2.10.md"), encoding: .utf8)
        XCTAssertTrue(page.contains("\n## 役立つ人 {#who-it-helps}\n"), page)
        XCTAssertTrue(page.hasPrefix("---\nid: \"2.10\"\n"), page)
        let check = run(["check"])
        XCTAssertEqual(check.exitCode, 0, check.stderr)
        XCTAssertFalse(check.stderr.contains(": error:"), check.stderr)
        let status = run(["i18n", "status"]).stdout
        XCTAssertTrue(status.contains("ja: 8/8 pages current"), status)
    }

    func testAnImportedTranslationShowsOnTheBuiltPage() throws {
        XCTAssertEqual(run(["i18n", "export", "--lang", "zh-Hans", "--out", "po"]).exitCode, 0)
        try edit("po/practices/2.10.po") { $0.replacingOccurrences(of: "msgstr \"任何在填写中途被电话打断的人。\"", with: "msgstr \"任何在中途接到电话的人。\"") }
        let imported = run(["i18n", "import", "po"])
        XCTAssertEqual(imported.stdout, "content/zh-Hans/practices/2.10.md: updated\n1 file(s) updated\n", imported.stderr)
        let translation = try String(contentsOf: project.root.appendingPathComponent("content/zh-Hans/practices/2.10.md"), encoding: .utf8)
        XCTAssertTrue(translation.contains("\n- 任何在中途接到电话的人。\n"), translation)
        let build = run(["build"])
        XCTAssertEqual(build.exitCode, 0, build.stderr)
        let page = try String(contentsOf: project.root.appendingPathComponent("public/zh-Hans/practices/2.10.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<li>任何在中途接到电话的人。</li>"), page)
        XCTAssertTrue(run(["i18n", "status", "--strict"]).exitCode == 0)
    }

    func testBadCatalogsAreRejectedAndNothingIsWritten() throws {
        XCTAssertEqual(run(["i18n", "export", "--lang", "zh-Hant", "--out", "po"]).exitCode, 0)
        try edit("po/practices/2.10.po") {
            $0.replacingOccurrences(of: "msgid \"Who it helps\"", with: "msgid \"Who it serves\"")
                .replacingOccurrences(of: "`CountDownTimer` 適合用於表格的時限", with: "`CountdownTimer` 適合用於表格的時限")
                .replacingOccurrences(of: "msgstr \"任何中途被電話打斷的人。\"", with: "msgstr \"- 任何中途被電話打斷的人。\"")
        }
        try edit("po/practices/1.7.po") { $0.replacingOccurrences(of: "[](sec:7.1)為兩個範本", with: "[](sec:7.2)為兩個範本") }
        try edit("po/strings.po") { $0.replacingOccurrences(of: "msgstr \"程式詳情（第 {index} 項，共 {count} 項）\"", with: "msgstr \"程式詳情（第 {index} 項，共 {總數} 項）\"") }
        try edit("po/sections/6.2.po") { $0.replacingOccurrences(of: "msgstr \"不適用\"", with: "msgstr \"不 | 適用\"") }
        // Inline raw HTML, which the build refuses: refused here, at its PO line.
        try edit("po/practices/1.3.po") { $0.replacingOccurrences(of: "設定頁面提供小、中、大三種", with: "設定頁面提供<b onmouseover=alert(1)>小、中、大</b>三種") }
        let before = project.files(under: "content")
        let imported = run(["i18n", "import", "po"])
        XCTAssertEqual(imported.exitCode, 1)
        XCTAssertEqual(imported.stdout, "")
        Golden.assertText(imported.stderr, equal: Self.expected.appendingPathComponent("po-import-errors.txt"))
        XCTAssertEqual(project.files(under: "content"), before)
    }

    func testXLIFFFromPoTwoXliffComesBackUnchanged() throws {
        try XCTSkipUnless(tool(["po2xliff", "--version"]).status == 0, "translate-toolkit missing")
        XCTAssertEqual(run(["i18n", "export", "--lang", "zh-Hant", "--out", "po"]).exitCode, 0)
        XCTAssertEqual(tool(["po2xliff", "--progress=none", "po", "xliff"]).status, 0)
        let xliff = try String(contentsOf: project.root.appendingPathComponent("xliff/practices/2.10.xliff"), encoding: .utf8)
        XCTAssertTrue(xliff.contains("<source>Who it helps</source>"), xliff)
        XCTAssertTrue(xliff.contains("<target state=\"translated\">受惠人士</target>"), xliff)
        XCTAssertEqual(tool(["xliff2po", "--progress=none", "xliff", "back"]).status, 0)
        let before = project.files(under: "content")
        let imported = run(["i18n", "import", "back"])
        XCTAssertEqual(imported.exitCode, 0, imported.stderr)
        XCTAssertEqual(project.files(under: "content"), before)
    }

    private var git: [String] { ["git", "-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"] }

    private func run(_ arguments: [String]) -> CommandRun { CommandRun.handbook(arguments, in: project.root) }

    private func edit(_ path: String, _ change: (String) -> String) throws {
        let url = project.root.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let changed = change(text)
        XCTAssertNotEqual(changed, text, "the edit of \(path) changed nothing")
        try changed.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Runs a tool in the project; its status and what it printed on both streams.
    private func tool(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = project.root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        guard let exit = try? process.start() else { return (-1, "") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        exit.wait()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
