import HandbookTestSupport
import XCTest

@testable import Handbook

/// Every code block that says the guide prints it (`guide:SECTION`) uses only identifiers the
/// guide's text holds, in a section the guide has: a reader who copies it gets the templates'
/// names, not ours. Needs the guide (`../shared/seeds/000_*.txt`); skipped where it is absent.
final class GuideCodeTests: XCTestCase {
    func testGuideCodeBlocksUseTheGuidesIdentifiers() throws {
        let root = TemporaryProject.repositoryRoot
        let seeds = root.deletingLastPathComponent().appendingPathComponent("shared/seeds")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: seeds.path)) ?? []
        guard let guideName = names.sorted().first(where: { $0.hasPrefix("000_") && $0.hasSuffix(".txt") }) else {
            throw XCTSkip("the guide is not beside the repository (../shared/seeds)")
        }
        let guide = try String(contentsOf: seeds.appendingPathComponent(guideName), encoding: .utf8)
        // The guide's text wraps long names over lines ("button_b\nack"); joined, they are found.
        let joined = guide.replacingOccurrences(of: "\n", with: "")
        var checked = 0
        var problems: [String] = []
        let content = root.appendingPathComponent("content")
        let files = FileManager.default.enumerator(atPath: content.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted() ?? []
        for path in files {
            let text = try String(contentsOf: content.appendingPathComponent(path), encoding: .utf8)
            for block in Self.fencedBlocks(text) {
                guard case .guide(let section)? = CodeProvenance(info: block.info) else { continue }
                checked += 1
                if !guide.contains(section + " ") && !guide.contains(section + "\n") {
                    problems.append("\(path):\(block.line): the guide has no section \(section)")
                }
                for identifier in Self.identifiers(in: block.code) where !guide.contains(identifier) && !joined.contains(identifier) {
                    problems.append("\(path):\(block.line): \(identifier) is not in the guide")
                }
            }
        }
        XCTAssertEqual(problems, [])
        XCTAssertGreaterThan(checked, 0, "no guide: code block was found; the test would prove nothing")
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
