/// A YAML value with the position where it starts, as front matter and `site.yaml` are read.
///
/// Positions are 1-based lines and code-point columns within the YAML text; callers shift the line
/// by where the YAML starts in its file.
public struct YAMLNode: Sendable, Equatable {
    /// The shapes YAML can take; scalars stay strings until a typed reader asks for something else.
    public enum Value: Sendable, Equatable {
        /// A scalar and whether it was written plain (unquoted), which decides whether `null`,
        /// `true` or `12` mean anything but text.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    /// The value.
    public var value: Value
    /// 1-based line of the value's first character.
    public var line: Int
    /// 1-based column (code points) of the value's first character.
    public var column: Int

    /// Creates a node.
    public init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// A word for the node's shape, for "expected a list, found a mapping" messages.
    public var shapeName: String {
        switch value {
        case .scalar(let text, let plain):
            if plain && (text.isEmpty || text == "~" || text == "null") { return "nothing" }
            return "text"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// One key and value of a YAML mapping, in document order.
public struct YAMLPair: Sendable, Equatable {
    /// The key node (a scalar for every file the handbook reads).
    public var key: YAMLNode
    /// The value node.
    public var value: YAMLNode

    /// Creates a pair.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
