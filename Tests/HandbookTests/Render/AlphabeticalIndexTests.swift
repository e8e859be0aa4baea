import Mustache
import XCTest

@testable import Handbook

/// The A–Z index lists API names of code spans with the pages that use them, in every language,
/// and marks Latin labels on Chinese pages as English. (The full pages, with glossary terms, are
/// golden files of `Tests/GoldenTests/Fixtures/site/basic`.)
final class AlphabeticalIndexTests: XCTestCase {
    /// The index's entries as "label → linked labels", with `[en]` for a label marked English.
    private func entries(_ language: LanguageCode) throws -> [String] {
        let site = try XCTUnwrap(SearchFixture.site())
        let link = { (key: PageKey, _: OutputPath) in
            LinkView(href: key.id, id: key.id, number: .bool(false), title: "", summary: "", lang: .bool(false))
        }
        guard case .array(let groups) = AlphabeticalIndex(site: site, language: language).groups(from: "", link: link) else {
            XCTFail("no groups")
            return []
        }
        var out: [String] = []
        for group in groups {
            guard case .array(let items)? = group["entries"] else { continue }
            for item in items {
                guard case .string(let label)? = item["label"] else { continue }
                guard case .array(let users)? = item["users"] else { continue }
                let english = item["term_lang"] == .string("en") ? " [en]" : ""
                let targets = users.compactMap { user -> String? in
                    guard case .string(let href)? = user["href"] else { return nil }
                    return href
                }
                out.append("\(label)\(english) → \(targets.joined(separator: ", "))")
            }
        }
        return out
    }

    func testAPINamesOfCodeSpansLinkToThePagesThatUseThem() throws {
        let english = try entries("en")
        XCTAssertTrue(english.contains("TextView → 1.10"), english.description)
    }

    func testLatinNamesOnChinesePagesAreMarkedEnglish() throws {
        // The zh-Hant 1.10 names `TextView` in its Chinese text.
        let chinese = try entries("zh-Hant")
        XCTAssertTrue(chinese.contains("TextView [en] → 1.10"), chinese.description)
    }

    func testEntriesAreTheSameOnEveryRun() throws {
        XCTAssertEqual(try entries("zh-Hant"), try entries("zh-Hant"))
    }

    func testHanNumeralsAreFiledUnderTheirCharacterAndDigitsTogether() throws {
        XCTAssertEqual(AlphabeticalIndex.initial("一次性设置向导"), "一")
        XCTAssertEqual(AlphabeticalIndex.initial("7.3.6.5"), "0–9")
        XCTAssertEqual(AlphabeticalIndex.initial("contentdescription"), "C")
        XCTAssertEqual(AlphabeticalIndex.initial("字幕"), "字")
    }

    func testFormFinderCountsEachFormLeftToRightWithoutOverlaps() {
        let finder = AlphabeticalIndex.FormFinder([[Array("字幕".utf8), Array("幕".utf8)], [Array("aa".utf8)], [Array("x".utf8)], []])
        XCTAssertEqual(finder.counts(in: Array("字幕字幕，aaaxx幕".utf8)), [5, 1, 2, 0])
        // Against a naive count on random text over a small alphabet, so that forms overlap often.
        var random = SplitMix64(seed: 3)
        let alphabet = Array("ab字幕".utf8)
        for _ in 0..<200 {
            let text = (0..<40).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let forms = (0..<3).map { _ in (0..<(1 + Int(random.next() % 4))).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] } }
            let naive = forms.map { form -> Int in
                var count = 0, index = 0
                while index + form.count <= text.count {
                    if Array(text[index..<index + form.count]) == form { count += 1; index += form.count } else { index += 1 }
                }
                return count
            }
            XCTAssertEqual(AlphabeticalIndex.FormFinder(forms.map { [$0] }).counts(in: text), naive, "\(forms) in \(text)")
        }
    }
}
