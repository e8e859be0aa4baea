import HandbookTestSupport
import XCTest

@testable import Handbook

/// Every code block that says the guide prints it (`guide:SECTION`) uses only identifiers the
/// guide's text holds, in a section the guide has: a reader who copies it gets the templates'
/// names, not ours.
///
/// The guide itself (`../shared/seeds/000_*.txt`) is not in the repository, so the names and
/// sections it vouches for are: `GuideVocabulary.txt`, facts taken from it. The blocks are always
/// checked against that list, so the test never skips; where the guide is present, every entry of
/// the list is also checked against the guide (`UPDATE_GOLDEN=1` rewrites the list from it).
final class GuideCodeTests: XCTestCase {
    static let vocabularyFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GuideVocabulary.txt")

    func testGuideCodeBlocksUseTheGuidesIdentifiers() throws {
        let root = TemporaryProject.repositoryRoot
        var sections = Set<String>(), identifiers = Set<String>()
        var checked = 0
        var problems: [String] = []
        var used: [(path: String, line: Int, section: String, identifiers: Set<String>)] = []
        let content = root.appendingPathComponent("content")
        let files = FileManager.default.enumerator(atPath: content.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted() ?? []
        for path in files {
            let text = try String(contentsOf: content.appendingPathComponent(path), encoding: .utf8)
            for block in Self.fencedBlocks(text) {
                guard case .guide(let section)? = CodeProvenance(info: block.info) else { continue }
                checked += 1
                used.append((path, block.line, section, Self.identifiers(in: block.code)))
            }
        }
        XCTAssertGreaterThan(checked, 0, "no guide: code block was found; the test would prove nothing")
        if let guide = Self.guide() {
            // The guide's text wraps long names over lines ("button_b\nack"); joined, they are found.
            let joined = guide.replacingOccurrences(of: "\n", with: "")
            let inGuide = { (name: String) in guide.contains(name) || joined.contains(name) }
            let hasSection = { (section: String) in guide.contains(section + " ") || guide.contains(section + "\n") }
            for block in used {
                if !hasSection(block.section) { problems.append("\(block.path):\(block.line): the guide has no section \(block.section)") }
                for name in block.identifiers.sorted() where !inGuide(name) { problems.append("\(block.path):\(block.line): \(name) is not in the guide") }
            }
            if Golden.isRecording {
                let lines = Set(used.map { "section " + $0.section }).union(used.flatMap(\.identifiers).filter(inGuide)).sorted()
                try (lines.joined(separator: "\n") + "\n").write(to: Self.vocabularyFile, atomically: true, encoding: .utf8)
            }
            let (listed, names) = try Self.vocabulary()
            for section in listed.sorted() where !hasSection(section) { problems.append("GuideVocabulary.txt: the guide has no section \(section)") }
            for name in names.sorted() where !inGuide(name) { problems.append("GuideVocabulary.txt: \(name) is not in the guide") }
        }
        (sections, identifiers) = try Self.vocabulary()
        for block in used {
            if !sections.contains(block.section) { problems.append("\(block.path):\(block.line): section \(block.section) is not in GuideVocabulary.txt") }
            for name in block.identifiers.sorted() where !identifiers.contains(name) {
                problems.append("\(block.path):\(block.line): \(name) is not in GuideVocabulary.txt (run the test with the guide and UPDATE_GOLDEN=1)")
            }
        }
        XCTAssertEqual(problems, [])
    }

    /// The guide's text, when it is beside the repository.
    static func guide() -> String? {
        let seeds = TemporaryProject.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/seeds")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: seeds.path)) ?? []
        guard let name = names.sorted().first(where: { $0.hasPrefix("000_") && $0.hasSuffix(".txt") }) else { return nil }
        return try? String(contentsOf: seeds.appendingPathComponent(name), encoding: .utf8)
    }

    /// The sections (`section 16.1.2` lines) and identifiers of `GuideVocabulary.txt`.
    static func vocabulary() throws -> (sections: Set<String>, identifiers: Set<String>) {
        let lines = try String(contentsOf: vocabularyFile, encoding: .utf8).split(separator: "\n").map(String.init)
        return (Set(lines.filter { $0.hasPrefix("section ") }.map { String($0.dropFirst("section ".count)) }),
                Set(lines.filter { !$0.hasPrefix("section ") }))
    }

    /// Names that are the code's own: words with a capital after the first letter or an underscore
    /// (`musicPlayer`, `AudioManager`, `AUDIOFOCUS_GAIN`, `bgImage`), not keywords such as `let`.
    static func identifiers(in code: String) -> Set<String> {
        var out = Set<String>()
        var word = ""
        for character in code + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            if let first = word.first, first.isLetter || first == "_",
                word.dropFirst().contains(where: { $0.isUppercase || $0 == "_" })
            {
                out.insert(word)
            }
            word = ""
        }
        return out
    }

    /// The fenced code blocks of a Markdown file, with their info strings and first lines.
    static func fencedBlocks(_ text: String) -> [(info: String, code: String, line: Int)] {
        var out: [(String, String, Int)] = []
        var open: (info: String, line: Int, lines: [Substring])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if var current = open {
                if trimmed.hasPrefix("```") {
                    out.append((current.info, current.lines.joined(separator: "\n"), current.line))
                    open = nil
                } else {
                    current.lines.append(line)
                    open = current
                }
            } else if trimmed.hasPrefix("```") {
                open = (String(trimmed.dropFirst(3)), index + 1, [])
            }
        }
        return out
    }
}
