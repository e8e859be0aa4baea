/// A file's path below the output folder, with `/` separators (`en/practices/2.10.html`): where a
/// page or asset is written and what relative links are worked out between. A type of its own so
/// that an output path is never confused with a content path, a URL or a page's ID.
public struct OutputPath: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The path as written.
    public let rawValue: String

    /// A path below the output folder.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }
    public static func < (lhs: OutputPath, rhs: OutputPath) -> Bool { lhs.rawValue < rhs.rawValue }
}
