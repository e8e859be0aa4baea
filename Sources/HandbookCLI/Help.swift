/// The text `handbook --help` prints.
enum Help {
    static func text(for topic: String?) -> String {
        """
        handbook — builds the Mobile Application Accessibility Handbook as a static site

        Usage:
          handbook build [--content content] [--templates templates] [--out public] [--timings]
              Check everything, then write the site to the output folder (swapped in only when clean).
              The output must be new, empty, or made by an earlier build (it holds .handbook-output).
              --timings prints how long each stage took.
          handbook check [--content content] [--templates templates] [--timings]
              Everything build checks; writes nothing.
          handbook watch [--content content] [--templates templates] [--out public]
              Build, then rebuild only what changed after each save (inotify); Ctrl-C stops.
          handbook i18n status [--content content] [--json] [--strict]
              Per language: translated, outdated and missing pages and UI strings.
              --strict exits 1 when anything is missing or outdated.
          handbook i18n mark-current FILE...
              After review, record that each translation FILE follows the current English text.
          handbook --help | --version

        Exit codes: 0 success, 1 content errors (printed as path:line:column: error: message [code]),
        2 usage errors (among them an output folder that handbook must not replace).

        """
    }
}
