/// One compiled template: its name, its node tree and a size hint for the output buffer.
struct Template: Sendable {
    /// The name the template is registered under; partial and parent tags use it.
    let name: String
    /// The compiled content.
    let nodes: [Node]
    /// The bytes of the template's source, from which rendering guesses how much to reserve.
    let sourceLength: Int

    /// Compiles `text`, returning the template and its syntax errors.
    static func compile(name: String, text: String) -> (template: Template, errors: [TemplateError])
    {
        let source = Source(name: name, text: text)
        let (nodes, errors) = Parser.parse(source)
        return (Template(name: name, nodes: nodes, sourceLength: source.bytes.count), errors)
    }

    /// Errors for every named partial or parent tag whose template is not among `names`.
    func missingReferences(among names: Set<String>) -> [TemplateError] {
        var errors: [TemplateError] = []
        collectMissingReferences(in: nodes, among: names, into: &errors)
        return errors
    }

    private func collectMissingReferences(
        in nodes: [Node], among names: Set<String>, into errors: inout [TemplateError]
    ) {
        for node in nodes {
            switch node {
            case .text, .lineStart, .variable:
                break
            case .section(_, let children, _):
                collectMissingReferences(in: children, among: names, into: &errors)
            case .block(_, let block):
                collectMissingReferences(in: block.nodes, among: names, into: &errors)
            case .partial(let inclusion):
                if case .named(let target) = inclusion.target, !names.contains(target) {
                    errors.append(error(.missingPartial(target), at: inclusion.location))
                }
            case .parent(let inclusion, let arguments):
                if case .named(let target) = inclusion.target, !names.contains(target) {
                    errors.append(error(.missingParent(target), at: inclusion.location))
                }
                for block in arguments.values {
                    collectMissingReferences(in: block.nodes, among: names, into: &errors)
                }
            }
        }
    }

    /// Calls `use` with every name the nodes read, in source order.
    func collectNames(in nodes: [Node], _ use: (Name) -> Void) {
        for node in nodes {
            switch node {
            case .text, .lineStart:
                break
            case .variable(let name, _):
                use(name)
            case .section(let name, let children, _):
                use(name)
                collectNames(in: children, use)
            case .block(_, let block):
                collectNames(in: block.nodes, use)
            case .partial(let inclusion):
                if case .dynamic(let name) = inclusion.target { use(name) }
            case .parent(let inclusion, let arguments):
                if case .dynamic(let name) = inclusion.target { use(name) }
                for key in arguments.keys.sorted() {
                    if let block = arguments[key] { collectNames(in: block.nodes, use) }
                }
            }
        }
    }

    /// An error about this template at `location`.
    func error(_ reason: TemplateError.Reason, at location: Location) -> TemplateError {
        TemplateError(templateName: name, location: location, reason: reason)
    }
}
