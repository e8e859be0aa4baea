import CYAML

/// Reads one YAML document with libyaml into `YAMLNode` values.
public enum YAMLReader {
    /// A syntax error with libyaml's explanation and its 1-based position.
    public struct SyntaxError: Error, Equatable, Sendable {
        /// What libyaml says is wrong, such as "could not find expected ':'".
        public var message: String
        /// 1-based line.
        public var line: Int
        /// 1-based column in code points.
        public var column: Int
        /// Where libyaml's context began ("while parsing a block mapping" that started here), if known.
        public var contextLine: Int? = nil
        /// Column of the context's start.
        public var contextColumn: Int? = nil
    }

    /// Parses `text`; an empty document gives an empty mapping. Anchors and aliases are refused,
    /// since front matter has no use for them and they allow exponential expansion.
    public static func read(_ text: String) throws(SyntaxError) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw SyntaxError(message: "the YAML parser could not start", line: 1, column: 1)
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) -> YAMLNode in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var builder = TreeBuilder()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw syntaxError(parser)
                }
                defer { yaml_event_delete(&event) }
                let type = event.type
                if type == YAML_STREAM_END_EVENT { break }
                if let problem = builder.consume(event) {
                    throw SyntaxError(
                        message: problem, line: Int(event.start_mark.line) + 1,
                        column: Int(event.start_mark.column) + 1)
                }
            }
            return builder.root ?? YAMLNode(.mapping([]), line: 1, column: 1)
        }
    }

    private static func syntaxError(_ parser: yaml_parser_t) -> SyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        var message = problem
        var error = SyntaxError(message: message, line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        if let context = parser.context.map({ String(cString: $0) }) {
            message = "\(problem) \(context)"
            error.message = message
            error.contextLine = Int(parser.context_mark.line) + 1
            error.contextColumn = Int(parser.context_mark.column) + 1
        }
        return error
    }

    /// Turns libyaml's event stream into a tree.
    private struct TreeBuilder {
        /// An open sequence or mapping. Items are appended in place (`stack[last].items.append`):
        /// taking a frame out of an enum to append copied the whole list each time, which made a
        /// `sections:` list of 50,000 entries quadratic.
        struct Frame {
            var isMapping: Bool
            var items: [YAMLNode] = []
            var pairs: [YAMLPair] = []
            var pendingKey: YAMLNode?
            var line: Int
            var column: Int
        }

        var stack: [Frame] = []
        var root: YAMLNode?
        var documents = 0

        mutating func consume(_ event: yaml_event_t) -> String? {
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 { return "front matter holds more than one YAML document" }
            case YAML_SCALAR_EVENT:
                if event.data.scalar.anchor != nil { return "YAML anchors are not supported here" }
                let length = Int(event.data.scalar.length)
                let text = event.data.scalar.value.map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                } ?? ""
                let plain = event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE
                add(YAMLNode(.scalar(text, plain: plain), line: line, column: column))
            case YAML_SEQUENCE_START_EVENT:
                stack.append(Frame(isMapping: false, line: line, column: column))
            case YAML_MAPPING_START_EVENT:
                stack.append(Frame(isMapping: true, line: line, column: column))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { return nil }
                let value: YAMLNode.Value = frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items)
                add(YAMLNode(value, line: frame.line, column: frame.column))
            case YAML_ALIAS_EVENT:
                return "YAML aliases are not supported here"
            default:
                break
            }
            return nil
        }

        mutating func add(_ node: YAMLNode) {
            guard let top = stack.indices.last else {
                root = node
                return
            }
            if !stack[top].isMapping {
                stack[top].items.append(node)
            } else if let key = stack[top].pendingKey {
                stack[top].pairs.append(YAMLPair(key: key, value: node))
                stack[top].pendingKey = nil
            } else {
                stack[top].pendingKey = node
            }
        }
    }
}
