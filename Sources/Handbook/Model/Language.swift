import CICU

/// A language the site is published in, as `site.yaml` lists it.
public struct Language: Hashable, Sendable {
    /// Code used in folder names, URLs and search indexes: `en`, `zh-Hant`, `zh-Hans`.
    public var code: LanguageCode
    /// BCP 47 tag written in `lang` and `hreflang`, which picks the screen reader's voice: `zh-Hant-HK`
    /// asks for Cantonese, which `zh-Hant` alone does not. The code unless site.yaml gives a `tag`.
    public var tag: String
    /// The language's name in itself (`繁體中文`), as the language switcher shows it.
    public var name: String
    /// Text direction, `ltr` or `rtl`.
    public var dir: String

    /// Creates a language.
    public init(code: LanguageCode, name: String, dir: String = "ltr", tag: String? = nil) {
        self.code = code
        self.tag = tag ?? code.rawValue
        self.name = name
        self.dir = dir
    }

    /// `rtl` when the tag's script, or the script the language is usually written in (ICU's likely
    /// subtags: `ar` → Arab, `ur` → Arab, `he` → Hebr), runs right to left; `ltr` otherwise.
    public static func direction(of tag: String) -> String {
        handbook_is_right_to_left(tag) != 0 ? "rtl" : "ltr"
    }
}

/// Site-wide settings from `content/site.yaml`.
public struct SiteConfig: Sendable, Equatable {
    /// Published languages, source language first.
    public var languages: [Language]
    /// The source language every translation is made from.
    public var sourceLanguage: Language
    /// The content folder as diagnostics name it (`content`, or what `--content` gave).
    public var contentFolder = "content"
    /// Where the site is published (`https://example.org/handbook/`, always ending in `/`), if
    /// `site.yaml` says: it makes the sitemap, the canonical links, `robots.txt` and the 404 page's
    /// links absolute. Without it no file claims an absolute address.
    public var baseURL: String?
    /// When the content last changed (`modified` in site.yaml, UTC, `2026-12-01T00:00:00Z`): the EPUB's
    /// `dcterms:modified`, which must come from the content, never the clock, to keep builds equal.
    public var modified = SiteConfig.defaultModified
    /// The date used when site.yaml gives none: that of the guide version the content follows.
    public static let defaultModified = "2024-07-01T00:00:00Z"

    /// Creates a configuration.
    public init(languages: [Language], sourceLanguage: Language) {
        self.languages = languages
        self.sourceLanguage = sourceLanguage
    }

    /// The `lang` tag of the language with folder code `code` (the code itself if it is unknown).
    public func tag(of code: LanguageCode) -> String {
        languages.first { $0.code == code }?.tag ?? code.rawValue
    }
}
