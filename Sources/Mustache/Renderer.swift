/// Renders compiled templates against a context stack, appending everything to one string.
///
/// Indentation is applied while rendering rather than by rewriting template text: every `.lineStart`
/// writes the indentation of the partial or block being rendered, so each template is compiled once
/// however many places include it.
struct Renderer {
    /// How many partials, parents and overridden blocks may be open at once; templates that include
    /// themselves without end stop here with an error instead of exhausting the stack.
    static let inclusionLimit = 100
    /// How many inclusions and sections may be open at once when another template is entered, which
    /// bounds the recursion depth (and so the stack) even when every partial nests many sections.
    static let depthLimit = 300

    private var output = ""
    private let templates: [String: Template]
    private let strictPartials: Bool
    private var context: ContextStack
    /// The names of the templates and blocks entered, outermost first, for the recursion error.
    private var chain: [String] = []
    /// How many sections are being rendered, one inside the other.
    private var sectionDepth = 0

    /// A renderer over `templates` whose context stack starts with `context`.
    init(templates: [String: Template], strictPartials: Bool, context: MustacheValue) {
        self.templates = templates
        self.strictPartials = strictPartials
        self.context = ContextStack(root: context)
    }

    /// Renders `template` and returns the text.
    mutating func render(_ template: Template) throws(TemplateError) -> String {
        output.reserveCapacity(max(8192, template.sourceLength * 2))
        chain = [template.name]
        let scope = Scope(templateName: template.name, indentation: "", overrides: [:])
        try render(template.nodes, scope)
        return output
    }
}

extension Renderer {
    /// Where nodes come from and how they are placed.
    private struct Scope {
        /// The template the nodes belong to, for errors.
        let templateName: String
        /// What each `.lineStart` writes.
        let indentation: String
        /// The block contents that children passed down, outermost definition winning.
        let overrides: [String: Argument]

        /// The same scope with `indentation` for its line starts.
        func indented(_ indentation: String) -> Scope {
            Scope(templateName: templateName, indentation: indentation, overrides: overrides)
        }
    }

    /// A block override passed down by a parent tag, with what it needs to render where it lands.
    private struct Argument {
        let block: Block
        /// The indentation in force where the parent tag was, for overrides that are not dedented.
        let indentation: String
        let templateName: String
    }

    private mutating func render(_ nodes: [Node], _ scope: Scope) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .lineStart:
                output += scope.indentation
            case .variable(let name, let escaped):
                interpolate(context.lookup(name), escaped: escaped)
            case .section(let name, let children, let inverted):
                try renderSection(name, children, inverted: inverted, scope)
            case .partial(let inclusion):
                try include(inclusion, isParent: false, overrides: scope.overrides, from: scope)
            case .parent(let inclusion, let arguments):
                var overrides = scope.overrides
                for (name, block) in arguments where overrides[name] == nil {
                    overrides[name] = Argument(
                        block: block, indentation: scope.indentation,
                        templateName: scope.templateName)
                }
                try include(inclusion, isParent: true, overrides: overrides, from: scope)
            case .block(let name, let block):
                try expand(name, block, scope)
            }
        }
    }

    private mutating func interpolate(_ value: MustacheValue?, escaped: Bool) {
        switch value {
        case .string(let text)?:
            if escaped {
                HTMLEscaping.append(text, to: &output)
            } else {
                output += text
            }
        case let value?:
            // Numbers and booleans never contain characters that need escaping.
            output += value.text ?? ""
        case nil:
            break
        }
    }

    private mutating func renderSection(
        _ name: Name, _ children: [Node], inverted: Bool, _ scope: Scope
    ) throws(TemplateError) {
        let value = context.lookup(name) ?? .null
        guard value.isTruthy != inverted else { return }
        sectionDepth += 1
        defer { sectionDepth -= 1 }
        if inverted {
            try render(children, scope)
        } else if case .array(let elements) = value {
            for element in elements {
                context.push(element)
                try render(children, scope)
                context.pop()
            }
        } else {
            context.push(value)
            try render(children, scope)
            context.pop()
        }
    }

    /// Renders the template a partial or parent tag names, with `overrides` for its blocks.
    private mutating func include(
        _ inclusion: Inclusion, isParent: Bool, overrides: [String: Argument], from scope: Scope
    ) throws(TemplateError) {
        let name: String
        switch inclusion.target {
        case .named(let target):
            name = target
        case .dynamic(let path):
            guard let text = context.lookup(path)?.text, !text.isEmpty else { return }
            name = text
        }
        guard let template = templates[name] else {
            guard strictPartials else { return }
            let reason: TemplateError.Reason =
                isParent ? .missingParent(name) : .missingPartial(name)
            throw TemplateError(
                templateName: scope.templateName, location: inclusion.location, reason: reason)
        }
        try enter(name, at: inclusion.location, in: scope)
        let indentation = inclusion.indentation.map { scope.indentation + $0 } ?? ""
        let inner = Scope(templateName: name, indentation: indentation, overrides: overrides)
        try render(template.nodes, inner)
        chain.removeLast()
    }

    /// Renders a block slot: the override a child passed down, or else the default content.
    private mutating func expand(_ name: String, _ block: Block, _ scope: Scope)
        throws(TemplateError)
    {
        guard let argument = scope.overrides[name] else {
            let indentation = block.indentation.map { scope.indentation + $0 } ?? scope.indentation
            try render(block.nodes, scope.indented(indentation))
            return
        }
        try enter("$" + name, at: block.location, in: scope)
        let override = argument.block
        var indentation: String
        if let expansion = block.indentation {
            // A standalone slot indents the whole override, whose own lines keep their indentation.
            indentation = scope.indentation + expansion
            if override.indentation == nil {
                if override.startsMidLine {
                    output += indentation
                }
                indentation += argument.indentation
            }
        } else {
            // An inline slot inserts the override as written: dedented ones carry no indentation.
            indentation = override.indentation == nil ? argument.indentation : ""
        }
        let inner = Scope(
            templateName: argument.templateName, indentation: indentation,
            overrides: scope.overrides)
        try render(override.nodes, inner)
        chain.removeLast()
    }

    private mutating func enter(_ name: String, at location: Location, in scope: Scope)
        throws(TemplateError)
    {
        guard chain.count <= Self.inclusionLimit, chain.count + sectionDepth <= Self.depthLimit
        else {
            let reason = TemplateError.Reason.partialsNestTooDeeply(
                partials: Self.inclusionLimit, levels: Self.depthLimit, chain: chain + [name])
            throw TemplateError(
                templateName: scope.templateName, location: location, reason: reason)
        }
        chain.append(name)
    }
}
