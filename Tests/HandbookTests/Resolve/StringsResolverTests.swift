import HandbookTestSupport
import XCTest

@testable import Handbook

/// UI strings: counted forms by CLDR category, placeholders checked against the English, notes for
/// translators read from comments, and each translated string tracked against its English.
final class StringsResolverTests: XCTestCase {
    /// The strings of a site in English and one translation (Simplified Chinese unless `language` says).
    private func resolve(
        _ english: String, _ translated: String, language: (code: String, name: String) = ("zh-Hans", "简体中文")
    ) -> ([LanguageCode: UIStrings], [Diagnostic]) {
        let project = TemporaryProject(files: """
            -- content/site.yaml --
            source_language: en
            languages:
              - code: en
                name: English
              - code: \(language.code)
                name: \(language.name)
            -- content/en/strings.yaml --
            \(english)
            -- content/\(language.code)/strings.yaml --
            \(translated)
            """, withRepositoryTemplates: false)
        let engine = DiagnosticEngine()
        let content = ContentLoader(paths: ProjectPaths(root: project.root), diagnostics: engine).load()!
        return (StringsResolver(diagnostics: engine).resolve(content, config: content.config), engine.diagnostics)
    }

    func testCountedStringsTakeTheFormOfTheirLanguage() {
        let (strings, diagnostics) = resolve("practice_count:\n  one: \"{count} practice\"\n  other: \"{count} practices\"", "practice_count: \"{count} 项\"")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(strings["en"]?.text("practice_count", count: 1), "1 practice")
        XCTAssertEqual(strings["en"]?.text("practice_count", count: 33), "33 practices")
        XCTAssertEqual(strings["zh-Hans"]?.text("practice_count", count: 1), "1 项")
    }

    func testAFormTheLanguageLacksIsAnError() {
        let (_, diagnostics) = resolve("n:\n  one: \"{count} item\"\n  other: \"{count} items\"", "n:\n  one: \"{count} 项\"\n  other: \"{count} 项\"")
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["plural-form"])
        XCTAssertEqual(diagnostics.first?.location.line, 2)
        XCTAssertTrue(diagnostics.first?.message.contains("zh-Hans has no plural form \"one\"") ?? false, "\(diagnostics)")
    }

    func testPlaceholdersMustBeTheEnglishOnes() {
        let (_, diagnostics) = resolve("label: \"Section {number} {title}\"", "label: \"第 {nubmer} 节 {title}\"")
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["placeholder", "placeholder"])
        XCTAssertEqual(diagnostics.map(\.location.column), [8, 11], "the value, then the misspelt name after the quote: \(diagnostics)")
        XCTAssertTrue(diagnostics[1].message.contains("(did you mean {number}?)"), diagnostics[1].message)
    }

    func testNotesAreTheCommentsAboveTheKeys() {
        let (strings, _) = resolve("# The first link on every page.\n# Keep it short.\nskip_link: Skip\n\n# Not a note: a blank line follows.\n\nsearch: Search", "skip_link: 跳过")
        XCTAssertEqual(strings["en"]?.notes, ["skip_link": "The first link on every page. Keep it short."])
    }

    func testATranslatedStringWhoseEnglishChangedIsOutdated() {
        let english = "skip_link: Skip to the content\nsearch: Search"
        let fingerprint = UIStringEntry(forms: ["other": Located("Skip to main content", at: SourceLocation(path: ""))], isCounted: false,
                                        location: SourceLocation(path: ""), description: nil).fingerprint
        let searchPrint = UIStringEntry(forms: ["other": Located("Search", at: SourceLocation(path: ""))], isCounted: false,
                                        location: SourceLocation(path: ""), description: nil).fingerprint
        let (strings, _) = resolve(english, "skip_link: 跳到主要内容\nsearch: 搜索\n_sources:\n  skip_link: \"\(fingerprint) 00000000\"\n  search: \"\(searchPrint) 00000000\"")
        XCTAssertEqual(strings["zh-Hans"]?.outdatedKeys, ["skip_link"])
    }

    func testMissingAndStillEnglishStringsAreFallbackMarkedWithTheSourceTag() {
        // search is missing, skip_link is the English i18n init copied, paren_open has no letters.
        let (strings, _) = resolve(
            "skip_link: Skip to main content\nsearch: Search\nnav_about: About\nparen_open: \" (\"",
            "skip_link: Skip to main content\nnav_about: 关于\nparen_open: \" (\"")
        let chinese = strings["zh-Hans"]!
        XCTAssertEqual(chinese.fallbackKeys, ["skip_link", "search", "paren_open"])
        XCTAssertEqual(chinese.fallbackLanguage(of: "skip_link"), "en")
        XCTAssertEqual(chinese.fallbackLanguage(of: "search"), "en")
        XCTAssertNil(chinese.fallbackLanguage(of: "nav_about"), "a translated string is in the edition's language")
        XCTAssertNil(chinese.fallbackLanguage(of: "paren_open"), "a bracket is in no language")
        XCTAssertEqual(strings["en"]?.fallbackKeys, [], "the source language has no fallback")
    }

    func testAStringRecordedAsTranslatedIsNotFallbackEvenWhenItIsTheEnglish() {
        let print = UIStringEntry(forms: ["other": Located("WCAG", at: SourceLocation(path: ""))], isCounted: false,
                                  location: SourceLocation(path: ""), description: nil).fingerprint
        let (strings, _) = resolve("wcag_label: WCAG", "wcag_label: WCAG\n_sources:\n  wcag_label: \"\(print) \(print)\"")
        XCTAssertNil(strings["zh-Hans"]?.fallbackLanguage(of: "wcag_label"))
    }

    func testPluralRulesFollowCLDR() {
        XCTAssertEqual(PluralRule(language: "en").category(for: 1), "one")
        XCTAssertEqual(PluralRule(language: "zh-Hant").category(for: 1), "other")
        XCTAssertEqual([1, 2, 5, 21, 22, 25, 11].map(PluralRule(language: "ru").category), ["one", "few", "many", "one", "few", "many", "many"])
        XCTAssertEqual(PluralRule(language: "fr").category(for: 0), "one")
        XCTAssertEqual(PluralRule(language: "fr").category(for: 1_000_000), "many")
        XCTAssertEqual(PluralRule(language: "ar").categories, PluralRule.allCategories)
        XCTAssertEqual([0, 1, 2, 3, 11, 100, 103].map(PluralRule(language: "ar").category), ["zero", "one", "two", "few", "many", "other", "few"])
        XCTAssertEqual(PluralRule(language: "cy").categories, PluralRule.allCategories)
        XCTAssertEqual(PluralRule(language: "ga").categories, ["one", "two", "few", "many", "other"])
        XCTAssertEqual(PluralRule(language: "he").category(for: 2), "two")
        XCTAssertEqual(PluralRule(language: "zh-Hant-HK").categories, ["other"])
        XCTAssertEqual(PluralRule(language: "ru").examples(of: "few"), [2, 3, 4])
        XCTAssertEqual(PluralRule(language: "ru").examples(of: "many"), [0, 5, 6])
    }

    func testRightToLeftComesFromTheScriptOfTheTag() {
        XCTAssertEqual(["ar", "he", "fa", "ur", "ku-Arab", "az-Arab"].map(Language.direction), Array(repeating: "rtl", count: 6))
        XCTAssertEqual(["en", "zh-Hant-HK", "ja", "az", "ru", "xx"].map(Language.direction), Array(repeating: "ltr", count: 6))
        // A tag of any length (site.yaml's `tag:` has no limit) is read within ICU's locale buffer:
        // here by its language, Arabic; an empty one has the root rule.
        let long = "ar" + String(repeating: "-abcdefgh", count: 200)
        XCTAssertEqual(Language.direction(of: long), "rtl")
        XCTAssertEqual(PluralRule(language: long).categories, PluralRule.allCategories)
        XCTAssertEqual(PluralRule(language: "").categories, ["other"])
        XCTAssertEqual(Language.direction(of: ""), "ltr")
    }

    func testACountedTranslationLackingAFormItsLanguageUsesIsAWarning() {
        let (_, diagnostics) = resolve(
            "n:\n  one: \"{count} item\"\n  other: \"{count} items\"", "n:\n  one: \"{count} пункт\"\n  other: \"{count} пунктов\"",
            language: ("ru", "Русский"))
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["missing-plural-form"])
        XCTAssertEqual(diagnostics.first?.location.line, 1)
        XCTAssertEqual(diagnostics.first?.message, #"the counted string "n" has no "few" (2, 3, 4…), "many" (0, 5, 6…) form; counts of it would show the "other" text"#)
        XCTAssertEqual(diagnostics.first?.notes.map(\.message), ["ru counts in the forms one, few, many, other (CLDR, from ICU)"])
    }

    func testEveryEnglishStringOfTheHandbookHasANote() {
        let project = TemporaryProject()
        project.copy(TemporaryProject.repositoryRoot.appendingPathComponent("content"), to: "content")
        let engine = DiagnosticEngine()
        let content = ContentLoader(paths: ProjectPaths(root: project.root), diagnostics: engine).load()!
        let english = StringsResolver(diagnostics: engine).resolve(content, config: content.config)["en"]!
        XCTAssertEqual(Set(english.values.keys).subtracting(english.notes.keys).sorted(), [], "English strings without a note for translators")
    }

    /// Placeholders are filled once, left-to-right; other braces stay, and a text full of braces is
    /// filled in one pass (a quadratic fill would not finish this test).
    func testPlaceholdersAreFilledOnceAndStrayBracesStay() {
        let strings = UIStrings(values: ["k": "{{a}} {b} {x} {", "many": String(repeating: "{", count: 50_000) + "{a}"])
        XCTAssertEqual(strings.text("k", ["a": "1", "b": "{a}"]), "{1} {a} {x} {")
        XCTAssertEqual(strings.text("many", ["a": "1"]), String(repeating: "{", count: 50_000) + "1")
    }
}
