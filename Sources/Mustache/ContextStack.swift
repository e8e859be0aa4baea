/// The stack of values that names are looked up in, innermost section's value on top.
struct ContextStack {
    private var frames: [MustacheValue]

    /// A stack holding only the value passed to `render`.
    init(root: MustacheValue) {
        frames = [root]
    }

    /// Puts the value of a section being rendered on top.
    mutating func push(_ value: MustacheValue) {
        frames.append(value)
    }

    /// Removes the value of the section that finished rendering.
    mutating func pop() {
        frames.removeLast()
    }

    /// The value `name` resolves to, nil when any part of it is missing.
    ///
    /// The first part is looked up from the top of the stack down; the remaining parts only inside
    /// the value found, so `{{a.b}}` never falls back to a `b` further down (the spec's rule).
    func lookup(_ name: Name) -> MustacheValue? {
        guard let first = name.components.first else { return frames.last }
        var found: MustacheValue?
        for frame in frames.reversed() {
            if let value = frame[first] {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for component in name.components.dropFirst() {
            guard let next = value[component] else { return nil }
            value = next
        }
        return value
    }
}
