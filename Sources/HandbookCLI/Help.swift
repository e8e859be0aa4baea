import Foundation
import Handbook

/// The text `handbook --help` prints, and each command's part of it for `handbook COMMAND --help`.
enum Help {
    /// Each command's usage lines, by the words that name it.
    static let commands: [(topic: String, text: String)] = [
        ("build", """
          handbook build [--content content] [--templates templates] [--out public] [--timings] [--quiet]
                         [--no-epub] [--no-cache] [--verify]
              Check everything, then write the site to the output folder (swapped in only when clean).
              The output must be new, empty, or made by an earlier build (it holds .handbook-output).
              A build whose inputs, tool and output are those of the last good build (its trace in
              .handbook-cache/) does nothing and prints that build's warnings again.
              --timings prints how long each stage took; --quiet prints errors only (and the summary);
              --no-epub skips the EPUB edition of each language (<lang>/handbook.epub);
              --no-cache builds from scratch, neither reading nor writing the cache;
              --verify builds in memory and writes nothing: exit 0 when the output folder is exactly
              that build, else 1 with the files that differ (the pre-commit hook in .githooks/).
        """),
        ("check", """
          handbook check [--content content] [--templates templates] [--timings] [--quiet]
              Everything build checks; writes nothing.
        """),
        ("watch", """
          handbook watch [--content content] [--templates templates] [--out public] [--quiet] [--timings]
              Build, then rebuild only what changed after each save (inotify); Ctrl-C stops.
              --timings prints each rebuild's stages.
        """),
        ("serve", """
          handbook serve [--content content] [--templates templates] [--out public]
                         [--port 8000] [--host 127.0.0.1] [--open]
              Build, serve the output folder on loopback and rebuild like watch; open tabs reload
              after each good rebuild and show the errors after a failed one. serve --help: details.
        """),
        ("i18n status", """
          handbook i18n status [--content content] [--json] [--strict] [--strings]
              Per language: current, outdated (with how many blocks changed) and missing pages and
              UI strings. --strict exits 1 when anything is missing or outdated; --strings lists
              every UI string with its note for translators and each translation's state.
        """),
        ("i18n diff", """
          handbook i18n diff [--content content] [--json] [--lang LANG] [--outdated] FILE|ID...
              For each translation FILE, the English blocks that changed since it was marked
              current: old English, new English and the current translation, numbered. A page ID
              (bp:1.10, sec:7.3.6.5, page:about, as i18n status names pages) stands for its
              translations (of LANG with --lang); --outdated adds every outdated translation.
        """),
        ("i18n mark-current", """
          handbook i18n mark-current [--content content] [--force] [--block N|KEY]... [--lang LANG] FILE|ID...
              After review, record that each translation FILE (or page ID with --lang) follows the current English (only
              block N of i18n diff, or string KEY of a strings.yaml, with --block). Refuses a
              translation that was not revised since the English changed, unless --force.
        """),
        ("i18n upgrade", """
          handbook i18n upgrade [--content content]
              Turn translations' whole-file source_hash into block tracking, and set the
              translation_hash of current translations that do not record their own blocks' hash.
        """),
        ("i18n export", """
          handbook i18n export [--content content] [--out po/LANG] --lang LANG
              Write gettext PO files for translators' tools: one per page, strings.po and glossary.po.
              Each English block is a msgid, its translation the msgstr; blocks whose English changed
              since they were marked current are fuzzy, with the previous English (#| msgid).
        """),
        ("i18n import", """
          handbook i18n import [--content content] [--dry-run] FOLDER
              Write the PO translations back into content/LANG as Markdown and record the entries
              that are not fuzzy as current. Entries whose English changed since the export are
              skipped with a warning; anything unsafe (file.po:line: error: …): nothing is written.
              --dry-run lists the files it would update and writes nothing.
        """),
        ("i18n init", """
          handbook i18n init [--content content] [--tag BCP47] CODE --name NAME
              Add a language: site.yaml, a strings.yaml holding the English, a glossary column.
        """),
        ("recover", """
          handbook recover [--content content] [--undo]
              Finish a content edit (renumber, i18n import, mark-current, upgrade, init) that was
              cut short, from the journal it left beside the content; --undo puts every file it
              touched back as it was. Every other command refuses to run until then.
        """),
        ("renumber", """
          handbook renumber [--content content] sec:OLD NEW
              Give section OLD and the sections below it the number NEW in every language: rename
              the files, rewrite sec: links and front-matter numbers, add previous_numbers (the
              build leaves a redirect at each old address), and list mentions in prose it did not
              change. Refuses when a new file name is taken; never replaces a file.
          handbook renumber [--content content] --insert sec:NUMBER
              Make room for a new section NUMBER: it and each following sibling up to the first
              gap move up by one (11.5 → 11.6, 11.6 → 11.7, …) in one edit, with their links.
        """),
    ]

    /// The words `--help` can follow: each command, and `i18n` for all its subcommands.
    static var topics: [String] { commands.map(\.topic) + ["i18n", "help"] }

    static let footer = """

        Exit codes: 0 success, 1 content errors (printed as path:line:column: error: message [code];
        handbook help codes lists the codes), 2 usage errors (among them an output folder that handbook must not replace).

        """

    /// The serve command's own help, longer than its usage lines.
    static let serve = """
        handbook serve — preview the site while editing

        Usage:
          handbook serve [--content content] [--templates templates] [--out public]
                         [--port 8000] [--host 127.0.0.1] [--open]

        Builds the site, serves the output folder at http://127.0.0.1:8000/ and rebuilds after each
        save, as the watch command does. Open tabs reload when a rebuild wrote the page they show; after a
        failed rebuild they show the errors (path:line:column) until the next good build. The reload
        script is added to the pages as they are served; the files in the output folder stay as built.

          --port N      port to listen on (0: any free port, printed)
          --host ADDR   address to listen on; anything but loopback lets other machines read the
                        site, and handbook warns
          --open        open the site in the default browser once built

        Serves only files inside the output folder, to GET and HEAD requests. Ctrl-C stops (exit 0).
        Exit codes: 2 when the port is in use or the options are wrong, 1 when the server cannot start.

        """

    /// `handbook help codes`: every diagnostic code with what it means.
    static var codes: String {
        let width = DiagnosticCode.allCases.map(\.rawValue.count).max() ?? 0
        return "Diagnostic codes (printed in brackets after each error or warning):\n\n"
            + DiagnosticCode.allCases.map { "  " + $0.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.explanation + "\n" }.joined()
    }

    /// The whole help, or one command's (all of `i18n`'s subcommands for `i18n`).
    static func text(for topic: String?) -> String {
        if topic == "serve" { return serve }
        if topic == "codes" { return codes }
        let chosen = commands.filter { topic == nil || $0.topic == topic || (topic == "i18n" && $0.topic.hasPrefix("i18n ")) }
        guard topic != nil, !chosen.isEmpty else {
            return "handbook — builds the Mobile Application Accessibility Handbook as a static site\n\nUsage:\n"
                + commands.map { $0.text + "\n" }.joined() + "  handbook --help | --version\n" + footer
        }
        return "Usage:\n" + chosen.map { $0.text + "\n" }.joined() + footer
    }
}
