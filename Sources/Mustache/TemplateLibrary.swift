/// A set of named templates compiled once and rendered many times.
///
/// Compiled templates are immutable and every render has its own state, so renders may run
/// concurrently from several threads. Partial tags `{{>name}}` and parent tags `{{<name}}` name
/// templates by the keys they were registered under, such as `partials/header`.
public final class TemplateLibrary: Sendable {
    private let templates: [String: Template]
    private let strictPartials: Bool

    /// Compiles every template and throws the first error in name, line and column order.
    ///
    /// With `strictPartials`, a partial or parent tag naming a template that is not in `templates` is
    /// an error at the tag; without it such a tag renders as nothing, as the spec demands.
    public init(templates: [String: String], strictPartials: Bool = false) throws(TemplateError) {
        let (compiled, errors) = Self.compile(templates, strictPartials: strictPartials)
        if let first = errors.first {
            throw first
        }
        self.templates = compiled
        self.strictPartials = strictPartials
    }

    /// All errors of all templates, sorted by name, line and column (empty when all compile).
    ///
    /// A linter calls this to report every problem in one run instead of stopping at the first.
    public static func diagnose(
        templates: [String: String], strictPartials: Bool
    ) -> [TemplateError] {
        compile(templates, strictPartials: strictPartials).errors
    }

    /// A name that a tag of a template reads, and where the tag is.
    public struct NameUse: Sendable {
        public let templateName: String
        /// The dotted parts; empty for the implicit iterator `.`.
        public let components: [String]
        public let line: Int
        public let column: Int
    }

    /// Every name the templates read (variables, sections and dynamic partial names), by template
    /// name, line and column: what a caller checks against the keys its views provide.
    public func nameUses() -> [NameUse] {
        var uses: [NameUse] = []
        for name in templates.keys.sorted() {
            guard let template = templates[name] else { continue }
            template.collectNames(in: template.nodes) { uses.append(NameUse(
                templateName: name, components: $0.components, line: $0.location.line, column: $0.location.column)) }
        }
        return uses
    }

    /// Renders the template registered as `name` against `context`.
    ///
    /// Throws when there is no such template, when partials nest more than 100 deep or partials and
    /// sections together more than 300 (a recursion that the data does not end), or, with
    /// `strictPartials`, when a dynamic name `{{>*name}}` resolves to a template that does not exist.
    public func render(_ name: String, _ context: MustacheValue) throws(TemplateError) -> String {
        guard let template = templates[name] else {
            let start = Location(line: 1, column: 1)
            throw TemplateError(templateName: name, location: start, reason: .unknownTemplate(name))
        }
        var renderer = Renderer(
            templates: templates, strictPartials: strictPartials, context: context)
        return try renderer.render(template)
    }

    private static func compile(
        _ sources: [String: String], strictPartials: Bool
    ) -> (templates: [String: Template], errors: [TemplateError]) {
        var templates: [String: Template] = [:]
        var errors: [TemplateError] = []
        for (name, text) in sources {
            let compiled = Template.compile(name: name, text: text)
            templates[name] = compiled.template
            errors += compiled.errors
        }
        if strictPartials {
            let names = Set(sources.keys)
            for template in templates.values {
                errors += template.missingReferences(among: names)
            }
        }
        errors.sort { $0.sortKey < $1.sortKey }
        return (templates, errors)
    }
}

extension TemplateError {
    /// Orders errors by template name, line and column; the message breaks ties deterministically.
    fileprivate var sortKey: (String, Int, Int, String) { (templateName, line, column, message) }
}
