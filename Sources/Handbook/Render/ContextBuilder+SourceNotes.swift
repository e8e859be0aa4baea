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
                func prose(_ field: [String: MarkdownNode]) -> String {
                    guard let node = field[language.code] ?? field[source] else { return "" }
                    return body.renderInline(node)
                }
                let guide = note.guide.map { number -> String in
                    guard site.section(number) != nil else { return HTMLEscaping.escape(number) }
                    let href = RelativeURL.from(path, to: OutputLayout.path(of: .section(number), in: language.code))
                    return "<a href=\"\(HTMLEscaping.escape(href))\">\(HTMLEscaping.escape(number))</a>"
                }
                return .view(SourceNoteView(
                    id: note.id, title: prose(note.title), guide: guide.joined(separator: separator),
                    says: prose(note.says), does: prose(note.does),
                    pages: ItemsView.list(note.pages.map { .view(common.link(to: $0.value, from: path)) })))
            }
            return .view(SourceNoteGroupView(
                topic: topic.rawValue, heading: strings.text("source_notes_topic_\(topic.rawValue)"), notes: notes))
        }
        return .view(SourceNotesView(groups: groups))
    }
}

/// The notes on the source, grouped by topic.
struct SourceNotesView: MustacheView {
    static let keys = ["groups"]
    let groups: [MustacheValue]

    func value(for key: String) -> MustacheValue? { key == "groups" ? .array(groups) : nil }
}

/// The notes of one topic under its heading.
struct SourceNoteGroupView: MustacheView {
    static let keys = ["topic", "heading", "notes"]
    let topic: String
    let heading: String
    let notes: [MustacheValue]

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "topic": return .string(topic)
        case "heading": return .string(heading)
        case "notes": return .array(notes)
        default: return nil
        }
    }
}

/// One note: its title, the guide's sections (HTML links), what the guide says and what we do
/// (inline HTML), and the pages concerned.
struct SourceNoteView: MustacheView {
    static let keys = ["id", "title", "guide", "says", "does", "pages"]
    let id: String
    let title: String
    let guide: String
    let says: String
    let does: String
    let pages: MustacheValue

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "id": return .string(id)
        case "title": return .string(title)
        case "guide": return .string(guide)
        case "says": return .string(says)
        case "does": return .string(does)
        case "pages": return pages
        default: return nil
        }
    }
}
