/// A typed value that templates read by key, so a page's context is a Swift type with one stored
/// or computed property per key rather than a dictionary built field by field for every page.
///
/// A view answers only the keys it provides; for any other it returns nil and the lookup goes on
/// down the context stack, as it would past a hash without that key. `keys` lists every key the
/// type can answer, so a template naming a key that no view provides can be rejected before
/// anything is rendered (`TemplateLibrary.nameUses`).
public protocol MustacheView: Sendable {
    /// Every key `value(for:)` may answer.
    static var keys: [String] { get }
    /// The value of `key`, or nil when this view has none.
    func value(for key: String) -> MustacheValue?
    /// Whether `other` is the same data, so a template renders both alike: a rendering kept for one
    /// may stand for the other. `Equatable` views get it from `==`; any other view is never equal
    /// to another (what cannot be compared is never taken for the same).
    func isEqual(to other: any MustacheView) -> Bool
}

extension MustacheView {
    public func isEqual(to other: any MustacheView) -> Bool { false }
}

extension MustacheView where Self: Equatable {
    /// Compares in place: `other as? Self` would go through the runtime's dynamic cast and copy
    /// the view out of its box, most of the time a watch session spends comparing contexts.
    public func isEqual(to other: any MustacheView) -> Bool {
        func compare<Other: MustacheView>(_ other: Other) -> Bool {
            guard Other.self == Self.self else { return false }
            return withUnsafePointer(to: other) { $0.withMemoryRebound(to: Self.self, capacity: 1) { $0.pointee == self } }
        }
        return compare(other)
    }
}

extension MustacheValue {
    /// The value of `key` in a hash or a view; nil for other values and missing keys.
    public subscript(key: String) -> MustacheValue? {
        switch self {
        case .object(let fields): return fields[key]
        case .view(let view): return view.value(for: key)
        default: return nil
        }
    }
}

/// One key of a view and how to read it from the view.
public struct ViewField<View>: Sendable {
    /// The name templates use.
    public let key: String
    let read: @Sendable (View) -> MustacheValue?

    /// A field named `key` whose value `read` takes from the view.
    public init(_ key: String, _ read: @escaping @Sendable (View) -> MustacheValue?) {
        self.key = key
        self.read = read
    }
}

/// A view whose keys are written once, each beside how it is read: `keys` and `value(for:)` come
/// from `fields`, so the list templates are checked against cannot drift from what the view answers.
public protocol FieldedView: MustacheView {
    /// Every key of the view, in order, with how to read it.
    static var fields: [ViewField<Self>] { get }
}

extension FieldedView {
    public static var keys: [String] { fields.map(\.key) }

    public func value(for key: String) -> MustacheValue? {
        for field in Self.fields where field.key == key { return field.read(self) }
        return nil
    }
}
