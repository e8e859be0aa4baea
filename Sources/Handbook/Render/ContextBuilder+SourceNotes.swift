import Markdown
import Mustache

/// The generated list on the Notes on the source page: `content/source-notes.yaml`, grouped by topic,
/// each entry in the reader's language with the guide's locations and links to the pages concerned.
extension ContextBuilder {
    /// The topics that have at least one note, in the page's order.
    var sourceNoteTopics: [SourceNote.Topic] {
        SourceNote.Topic.allCases.filter { topic in site.sourceNotes.contains { $0.topic == topic } }
    }

    func sourceNotesContext(from path: OutputPath) -> MustacheValue {
        guard !site.sourceNotes.isEmpty else { return .null }
        let source = site.config.sourceLanguage.code
        let groups: [MustacheValue] = sourceNoteTopics.map { topic in
            let notes: [MustacheValue] = site.sourceNotes.filter { $0.topic == topic }.map { note in
                func prose(_ field: [LanguageCode: MarkdownNode]) -> String {
                    guard let node = field[language.code] ?? field[source] else { return "" }
                    return body.renderInline(node)
                }
                let guide: [MustacheValue] = note.guide.enumerated().map { index, number in
                    .view(GuideReferenceView(
                        number: number,
                        href: site.section(number) == nil
                            ? .bool(false) : .string(RelativeURL.from(path, to: OutputLayout.path(of: .section(number), in: language.code))),
                        last: index == note.guide.count - 1))
                }
                return .view(SourceNoteView(
                    id: note.id, title: prose(note.title), guide: guide,
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
struct SourceNotesView: FieldedView, Equatable {
    static let fields: [ViewField<SourceNotesView>] = [ViewField("groups") { view in .array(view.groups) }]
    let groups: [MustacheValue]
}

/// The notes of one topic under its heading.
struct SourceNoteGroupView: FieldedView, Equatable {
    static let fields: [ViewField<SourceNoteGroupView>] = [
        ViewField("topic") { view in .string(view.topic) },
        ViewField("heading") { view in .string(view.heading) },
        ViewField("notes") { view in .array(view.notes) },
    ]
    let topic: String
    let heading: String
    let notes: [MustacheValue]
}

/// One note: its title, the guide's sections, what the guide says and what we do (inline HTML),
/// and the pages concerned.
struct SourceNoteView: FieldedView, Equatable {
    static let fields: [ViewField<SourceNoteView>] = [
        ViewField("id") { view in .string(view.id) },
        ViewField("title") { view in .string(view.title) },
        ViewField("guide") { view in .array(view.guide) },
        ViewField("says") { view in .string(view.says) },
        ViewField("does") { view in .string(view.does) },
        ViewField("pages") { view in view.pages },
    ]
    let id: String
    let title: String
    let guide: [MustacheValue]
    let says: String
    let does: String
    let pages: MustacheValue
}

/// A section of the guide a note cites: a link when the handbook has the section (else `false`).
struct GuideReferenceView: FieldedView, Equatable {
    static let fields: [ViewField<GuideReferenceView>] = [
        ViewField("number") { view in .string(view.number) },
        ViewField("href") { view in view.href },
        ViewField("last") { view in .bool(view.last) },
    ]
    let number: String
    let href: MustacheValue
    let last: Bool
}
