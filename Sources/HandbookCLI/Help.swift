/// The text `handbook --help` prints.
enum Help {
    static func text(for topic: String?) -> String {
        """
        handbook — builds the Mobile Application Accessibility Handbook as a static site

        Usage:
          handbook build [--content content] [--templates templates] [--out public] [--timings] [--no-epub]
              Check everything, then write the site to the output folder (swapped in only when clean).
              The output must be new, empty, or made by an earlier build (it holds .handbook-output).
              --timings prints how long each stage took; --no-epub skips the EPUB edition of each
              language (<lang>/handbook.epub), about 1 s of the build.
          handbook check [--content content] [--templates templates] [--timings]
              Everything build checks; writes nothing.
          handbook watch [--content content] [--templates templates] [--out public]
              Build, then rebuild only what changed after each save (inotify); Ctrl-C stops.
          handbook i18n status [--content content] [--json] [--strict] [--strings]
              Per language: current, outdated (with how many blocks changed) and missing pages and
              UI strings. --strict exits 1 when anything is missing or outdated; --strings lists
              every UI string with its note for translators and each translation's state.
          handbook i18n diff [--content content] [--json] FILE...
              For each translation FILE, the English blocks that changed since it was marked
              current: old English, new English and the current translation, numbered.
          handbook i18n mark-current [--content content] [--force] [--block N|KEY]... FILE...
              After review, record that each translation FILE follows the current English (only
              block N of i18n diff, or string KEY of a strings.yaml, with --block). Refuses a
              translation that was not revised since the English changed, unless --force.
          handbook i18n upgrade [--content content]
              Once: turn translations' whole-file source_hash into block tracking.
          handbook --help | --version

        Exit codes: 0 success, 1 content errors (printed as path:line:column: error: message [code]),
        2 usage errors (among them an output folder that handbook must not replace).

        """
    }
}
