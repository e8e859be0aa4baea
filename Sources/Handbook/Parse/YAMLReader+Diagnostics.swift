extension YAMLReader {
    /// Reads a whole YAML file (`site.yaml`, `strings.yaml`, `glossary.yaml`), reporting a syntax
    /// error at its place in the file; nil when the file is not valid YAML.
    static func read(_ file: SourceFile, reportingTo diagnostics: DiagnosticEngine) -> YAMLNode? {
        do {
            return try read(file.text)
        } catch {
            diagnostics.error(
                "yaml-syntax", error.message, at: SourceLocation(path: file.path, line: error.line, column: error.column))
            return nil
        }
    }
}
