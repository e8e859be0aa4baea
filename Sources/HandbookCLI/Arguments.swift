import Handbook

/// The folders a command works on, from `--content`, `--templates` and `--out`.
public struct FolderOptions: Equatable, Sendable {
    /// Content folder.
    public var content = "content"
    /// Templates folder.
    public var templates = "templates"
    /// Output folder.
    public var output = "public"
    /// Whether `--content` was given: the i18n file commands otherwise find it from the files named.
    public var contentGiven = false
    /// Whether `--quiet` was given: print errors only (and the summary), not warnings.
    public var quiet = false
}

/// What the user asked for.
public enum Command: Equatable, Sendable {
    case help(String?)
    case version
    case build(FolderOptions, timings: Bool = false, epub: Bool = true, cache: Bool = true, verify: Bool = false)
    case check(FolderOptions, timings: Bool = false)
    case watch(FolderOptions, timings: Bool = false)
    case serve(FolderOptions, ServeOptions)
    case i18nStatus(FolderOptions, json: Bool, strict: Bool, strings: Bool = false)
    case i18nMarkCurrent(FolderOptions, paths: [String], force: Bool = false, blocks: [String] = [], language: LanguageCode? = nil)
    case i18nDiff(FolderOptions, paths: [String], json: Bool, language: LanguageCode? = nil, outdated: Bool = false)
    case i18nUpgrade(FolderOptions)
    case renumber(FolderOptions, SectionRenumbering.Request)
    case i18nExport(FolderOptions, language: LanguageCode, out: String?)
    case i18nImport(FolderOptions, folder: String, dryRun: Bool = false)
    case i18nInit(FolderOptions, code: String, name: String, tag: String?)
    case recover(FolderOptions, undo: Bool)

    /// The folders the command works on (none for help and version).
    var folders: FolderOptions? {
        switch self {
        case .help, .version: return nil
        case .build(let options, _, _, _, _), .check(let options, _), .watch(let options, _), .serve(let options, _),
            .i18nStatus(let options, _, _, _), .i18nMarkCurrent(let options, _, _, _, _), .i18nDiff(let options, _, _, _, _),
            .i18nUpgrade(let options), .renumber(let options, _), .i18nExport(let options, _, _), .i18nImport(let options, _, _),
            .i18nInit(let options, _, _, _), .recover(let options, _):
            return options
        }
    }
}

/// A mistake in the command line, with the nearest valid word when there is one.
public struct UsageError: Error, Equatable {
    /// What is wrong.
    public var message: String
    /// The likely intended word.
    public var suggestion: String?
    /// What to do instead, when it is not a word ("check writes nothing; build --out DIR does").
    public var note: String? = nil
}

/// Parses the command line.
public enum Arguments {
    static let commands = ["build", "check", "watch", "serve", "i18n", "renumber", "recover", "help"]

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { return .help(nil) }
        switch first {
        case "--help", "-h": return .help(nil)
        case "--version", "-V": return .version
        case "help":
            let words = Array(arguments.dropFirst())
            guard let command = words.first else { return .help(nil) }
            return .help(command == "i18n" && words.count > 1 ? "i18n \(words[1])" : command)
        case _ where arguments.contains("--help") || arguments.contains("-h"):
            // `build --help`, `i18n status -h`: that command's help, whatever else was typed.
            let words = arguments.prefix { $0 != "--help" && $0 != "-h" }
            let topic = words.first == "i18n" && words.count > 1 ? "i18n \(words[words.index(after: words.startIndex)])" : first
            guard Help.topics.contains(topic) else {
                throw UsageError(message: "no help for '\(topic)'", suggestion: NearMiss.suggestion(for: topic, among: Help.topics))
            }
            return .help(topic)
        case "build":
            let (folders, flags) = try options(
                Array(arguments.dropFirst()), allowed: ["--content", "--templates", "--out"], flags: ["--timings", "--quiet", "--no-epub", "--no-cache", "--verify"])
            return .build(
                folders, timings: flags.contains("--timings"), epub: !flags.contains("--no-epub"), cache: !flags.contains("--no-cache"),
                verify: flags.contains("--verify"))
        case "watch":
            let (folders, flags) = try options(
                Array(arguments.dropFirst()), allowed: ["--content", "--templates", "--out"], flags: ["--quiet", "--timings"])
            return .watch(folders, timings: flags.contains("--timings"))
        case "serve":
            return try serve(Array(arguments.dropFirst()))
        case "check":
            let (folders, flags) = try options(
                Array(arguments.dropFirst()), allowed: ["--content", "--templates"], flags: ["--timings", "--quiet"])
            return .check(folders, timings: flags.contains("--timings"))
        case "i18n":
            return try i18n(Array(arguments.dropFirst()))
        case "renumber":
            return try renumber(Array(arguments.dropFirst()))
        case "recover":
            let (folders, flags) = try options(Array(arguments.dropFirst()), allowed: ["--content"], flags: ["--undo"])
            return .recover(folders, undo: flags.contains("--undo"))
        default:
            if first.hasPrefix("-") {
                throw UsageError(
                    message: "unknown option '\(first)'",
                    suggestion: NearMiss.suggestion(for: first, among: ["--help", "--version"]))
            }
            // Other tools' spellings of the version flag.
            if ["version", "-v"].contains(first) { throw UsageError(message: "unknown command '\(first)'", suggestion: "--version") }
            throw UsageError(
                message: "unknown command '\(first)'", suggestion: NearMiss.suggestion(for: first, among: commands))
        }
    }

    /// `serve`'s own options (`--port`, `--host`, `--open`) are taken out before the folders are read.
    private static func serve(_ words: [String]) throws(UsageError) -> Command {
        if words.contains("--help") || words.contains("-h") { return .help("serve") }
        var serve = ServeOptions()
        var rest: [String] = []
        var index = 0
        while index < words.count {
            var word = words[index]
            var value: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                value = String(word[word.index(after: equals)...])
                word = String(word[..<equals])
            }
            guard word == "--port" || word == "--host" || word == "--open" else {
                rest.append(words[index])
                index += 1
                continue
            }
            if word == "--open" {
                guard value == nil else { throw UsageError(message: "option '--open' takes no value", suggestion: nil) }
                serve.open = true
                index += 1
                continue
            }
            if value == nil {
                guard index + 1 < words.count, !words[index + 1].hasPrefix("--") else {
                    throw UsageError(message: "option '\(word)' needs \(word == "--port" ? "a port number" : "an address")", suggestion: nil)
                }
                value = words[index + 1]
                index += 1
            }
            if word == "--port" {
                guard let port = UInt16(value!), value!.allSatisfy(\.isASCII) else {
                    throw UsageError(message: "option '--port' needs a port number from 0 to 65535, not '\(value!)'", suggestion: nil)
                }
                serve.port = port
            } else {
                guard !value!.isEmpty else { throw UsageError(message: "option '--host' was given an empty address", suggestion: nil) }
                serve.host = value!
            }
            index += 1
        }
        let folderOptions = ["--content", "--templates", "--out"]
        for word in rest where word.hasPrefix("-") {
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            if !folderOptions.contains(name) {
                throw UsageError(
                    message: "unknown option '\(name)'",
                    suggestion: NearMiss.suggestion(for: name, among: folderOptions + ["--port", "--host", "--open"]))
            }
        }
        let (folders, _) = try options(rest, allowed: folderOptions, flags: [])
        return .serve(folders, serve)
    }

    /// `renumber [--content DIR] sec:OLD NEW` (NEW may be written `sec:NEW` too), or
    /// `renumber [--content DIR] --insert sec:NUMBER`.
    private static func renumber(_ words: [String]) throws(UsageError) -> Command {
        let (folders, flags, extra) = try options(words, allowed: ["--content"], flags: ["--insert"], takesFiles: true)
        let insert = flags.contains("--insert")
        guard extra.files.count == (insert ? 1 : 2) else {
            throw UsageError(
                message: insert
                    ? "name the one number to make room at, such as: handbook renumber --insert sec:11.5"
                    : "name the section and its new number, such as: handbook renumber sec:11.5 11.6", suggestion: nil)
        }
        guard extra.files[0].hasPrefix("sec:") else {
            throw UsageError(message: "write the section to renumber as sec:NUMBER, such as sec:11.5", suggestion: "sec:" + extra.files[0])
        }
        let old = String(extra.files[0].dropFirst(4))
        if let problem = SectionRenumbering.numberProblem(old) { throw UsageError(message: problem, suggestion: nil) }
        if insert { return .renumber(folders, .insert(at: old)) }
        let new = extra.files[1].hasPrefix("sec:") ? String(extra.files[1].dropFirst(4)) : extra.files[1]
        if let problem = SectionRenumbering.numberProblem(new) { throw UsageError(message: problem, suggestion: nil) }
        guard old != new, !new.hasPrefix(old + ".") else {
            throw UsageError(message: "section \(old) cannot be renumbered to \(new), which is itself or below it", suggestion: nil)
        }
        return .renumber(folders, .move(old: old, new: new))
    }

    static let i18nSubcommands = ["status", "diff", "mark-current", "upgrade", "export", "import", "init"]

    private static func i18n(_ words: [String]) throws(UsageError) -> Command {
        guard let sub = words.first else {
            throw UsageError(message: "'i18n' needs a subcommand: \(i18nSubcommands.joined(separator: ", "))", suggestion: "i18n status")
        }
        let rest = Array(words.dropFirst())
        switch sub {
        case "status":
            let (folders, flags) = try options(rest, allowed: ["--content", "--templates"], flags: ["--json", "--strict", "--strings"])
            return .i18nStatus(folders, json: flags.contains("--json"), strict: flags.contains("--strict"), strings: flags.contains("--strings"))
        case "upgrade":
            let (folders, _) = try options(rest, allowed: ["--content"], flags: [])
            return .i18nUpgrade(folders)
        case "diff":
            let (folders, flags, extra) = try options(rest, allowed: ["--content", "--lang"], flags: ["--json", "--outdated"], takesFiles: true)
            let files = extra.files
            guard !files.isEmpty || flags.contains("--outdated") else {
                throw UsageError(
                    message: "name the translations to compare, such as content/zh-Hant/practices/1.1.md or bp:1.1, or give --outdated",
                    suggestion: nil)
            }
            return .i18nDiff(
                folders, paths: files, json: flags.contains("--json"), language: extra.language, outdated: flags.contains("--outdated"))
        case "mark-current":
            let (folders, flags, extra) = try options(rest, allowed: ["--content", "--block", "--lang"], flags: ["--force"], takesFiles: true)
            let files = extra.files
            guard !files.isEmpty else {
                throw UsageError(message: "name the translations to mark, such as content/zh-Hant/practices/1.1.md or bp:1.1 --lang zh-Hant", suggestion: nil)
            }
            // Marking is a translator's statement about one translation: a page ID names one with --lang.
            if files.contains(where: { PageKey.reference($0) != nil }), extra.language == nil {
                throw UsageError(message: "mark-current with a page ID needs --lang, such as 'bp:1.1 --lang zh-Hant'", suggestion: nil)
            }
            let numbers = extra.blocks
            if !numbers.isEmpty && files.count > 1 {
                throw UsageError(message: "'--block' marks blocks of one translation; name one file", suggestion: nil)
            }
            return .i18nMarkCurrent(folders, paths: files, force: flags.contains("--force"), blocks: numbers, language: extra.language)
        case "export":
            let (folders, values, words) = try named(rest, allowed: ["--content", "--lang", "--out"])
            guard words.isEmpty else { throw UsageError(message: "unexpected '\(words[0])'; export takes --lang and --out", suggestion: nil) }
            guard let language = values["--lang"] else { throw UsageError(message: "name the edition to export with --lang, such as --lang zh-Hant", suggestion: nil) }
            return .i18nExport(folders, language: LanguageCode(language), out: values["--out"])
        case "import":
            let dryRun = rest.contains("--dry-run")
            let (folders, _, words) = try named(rest.filter { $0 != "--dry-run" }, allowed: ["--content"])
            guard words.count == 1 else { throw UsageError(message: "name one folder of PO files to import, such as po/zh-Hant", suggestion: nil) }
            return .i18nImport(folders, folder: words[0], dryRun: dryRun)
        case "init":
            let (folders, values, words) = try named(rest, allowed: ["--content", "--name", "--tag"])
            guard words.count == 1 else { throw UsageError(message: "name the new language's folder code, such as 'i18n init ja --name 日本語'", suggestion: nil) }
            guard let name = values["--name"] else { throw UsageError(message: "give the language's name in itself with --name, such as --name 日本語", suggestion: nil) }
            return .i18nInit(folders, code: words[0], name: name, tag: values["--tag"])
        default:
            throw UsageError(
                message: "unknown i18n subcommand '\(sub)'",
                suggestion: NearMiss.suggestion(for: sub, among: i18nSubcommands).map { "i18n \($0)" })
        }
    }

    /// Reads `--name value` options of the PO commands; other words are returned in order.
    private static func named(_ words: [String], allowed: [String]) throws(UsageError) -> (FolderOptions, [String: String], [String]) {
        var folders = FolderOptions()
        var values: [String: String] = [:]
        var rest: [String] = []
        var index = 0
        while index < words.count {
            var word = words[index]
            guard word.hasPrefix("--") else { rest.append(word); index += 1; continue }
            var value: String?
            if let equals = word.firstIndex(of: "=") {
                value = String(word[word.index(after: equals)...])
                word = String(word[..<equals])
            }
            guard allowed.contains(word) else { throw unknownOption(word, allowed: allowed) }
            if value == nil {
                guard index + 1 < words.count else { throw UsageError(message: "option '\(word)' needs a value", suggestion: nil) }
                value = words[index + 1]
                index += 1
            }
            guard let value, !value.isEmpty else { throw UsageError(message: "option '\(word)' was given an empty value (is a shell variable unset?)", suggestion: nil) }
            if word == "--content" {
                folders.content = value
                folders.contentGiven = true
            } else {
                values[word] = value
            }
            index += 1
        }
        return (folders, values, rest)
    }

    /// What `options` read besides folders and flags.
    private struct Extra {
        var files: [String] = []
        var blocks: [String] = []
        /// `--lang`: the translation a page ID stands for.
        var language: LanguageCode?
    }

    private static func options(
        _ words: [String], allowed: [String], flags allowedFlags: [String]
    ) throws(UsageError) -> (FolderOptions, Set<String>) {
        let (folders, flags, _) = try options(words, allowed: allowed, flags: allowedFlags, takesFiles: false)
        return (folders, flags)
    }

    /// The short options other tools take, by the long ones this tool spells out.
    static let shortOptions = ["-o": "--out", "-c": "--content", "-t": "--templates", "-q": "--quiet"]

    /// The error for `word`, which the command does not take: the long form of a short option it
    /// takes, a near miss, or, for `--out` where nothing is written, what writes.
    static func unknownOption(_ word: String, allowed: [String]) -> UsageError {
        if let long = shortOptions[word], allowed.contains(long) {
            return UsageError(message: "unknown option '\(word)'", suggestion: long)
        }
        if word == "--out", !allowed.contains(word) {
            return UsageError(
                message: "unknown option '--out'", suggestion: nil,
                note: "this command writes no site; 'handbook build --out DIR' writes it to DIR")
        }
        return UsageError(message: "unknown option '\(word)'", suggestion: NearMiss.suggestion(for: word, among: allowed))
    }

    /// Reads `--name value`, `--name=value` and flags; words that are not options are files when
    /// the command takes files, else an error; `--block` may repeat.
    private static func options(
        _ words: [String], allowed: [String], flags allowedFlags: [String], takesFiles: Bool
    ) throws(UsageError) -> (FolderOptions, Set<String>, Extra) {
        var folders = FolderOptions()
        var flags: Set<String> = []
        var extra = Extra()
        var index = 0
        while index < words.count {
            var word = words[index]
            if !word.hasPrefix("-"), takesFiles {
                extra.files.append(word)
                index += 1
                continue
            }
            var value: String?
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                value = String(word[word.index(after: equals)...])
                word = String(word[..<equals])
            }
            if allowedFlags.contains(word) {
                flags.insert(word)
                if word == "--quiet" { folders.quiet = true }
                index += 1
                continue
            }
            guard allowed.contains(word) else { throw unknownOption(word, allowed: allowed + allowedFlags) }
            if value == nil {
                guard index + 1 < words.count, !words[index + 1].hasPrefix("--") else {
                    throw UsageError(message: "option '\(word)' needs \(word == "--block" ? "a number" : word == "--lang" ? "a language code" : "a folder")", suggestion: nil)
                }
                value = words[index + 1]
                index += 1
            }
            guard !value!.isEmpty else {
                // An unset shell variable would otherwise name the working folder.
                throw UsageError(message: "option '\(word)' was given an empty folder name (is a shell variable unset?)", suggestion: nil)
            }
            switch word {
            case "--block": extra.blocks.append(value!)
            case "--lang": extra.language = LanguageCode(value!)
            case "--content":
                folders.content = value!
                folders.contentGiven = true
            case "--templates": folders.templates = value!
            default: folders.output = value!
            }
            index += 1
        }
        return (folders, flags, extra)
    }
}
