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
