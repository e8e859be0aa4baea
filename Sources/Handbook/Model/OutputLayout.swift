/// Where each page lives below the output folder. Every link is to a real `.html` file, never a bare
/// folder, because file:// does not turn `folder/` into `folder/index.html`.
public enum OutputLayout {
    /// `en/practices/2.10.html`, `en/sections/7.3.6.5.html`, `en/about.html`, `en/index.html`;
    /// the generated lists are `en/practices/index.html` and `en/sections/index.html`.
    public static func path(of key: PageKey, in language: LanguageCode) -> OutputPath {
        switch key {
        case .practice(let id): return "\(language)/practices/\(id).html"
        case .section(let number): return "\(language)/sections/\(number).html"
        case .page("practices"): return "\(language)/practices/index.html"
        case .page("sections"): return "\(language)/sections/index.html"
        case .page(let id): return "\(language)/\(id).html"
        }
    }

    /// Shared files, written once for all languages.
    public static let stylesheet: OutputPath = "assets/handbook.css"
    /// The site script (text size, search).
    public static let script: OutputPath = "assets/handbook.js"
    /// The small script loaded in `<head>` that applies the reader's text size before first paint.
    public static let preferencesScript: OutputPath = "assets/preferences.js"
}

extension OutputLayout {
    /// `en/handbook.epub`: the EPUB edition of one language.
    public static func epub(in language: LanguageCode) -> OutputPath { "\(language)/handbook.epub" }
}
