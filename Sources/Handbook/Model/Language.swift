/// A language the site is published in, as `site.yaml` lists it.
public struct Language: Hashable, Sendable {
    /// BCP 47 code used in folder names, URLs and `lang` attributes: `en`, `zh-Hant`, `zh-Hans`.
    public var code: String
    /// The language's name in itself (`繁體中文`), as the language switcher shows it.
    public var name: String
    /// Text direction, `ltr` or `rtl`.
    public var dir: String

    /// Creates a language.
    public init(code: String, name: String, dir: String = "ltr") {
        self.code = code
        self.name = name
        self.dir = dir
    }
}

/// Site-wide settings from `content/site.yaml`.
public struct SiteConfig: Sendable {
    /// Published languages, source language first.
    public var languages: [Language]
    /// The source language every translation is made from.
    public var sourceLanguage: Language

    /// Creates a configuration.
    public init(languages: [Language], sourceLanguage: Language) {
        self.languages = languages
        self.sourceLanguage = sourceLanguage
    }
}
