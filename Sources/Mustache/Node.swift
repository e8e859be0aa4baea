/// One element of a compiled template.
indirect enum Node: Sendable {
    /// Literal text.
    case text(String)
    /// The start of a source line with content; the renderer writes the current indentation here.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}`/`{{&name}}` (as is).
    case variable(Name, escaped: Bool)
    /// `{{#name}}…{{/name}}` or, when `inverted`, `{{^name}}…{{/name}}`.
    case section(Name, [Node], inverted: Bool)
    /// `{{>name}}`.
    case partial(Inclusion)
    /// `{{<name}}…{{/name}}` with the blocks it overrides, by block name.
    case parent(Inclusion, arguments: [String: Block])
    /// `{{$name}}…{{/name}}` outside a parent: a slot whose content a child may override.
    case block(String, Block)
}

/// A dotted name, split once at compile time.
struct Name: Sendable {
    /// The parts between the dots; empty for the implicit iterator `.`.
    let components: [String]
    /// Where the tag is, for the check that every name is one some view provides.
    let location: Location
}

/// The template a partial or parent tag brings in, and how.
struct Inclusion: Sendable {
    /// Which template to include.
    enum Target: Sendable {
        /// A template named in the tag.
        case named(String)
        /// `{{>*name}}`: the template named by the value of `name` in the context.
        case dynamic(Name)
    }

    /// Which template to include.
    let target: Target
    /// For a standalone tag, the whitespace before it, added to every line of the included template;
    /// nil for an inline tag, whose template is inserted without indentation.
    let indentation: String?
    /// Where the tag is, for errors raised while rendering.
    let location: Location
}

/// The content of a `{{$name}}` block: the default in a parent template, or the override in a child.
struct Block: Sendable {
    /// The content, dedented by the margin its lines share when the block is standalone.
    let nodes: [Node]
    /// For a standalone block, the indentation its content gets where the block is expanded: the
    /// margin its default content shares, or else the whitespace before the tag. Nil when inline.
    let indentation: String?
    /// Whether an inline block's content begins in the middle of a source line, so that expanding it
    /// at a standalone block must write the indentation before its first line itself.
    let startsMidLine: Bool
    /// Where the opening tag is, for errors raised while rendering.
    let location: Location
}
