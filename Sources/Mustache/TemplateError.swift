/// A problem in a template, located by template name, line and column.
///
/// Syntax errors come from compiling a `TemplateLibrary`; render errors (runaway partial recursion,
/// a dynamic partial name that names no template) come from `render`. Both print like compiler
/// diagnostics, so editors and the site's linter can jump to the spot.
public struct TemplateError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The name the template was registered under, such as `templates/page.mustache`.
    public let templateName: String
    /// The 1-based line of the tag at fault.
    public let line: Int
    /// The 1-based column of the tag at fault, counted in Characters (Unicode grapheme clusters).
    public let column: Int
    /// What is wrong, in words, such as `unclosed section 'items' (opened here)`.
    public let message: String

    /// The error as `name:line:column: error: message`, the form compilers and editors understand.
    public var description: String { "\(templateName):\(line):\(column): error: \(message)" }

    /// Creates an error from its parts; the library makes these, tests compare against them.
    public init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    /// Creates an error at `location` whose message is the one `reason` maps to.
    init(templateName: String, location: Location, reason: Reason) {
        self.init(
            templateName: templateName,
            line: location.line,
            column: location.column,
            message: reason.message
        )
    }
}

extension TemplateError {
    /// Why a template was rejected; each case maps to exactly one message.
    enum Reason: Equatable {
        /// A tag opens but its closing delimiter never follows.
        case unclosedTag(closing: String)
        /// A section, block or parent reaches the end of the template without its closing tag.
        case unclosedSection(kind: String, name: String)
        /// A closing tag does not match the innermost open tag (`expected` is nil when none is open).
        case unexpectedClosingTag(name: String, expected: String?)
        /// A tag that needs a name has none, such as `{{#}}`.
        case missingName(tag: String)
        /// A name holds whitespace or an empty dotted part, such as `{{a b}}` or `{{a..b}}`.
        case invalidName(String)
        /// A set-delimiter tag does not hold two delimiters free of whitespace and `=`.
        case invalidDelimiters(String)
        /// Sections, blocks and parents nest deeper than the parser allows.
        case sectionsNestTooDeeply(limit: Int)
        /// A `{{>name}}` names no template of the library (strict mode).
        case missingPartial(String)
        /// A `{{<name}}` names no template of the library (strict mode).
        case missingParent(String)
        /// Rendering went deeper than the limits on open partials or on open partials and sections
        /// together; `chain` lists the templates entered.
        case partialsNestTooDeeply(partials: Int, levels: Int, chain: [String])
        /// `render` was asked for a template the library does not have.
        case unknownTemplate(String)

        /// The sentence shown to the template's author.
        var message: String {
            switch self {
            case .unclosedTag(let closing):
                return "unclosed tag: missing '\(closing)'"
            case .unclosedSection(let kind, let name):
                return "unclosed \(kind) '\(name)' (opened here)"
            case .unexpectedClosingTag(let name, let expected?):
                return "unexpected closing tag '\(name)'; expected '\(expected)'"
            case .unexpectedClosingTag(let name, nil):
                return "unexpected closing tag '\(name)'; no section is open"
            case .missingName(let tag):
                return "tag '\(tag)' has no name"
            case .invalidName(let name):
                return "invalid name '\(name)': names hold no whitespace and no empty dotted parts"
            case .invalidDelimiters(let tag):
                return "invalid set-delimiter tag '\(tag)': "
                    + "expected two delimiters without spaces or '='"
            case .sectionsNestTooDeeply(let limit):
                return "sections nest more than \(limit) levels deep"
            case .missingPartial(let name):
                return "missing partial '\(name)'"
            case .missingParent(let name):
                return "missing parent template '\(name)'"
            case .partialsNestTooDeeply(let partials, let levels, let chain):
                return "partials nest too deeply (recursion?) through \(Self.describe(chain)): "
                    + "more than \(partials) partials, or \(levels) levels of partials and sections"
            case .unknownTemplate(let name):
                return "no template named '\(name)'"
            }
        }

        /// The chain up to and including the first template entered twice, so a cycle shows once.
        private static func describe(_ chain: [String]) -> String {
            var seen: Set<String> = []
            var shown: [String] = []
            for name in chain.prefix(8) {
                shown.append(name)
                if !seen.insert(name).inserted { break }
            }
            let names = shown.map { "'\($0)'" }.joined(separator: " > ")
            return shown.count < chain.count ? names + " > ..." : names
        }
    }
}
