import Markdown
import Mustache

/// The generated list on the Notes on the source page: `content/source-notes.yaml`, grouped by topic,
/// each entry in the reader's language with the guide's locations and links to the pages concerned.
extension ContextBuilder {
    /// The topics that have at least one note, in the page's order.
    var sourceNoteTopics: [SourceNote.Topic] {
        SourceNote.Topic.allCases.filter { topic in site.sourceNotes.contains { $0.topic == topic } }
    }

    func sourceNotesContext(from path: String) -> MustacheValue {
        guard !site.sourceNotes.isEmpty else { return .null }
        let source = site.config.sourceLanguage.code
        let separator = strings.text("list_separator")
        let groups: [MustacheValue] = sourceNoteTopics.map { topic in
            let notes: [MustacheValue] = site.sourceNotes.filter { $0.topic == topic }.map { note in
                func prose(_ field: [String: MarkdownNode]) -> MustacheValue {
                    .string(body.renderInline(field[language.code] ?? field[source]!))
                }
                let guide = note.guide.map { number -> String in
                    guard site.section(number) != nil else { return HTMLEscaping.escape(number) }
                    let href = RelativeURL.from(path, to: OutputLayout.path(of: .section(number), in: language.code))
                    return "<a href=\"\(HTMLEscaping.escape(href))\">\(HTMLEscaping.escape(number))</a>"
                }
                return .object([
                    "id": .string(note.id),
                    "title": prose(note.title),
                    "guide": .string(guide.joined(separator: separator)),
                    "says": prose(note.says),
                    "does": prose(note.does),
                    "pages": note.pages.isEmpty
                        ? .null : .object(["items": .array(note.pages.map { common.link(to: $0.value, from: path) })]),
                ])
            }
            return .object([
                "topic": .string(topic.rawValue),
                "heading": .string(strings.text("source_notes_topic_\(topic.rawValue)")),
                "notes": .array(notes),
            ])
        }
        return .object(["groups": .array(groups)])
    }
}
