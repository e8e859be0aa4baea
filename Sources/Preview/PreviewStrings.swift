/// The words the preview server shows in a page's language: its built-in 404 page and the build
/// errors panel. They come from the site's UI strings (`serve_*` keys); `english` is used until a
/// build has read them.
public struct PreviewStrings: Sendable, Equatable {
    /// The `lang` attribute of pages in this language.
    public var tag: String
    /// Title and heading of the built-in 404 page (`serve_not_found_title`).
    public var notFoundTitle: String
    /// Its sentence (`serve_not_found_text`).
    public var notFoundText: String
    /// Its link home (`serve_home`).
    public var home: String
    /// Heading of the build-errors panel (`serve_errors_heading`).
    public var errorsHeading: String
    /// What screen readers hear when the panel appears (`serve_errors_announcement`).
    public var errorsAnnouncement: String
    /// The panel's close button (`serve_dismiss`).
    public var dismiss: String

    /// Creates the words of one language.
    public init(
        tag: String, notFoundTitle: String, notFoundText: String, home: String, errorsHeading: String,
        errorsAnnouncement: String, dismiss: String
    ) {
        self.tag = tag
        self.notFoundTitle = notFoundTitle
        self.notFoundText = notFoundText
        self.home = home
        self.errorsHeading = errorsHeading
        self.errorsAnnouncement = errorsAnnouncement
        self.dismiss = dismiss
    }

    /// The English strings, before any build has loaded the site's.
    public static let english = PreviewStrings(
        tag: "en", notFoundTitle: "Page not found", notFoundText: "Nothing is published at this address.",
        home: "Go to the home page", errorsHeading: "The site was not rebuilt",
        errorsAnnouncement: "The site was not rebuilt: the errors are listed at the bottom of the page.",
        dismiss: "Dismiss")
}
