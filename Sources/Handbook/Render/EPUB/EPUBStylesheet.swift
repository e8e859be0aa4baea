/// The e-reader stylesheet. Sizes are relative (`em`, `%`) and no colour is set except through
/// `currentColor`, so the reading system's font size, font and light or dark theme apply. It adds
/// no text (no `content`): separators are written in the documents, so a reading system without
/// the book's styles shows the same words.
enum EPUBStylesheet {
    static let css = """
        body { line-height: 1.5; }
        h1, h2, h3, h4, h5, h6 { line-height: 1.25; }
        dl.facts div { margin: 0.25em 0; }
        dl.facts dt { font-weight: bold; display: inline; }
        dl.facts dd { display: inline; margin: 0; }
        table { border-collapse: collapse; margin: 1em 0; }
        caption { font-weight: bold; text-align: start; padding: 0.25em 0; }
        th, td { border: 1px solid currentColor; padding: 0.25em 0.5em; vertical-align: top; text-align: start; }
        .table-scroll { overflow-x: auto; }
        div.code { margin: 1em 0; }
        div.code .code-caption { font-weight: bold; font-size: 0.9em; }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; border: 1px solid currentColor; padding: 0.5em; }
        code { font-family: monospace; }
        .align-center { text-align: center; }
        .align-right { text-align: end; }
        td ul { margin: 0; padding-inline-start: 1.2em; }
        .cover { text-align: center; }
        .cover img { max-width: 100%; max-height: 95vh; }
        .title-page h1 { font-size: 2em; margin-top: 2em; }
        .title-page .subtitle { font-size: 1.25em; }

        """
}
