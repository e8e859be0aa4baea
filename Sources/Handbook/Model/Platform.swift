/// The platform a section is about: its template's Android or iOS version, or both.
public enum Platform: String, CaseIterable, Sendable, Equatable {
    case android
    case ios
    case common

    /// The UI string that names it (`platform_android`); a common section shows none.
    var stringKey: String { "platform_\(rawValue)" }
}
