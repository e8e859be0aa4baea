/// The 404 page served when the output has no `404.html` of its own: a minimal accessible page
/// (language, title, main landmark, heading, a way home) in the language of the folder asked for.
enum NotFoundPage {
    static func html(strings: PreviewStrings, home: String, policy: String) -> [UInt8] {
        let page = """
            <!DOCTYPE html>
            <html lang="\(escape(strings.tag))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <title>\(escape(strings.notFoundTitle))</title>
            </head>
            <body>
            <main>
            <h1>\(escape(strings.notFoundTitle))</h1>
            <p>\(escape(strings.notFoundText))</p>
            <p><a href="\(escape(home))">\(escape(strings.home))</a></p>
            </main>
            </body>
            </html>

            """
        return Array(page.utf8)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
