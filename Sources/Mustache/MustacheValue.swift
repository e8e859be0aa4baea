/// The data a template renders: JSON-like values that sections walk and tags interpolate.
///
/// Truthiness decides whether a section renders and an inverted section does not. `null`, `false`,
/// the empty array and the empty string are falsey: the spec defines truthy as `!!data`, and an empty
/// string has nothing to show, so `{{#summary}}<p>{{summary}}</p>{{/summary}}` drops an empty
/// summary. Numbers are always truthy, `0` included, as in the spec's Ruby reference: a count of zero
/// is still a value to print. Every object, even an empty one, is truthy.
public indirect enum MustacheValue: Sendable {
    /// No value; interpolates as nothing and is falsey.
    case null
    /// A boolean; interpolates as `true` or `false`.
    case bool(Bool)
    /// An integer; interpolates in decimal.
    case int(Int)
    /// A floating-point number; whole values interpolate without a fraction (`85`, not `85.0`).
    case double(Double)
    /// Text, HTML-escaped by `{{name}}` and inserted as is by `{{{name}}}` and `{{&name}}`.
    case string(String)
    /// A list; a section renders once per element, with the element on top of the context stack.
    case array([MustacheValue])
    /// A hash whose keys names look up; a section pushes it onto the context stack.
    case object([String: MustacheValue])
    /// A typed value whose keys names look up, like a hash (see `MustacheView`).
    case view(any MustacheView)

    /// Whether a section over this value renders (see the type's documentation for the rules).
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .int, .double, .object, .view: return true
        case .string(let text): return !text.isEmpty
        case .array(let elements): return !elements.isEmpty
        }
    }

    /// The text an interpolation writes, or nil for values that print nothing (null, lists, hashes).
    var text: String? {
        switch self {
        case .null, .array, .object, .view: return nil
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return Self.format(value)
        case .string(let text): return text
        }
    }

    /// `value` in the shortest form that reads back the same, without `.0` for whole numbers.
    static func format(_ value: Double) -> String {
        // Truncating and comparing, rather than `rounded()`, keeps libm out of the link.
        if value.magnitude < 1e15, Double(Int(value)) == value {
            return String(Int(value))
        }
        return value.description
    }
}

extension MustacheValue: Equatable {
    /// Values are equal when they are the same data; two views are equal when their type says so
    /// (`MustacheView.isEqual(to:)`), which a view that answers keys it does not list must decide
    /// from all it holds.
    public static func == (lhs: MustacheValue, rhs: MustacheValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        case (.view(let a), .view(let b)): return a.isEqual(to: b)
        default: return false
        }
    }
}

extension MustacheValue: ExpressibleByStringLiteral {
    /// Makes `"text"` a `.string`, so contexts read like JSON in Swift.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    /// Makes `true` and `false` a `.bool`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    /// Makes `42` an `.int`.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    /// Makes `1.5` a `.double`.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    /// Makes `[a, b]` an `.array`.
    public init(arrayLiteral elements: MustacheValue...) {
        self = .array(elements)
    }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// Makes `["key": value]` an `.object`; when a key repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension MustacheValue: ExpressibleByNilLiteral {
    /// Makes `nil` `.null`.
    public init(nilLiteral: ()) {
        self = .null
    }
}
