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
}

/// What the user asked for.
public enum Command: Equatable, Sendable {
    case help(String?)
    case version
    case build(FolderOptions, timings: Bool = false, epub: Bool = true)
    case check(FolderOptions, timings: Bool = false)
    case watch(FolderOptions)
    case i18nStatus(FolderOptions, json: Bool, strict: Bool, strings: Bool = false)
    case i18nMarkCurrent(FolderOptions, paths: [String], force: Bool = false, blocks: [String] = [])
    case i18nDiff(FolderOptions, paths: [String], json: Bool)
    case i18nUpgrade(FolderOptions)
}

/// A mistake in the command line, with the nearest valid word when there is one.
public struct UsageError: Error, Equatable {
    /// What is wrong.
    public var message: String
    /// The likely intended word.
    public var suggestion: String?
}

/// Parses the command line.
public enum Arguments {
    static let commands = ["build", "check", "watch", "i18n", "help"]

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { return .help(nil) }
        switch first {
        case "--help", "-h": return .help(nil)
        case "--version", "-V": return .version
        case "help": return .help(arguments.dropFirst().first)
        case "build":
            let (folders, flags) = try options(
                Array(arguments.dropFirst()), allowed: ["--content", "--templates", "--out"], flags: ["--timings", "--no-epub"])
            return .build(folders, timings: flags.contains("--timings"), epub: !flags.contains("--no-epub"))
        case "watch":
            let (folders, _) = try options(Array(arguments.dropFirst()), allowed: ["--content", "--templates", "--out"], flags: [])
            return .watch(folders)
        case "check":
            let (folders, flags) = try options(Array(arguments.dropFirst()), allowed: ["--content", "--templates"], flags: ["--timings"])
            return .check(folders, timings: flags.contains("--timings"))
        case "i18n":
            return try i18n(Array(arguments.dropFirst()))
        default:
            if first.hasPrefix("-") {
                throw UsageError(
                    message: "unknown option '\(first)'",
                    suggestion: NearMiss.suggestion(for: first, among: ["--help", "--version"]))
            }
            throw UsageError(
                message: "unknown command '\(first)'", suggestion: NearMiss.suggestion(for: first, among: commands))
        }
    }

    static let i18nSubcommands = ["status", "diff", "mark-current", "upgrade"]

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
            let (folders, flags, extra) = try options(rest, allowed: ["--content"], flags: ["--json"], takesFiles: true)
            let files = extra.files
            guard !files.isEmpty else {
                throw UsageError(message: "name the translations to compare, such as content/zh-Hant/practices/1.1.md", suggestion: nil)
            }
            return .i18nDiff(folders, paths: files, json: flags.contains("--json"))
        case "mark-current":
            let (folders, flags, extra) = try options(rest, allowed: ["--content", "--block"], flags: ["--force"], takesFiles: true)
            let files = extra.files
            guard !files.isEmpty else {
                throw UsageError(message: "name the translations to mark, such as content/zh-Hant/practices/1.1.md", suggestion: nil)
            }
            let numbers = extra.blocks
            if !numbers.isEmpty && files.count > 1 {
                throw UsageError(message: "'--block' marks blocks of one translation; name one file", suggestion: nil)
            }
            return .i18nMarkCurrent(folders, paths: files, force: flags.contains("--force"), blocks: numbers)
        default:
            throw UsageError(
                message: "unknown i18n subcommand '\(sub)'",
                suggestion: NearMiss.suggestion(for: sub, among: i18nSubcommands).map { "i18n \($0)" })
        }
    }

    /// What `options` read besides folders and flags.
    private struct Extra {
        var files: [String] = []
        var blocks: [String] = []
    }

    private static func options(
        _ words: [String], allowed: [String], flags allowedFlags: [String]
    ) throws(UsageError) -> (FolderOptions, Set<String>) {
        let (folders, flags, _) = try options(words, allowed: allowed, flags: allowedFlags, takesFiles: false)
        return (folders, flags)
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
                index += 1
                continue
            }
            guard allowed.contains(word) else {
                if word == "--help" || word == "-h" { throw UsageError(message: "use 'handbook --help'", suggestion: "handbook --help") }
                throw UsageError(
                    message: "unknown option '\(word)'", suggestion: NearMiss.suggestion(for: word, among: allowed + allowedFlags))
            }
            if value == nil {
                guard index + 1 < words.count, !words[index + 1].hasPrefix("--") else {
                    throw UsageError(message: "option '\(word)' needs \(word == "--block" ? "a number" : "a folder")", suggestion: nil)
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
