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
    public func isEqual(to other: any MustacheView) -> Bool { (other as? Self) == self }
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
