extension YAMLReader {
    /// Reads a whole YAML file (`site.yaml`, `strings.yaml`, `glossary.yaml`), reporting a syntax
    /// error at its place in the file and control characters in its text; nil when the file is not valid YAML.
    static func read(_ file: SourceFile, reportingTo diagnostics: DiagnosticEngine) -> YAMLNode? {
        do {
            let root = try read(file.text)
            ControlCharacterCheck.report(root, path: file.path, lineOffset: 0, to: diagnostics)
            return root
        } catch {
            diagnostics.report(YAMLErrorExplanation(error, in: file.text).diagnostic(path: file.path, lineOffset: 0))
            return nil
        }
    }
}
