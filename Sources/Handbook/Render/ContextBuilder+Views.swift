import Mustache

/// The views of content pages and the generated lists that `ContextBuilder` fills.

/// The fields of a content page beyond those every page has.
struct ContentPageView: MustacheView, Equatable {
    static let keys = [
        "body", "intro", "body_rest", "summary", "referenced_by", "toc", "notice_changes", "practice", "section", "principles", "epub",
        "source_notes", "updated",
    ]
    let body: String
    let summary: String
    let referencedBy: MustacheValue
    let toc: MustacheValue
    var noticeChanges: MustacheValue?
    var practice: MustacheValue?
    var section: MustacheValue?
    var principles: MustacheValue?
    var epub: MustacheValue?
    var sourceNotes: MustacheValue?
    /// "Last updated 1 December 2026": the page's `reviewed:` day, else when the content last changed (site.yaml's `modified`).
    var updated: String?

    /// Where the first `h2` starts, or the row that holds it with its link.
    private var introEnd: String.Index {
        let heading = BodyRenderer.find("<h2", in: body[...])?.lowerBound ?? body.startIndex
        let row = BodyRenderer.find("<div class=\"heading-row\"><h2", in: body[...])?.lowerBound
        return row.map { min($0, heading) } ?? heading
    }

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "body": return .string(body)
        // A practice opens with its introduction, before its facts and "On this page", so that a
        // phone shows prose on the first screen: the body up to its first `h2`, and the rest.
        case "intro": return .string(String(body[..<introEnd]))
        case "body_rest": return .string(String(body[introEnd...]))
        case "summary": return .string(summary)
        case "referenced_by": return referencedBy
        case "toc": return toc
        case "notice_changes": return noticeChanges
        case "practice": return practice
        case "section": return section
        case "principles": return principles
        case "epub": return epub
        case "source_notes": return sourceNotes
        case "updated": return updated.map(MustacheValue.string) ?? .null
        default: return nil
        }
    }
}

/// The fields of a generated page that are not given by an edition, a map or a checklist.
struct GeneratedPageView: MustacheView, Equatable {
    static let keys = ["principles", "chapters", "groups", "languages_status", "epub"]
    var principles: MustacheValue?
    var chapters: MustacheValue?
    var groups: MustacheValue?
    var languagesStatus: MustacheValue?
    var epub: MustacheValue?

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "principles": return principles
        case "chapters": return chapters
        case "groups": return groups
        case "languages_status": return languagesStatus
        case "epub": return epub
        default: return nil
        }
    }
}

/// The link to a language's EPUB edition, with its size in the text.
struct EPUBLinkView: MustacheView, Equatable {
    static let keys = ["href", "text", "lang"]
    let href: String
    let text: String
    let lang: MustacheValue

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "href": return .string(href)
        case "text": return .string(text)
        case "lang": return lang
        default: return nil
        }
    }
}

/// What changed in the English of an outdated translation, and the link to it.
struct ChangedPartsView: MustacheView, Equatable {
    static let keys = ["label", "label_lang", "parts", "href", "hreflang", "link", "link_lang"]
    let label: String
    let labelLang: MustacheValue
    let parts: MustacheValue
    let href: String
    let hreflang: String
    let link: String
    let linkLang: MustacheValue

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "label": return .string(label)
        case "label_lang": return labelLang
        case "parts": return parts
        case "href": return .string(href)
        case "hreflang": return .string(hreflang)
        case "link": return .string(link)
        case "link_lang": return linkLang
        default: return nil
        }
    }
}

/// One line of "On this page".
struct TOCItemView: MustacheView, Equatable {
    static let keys = ["anchor", "text", "lang"]
    let anchor: String
    let text: String
    let lang: MustacheValue

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "anchor": return .string(anchor)
        case "text": return .string(text)
        case "lang": return lang
        default: return nil
        }
    }
}

/// Back-links grouped by kind, each group `.null` when empty.
struct ReferencedByView: MustacheView, Equatable {
    static let keys = ["practices", "sections", "pages"]
    let practices: MustacheValue
    let sections: MustacheValue
    let pages: MustacheValue

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "practices": return practices
        case "sections": return sections
        case "pages": return pages
        default: return nil
        }
    }
}

/// A practice page's own fields.
struct PracticeView: MustacheView, Equatable {
    static let keys = [
        "id", "principle", "principle_lang", "principle_href", "sections", "guide_sections", "derived_sections",
        "category", "category_lang", "adoption", "wcag", "pager",
    ]
    let id: String
    let principle: String
    let principleLang: MustacheValue
    let principleHref: String
    let sections: MustacheValue
    let guideSections: MustacheValue
    let derivedSections: MustacheValue
    let pager: MustacheValue
    /// The category's name and the `lang` it needs; absent for a practice without one.
    var category: TextLangView?
    var adoption: String?
    var wcag: MustacheValue?

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "id": return .string(id)
        case "principle": return .string(principle)
        case "principle_lang": return principleLang
        case "principle_href": return .string(principleHref)
        case "sections": return sections
        case "guide_sections": return guideSections
        case "derived_sections": return derivedSections
        case "category": return category.map { .string($0.text) }
        case "category_lang": return category?.lang
        case "adoption": return adoption.map(MustacheValue.string)
        case "wcag": return wcag
        case "pager": return pager
        default: return nil
        }
    }
}

/// A WCAG success criterion a practice maps to, linking into the WCAG map.
struct WCAGCriterionLinkView: MustacheView, Equatable {
    static let keys = ["number", "name", "name_lang", "level", "href"]
    let number: String
    let name: String
    let nameLang: MustacheValue
    let level: String
    let href: String

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "number": return .string(number)
        case "name": return .string(name)
        case "name_lang": return nameLang
        case "level": return .string(level)
        case "href": return .string(href)
        default: return nil
        }
    }
}

/// A section page's own fields.
struct SectionView: MustacheView, Equatable {
    static let keys = ["number", "platform", "platform_lang", "practices", "related", "children", "program_details", "pager"]
    let number: String
    let platform: MustacheValue
    let platformLang: MustacheValue
    let practices: MustacheValue
    /// The sections `related:` names, under "Related sections".
    let related: MustacheValue
    let children: MustacheValue
    let pager: MustacheValue
    var programDetails: [MustacheValue]?

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "number": return .string(number)
        case "platform": return platform
        case "platform_lang": return platformLang
        case "practices": return practices
        case "related": return related
        case "children": return children
        case "program_details": return programDetails.map(MustacheValue.array)
        case "pager": return pager
        default: return nil
        }
    }
}

/// One program-details table.
struct ProgramDetailView: MustacheView, Equatable {
    static let keys = ["caption", "caption_lang", "rows"]
    let caption: String
    let captionLang: MustacheValue
    let rows: [MustacheValue]

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "caption": return .string(caption)
        case "caption_lang": return captionLang
        case "rows": return .array(rows)
        default: return nil
        }
    }
}

/// One row of a program-details table: inline HTML of the page's Markdown, a file or class name
/// shown as code, the functions as a list, or links to the related sections. The other kinds
/// answer `false` (an empty `html`), so a row never reads its table's or page's fields.
struct ProgramRowView: MustacheView, Equatable {
    static let keys = ["label", "label_lang", "lang", "html", "code", "functions", "links"]
    enum Content: Equatable {
        case html(String)
        case code(String)
        case functions([String])
        case links([Link])
    }

    struct Link: Equatable {
        var href: String
        var text: String
    }

    let label: String
    let labelLang: MustacheValue
    let lang: MustacheValue
    let content: Content

    func value(for key: String) -> MustacheValue? {
        switch (key, content) {
        case ("label", _): return .string(label)
        case ("label_lang", _): return labelLang
        case ("lang", _): return lang
        case ("html", .html(let html)): return .string(html)
        case ("html", _): return .string("")
        case ("code", .code(let name)): return .string(name)
        case ("functions", .functions(let items)): return .view(ItemsView(items: items.map(MustacheValue.string)))
        case ("links", .links(let links)):
            return .array(links.enumerated().map { index, link in
                .view(LinkLineView(href: link.href, text: link.text, last: index == links.count - 1))
            })
        case ("code", _), ("functions", _), ("links", _): return .bool(false)
        default: return nil
        }
    }
}

/// A link in a list whose lines a template separates (`{{^last}}<br>{{/last}}`).
struct LinkLineView: MustacheView, Equatable {
    static let keys = ["href", "text", "last"]
    let href: String
    let text: String
    let last: Bool

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "href": return .string(href)
        case "text": return .string(text)
        case "last": return .bool(last)
        default: return nil
        }
    }
}

/// The previous and next page in reading order; a missing one is absent.
struct PagerView: MustacheView, Equatable {
    static let keys = ["previous", "next"]
    let previous: MustacheValue?
    let next: MustacheValue?

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "previous": return previous
        case "next": return next
        default: return nil
        }
    }
}

/// The root `index.html`.
struct RootView: MustacheView, Equatable {
    static let keys = ["lang", "title", "stylesheet", "script", "preferences_script", "strings", "languages"]
    let lang: String
    let title: String
    let strings: UIStrings
    let languages: [MustacheValue]

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "lang": return .string(lang)
        case "title": return .string(title)
        case "stylesheet": return .string(OutputLayout.stylesheet)
        case "script": return .string(OutputLayout.script)
        case "preferences_script": return .string(OutputLayout.preferencesScript)
        case "strings": return .view(StringsView(strings: strings))
        case "languages": return .array(languages)
        default: return nil
        }
    }
}

/// One language's entry on the root `index.html`, in that language.
struct RootLanguageView: MustacheView, Equatable {
    static let keys = ["code", "tag", "name", "dir", "href", "site_title", "site_title_lang", "tagline", "tagline_lang", "enter"]
    let language: Language
    let strings: UIStrings

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "code": return .string(language.code)
        case "tag": return .string(language.tag)
        case "name": return .string(language.name)
        case "dir": return .string(language.dir)
        case "href": return .string(OutputLayout.path(of: .page("index"), in: language.code))
        case "site_title": return .string(strings.text("site_title"))
        case "site_title_lang": return strings.lang(of: "site_title")
        case "tagline": return .string(strings.text("root_tagline"))
        case "tagline_lang": return strings.lang(of: "root_tagline")
        case "enter": return UIText(strings, "root_enter", naming: language).value
        default: return nil
        }
    }
}

/// A principle with its categories, on the home page and the practice lists.
struct PrincipleView: MustacheView, Equatable {
    static let keys = [
        "anchor", "number", "title", "title_lang", "description", "description_lang", "count", "count_lang", "categories",
    ]
    let anchor: String
    let number: String
    let title: String
    let titleLang: MustacheValue
    let description: String
    let descriptionLang: MustacheValue
    let count: String
    let countLang: MustacheValue
    let categories: [MustacheValue]

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "anchor": return .string(anchor)
        case "number": return .string(number)
        case "title": return .string(title)
        case "title_lang": return titleLang
        case "description": return .string(description)
        case "description_lang": return descriptionLang
        case "count": return .string(count)
        case "count_lang": return countLang
        case "categories": return .array(categories)
        default: return nil
        }
    }
}

/// A category of a principle and its practices; `title`, `title_lang` and `anchor` are `false` for
/// practices without a category, so a lookup never reaches the principle's.
struct CategoryView: MustacheView, Equatable {
    static let keys = ["items", "title", "title_lang", "anchor"]
    let items: [MustacheValue]
    var title: MustacheValue = .bool(false)
    var titleLang: MustacheValue = .bool(false)
    var anchor: MustacheValue = .bool(false)

    func value(for key: String) -> MustacheValue? {
        switch key {
        case "items": return .array(items)
        case "title": return title
        case "title_lang": return titleLang
        case "anchor": return anchor
        default: return nil
        }
    }
}
