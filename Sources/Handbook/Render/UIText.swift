import Mustache

/// Interface text as templates show it: the text, and the `lang` it needs when it is the English
/// standing in for a translation (`false` otherwise, so a template's `{{#lang}}` never reaches the
/// page's own language further up the context).
///
/// A string that names a language (`{language}`: "This page has not been translated into
/// {language} yet") is split around the name, so that in English fallback text the name, written
/// in its own language ("日本語"), can carry that language's tag and not be read with an English voice.
struct UIText: Equatable {
    /// The text before the language's name (all of it when the string names none).
    var before: String
    /// The language's name, as `site.yaml` spells it, and its tag.
    var language: (name: String, tag: String)?
    /// The text after the name.
    var after = ""
    /// The tag of the text when it differs from the page's language.
    var lang: String?

    /// The text of `key`, with its fallback language.
    init(_ strings: UIStrings, _ key: String, _ arguments: [String: String] = [:]) {
        before = strings.text(key, arguments)
        lang = strings.fallbackLanguage(of: key)
    }

    /// The text of `key` with `{language}` filled with the name of `language`.
    init(_ strings: UIStrings, _ key: String, naming language: Language) {
        self.init(strings, key)
        if let range = before.range(of: "{language}") {
            after = String(before[range.upperBound...])
            before = String(before[..<range.lowerBound])
            self.language = (language.name, language.tag)
        }
    }

    /// The whole text, as an attribute or a plain string holds it.
    var plain: String { before + (language?.name ?? "") + after }

    static func == (lhs: UIText, rhs: UIText) -> Bool {
        lhs.before == rhs.before && lhs.language?.name == rhs.language?.name && lhs.language?.tag == rhs.language?.tag
            && lhs.after == rhs.after && lhs.lang == rhs.lang
    }

    /// The text as templates read it (`UITextView`).
    var value: MustacheValue { .view(UITextView(text: self)) }
}

/// `before`, `language`, `language_lang`, `after` and `lang` of a `UIText`; `language_lang` is set
/// only where the text around the name is in another language.
struct UITextView: FieldedView, Equatable {
    static let fields: [ViewField<UITextView>] = [
        ViewField("before") { view in .string(view.text.before) },
        ViewField("language") { view in .string(view.text.language?.name ?? "") },
        ViewField("language_lang") { view in view.text.lang != nil ? view.text.language.map { .string($0.tag) } ?? .bool(false) : .bool(false) },
        ViewField("after") { view in .string(view.text.after) },
        ViewField("lang") { view in .lang(view.text.lang) },
    ]
    let text: UIText
}

extension MustacheValue {
    /// The `lang` a template writes on an element: the tag, or `false` (never absent, so that
    /// `{{#lang}}` does not reach a `lang` further up the context).
    static func lang(_ tag: String?) -> MustacheValue { tag.map(MustacheValue.string) ?? .bool(false) }
    /// A language code written as a `lang` value (the fallback names of the WCAG catalogue are `en`).
    static func lang(_ code: LanguageCode?) -> MustacheValue { lang(code?.rawValue) }
}

extension UIStrings {
    /// The `lang` a template writes for the text of `key`: its tag when it is fallback, else `false`.
    func lang(of key: String) -> MustacheValue { .lang(fallbackLanguage(of: key)) }
}
