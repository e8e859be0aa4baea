/// One problem found in the project's input, with where it is and what to do about it.
public struct Diagnostic: Hashable, Sendable {
    /// How bad the problem is.
    public enum Severity: String, Sendable, Comparable {
        case warning, error

        /// Errors sort before warnings at the same place.
        public static func < (a: Severity, b: Severity) -> Bool { a == .error && b == .warning }
    }

    /// A further line printed under the message, such as where a duplicate was first defined.
    public struct Note: Hashable, Sendable {
        /// Where the note points, if anywhere.
        public var location: SourceLocation?
        /// The note's text.
        public var message: String

        /// Creates a note.
        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    /// Where the problem is.
    public var location: SourceLocation
    /// Error or warning.
    public var severity: Severity
    /// A short stable name such as `broken-link` or `yaml-syntax`.
    public var code: DiagnosticCode
    /// What is wrong, in one sentence without a trailing full stop.
    public var message: String
    /// Further lines: locations of related definitions, hints.
    public var notes: [Note]

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
        notes: [Note] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// An error.
    public static func error(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation, notes: [Note] = []
    ) -> Diagnostic {
        Diagnostic(.error, code, message, at: location, notes: notes)
    }

    /// A warning.
    public static func warning(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation, notes: [Note] = []
    ) -> Diagnostic {
        Diagnostic(.warning, code, message, at: location, notes: notes)
    }
}
