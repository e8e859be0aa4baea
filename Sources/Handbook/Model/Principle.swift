/// One of the guide's four principles, in the guide's order: the first number of its practices'
/// IDs is its position (`2` in `2.10` is `operable`), and its practices belong to its categories
/// (none for `other`).
public enum Principle: String, CaseIterable, Sendable, Equatable {
    case perceivable
    case operable
    case understandable
    case other

    /// The name written in `principle:`.
    public var name: String { rawValue }

    /// The first part of its practices' IDs.
    public var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

    /// The categories of its practices, in the guide's order; empty when its practices have none.
    public var categories: [Category] { Category.allCases.filter { $0.principle == self } }

    /// The UI string that names it.
    var stringKey: String { "principle_\(rawValue)" }
}

/// A group of practices within a principle, in the guide's order.
public enum Category: String, CaseIterable, Sendable, Equatable {
    case text
    case sensory
    case multimedia
    case navigation
    case control
    case userInterface = "user-interface"
    case input

    /// The principle whose practices it groups.
    public var principle: Principle {
        switch self {
        case .text, .sensory, .multimedia: return .perceivable
        case .navigation, .control: return .operable
        case .userInterface, .input: return .understandable
        }
    }

    /// The UI string that names it (`category_user_interface`).
    var stringKey: String { "category_" + rawValue.replacingASCII("-", with: "_") }
}
