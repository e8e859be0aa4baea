import Handbook

/// The folders a command works on, from `--content`, `--templates` and `--out`.
public struct FolderOptions: Equatable, Sendable {
    /// Content folder.
    public var content = "content"
    /// Templates folder.
    public var templates = "templates"
    /// Output folder.
    public var output = "public"
}

/// What the user asked for.
public enum Command: Equatable, Sendable {
    case help(String?)
    case version
    case build(FolderOptions, timings: Bool = false)
    case check(FolderOptions, timings: Bool = false)
    case watch(FolderOptions)
    case i18nStatus(FolderOptions, json: Bool, strict: Bool)
    case i18nMarkCurrent(FolderOptions, paths: [String])
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
                Array(arguments.dropFirst()), allowed: ["--content", "--templates", "--out"], flags: ["--timings"])
            return .build(folders, timings: flags.contains("--timings"))
        case "watch":
            let (folders, _) = try options(Array(arguments.dropFirst()), allowed: ["--content", "--templates", "--out"], flags: [])
            return .watch(folders)
        case "check":
            let (folders, flags) = try options(Array(arguments.dropFirst()), allowed: ["--content", "--templates"], flags: ["--timings"])
            return .check(folders, timings: flags.contains("--timings"))
        case "i18n":
            guard arguments.count > 1 else {
                throw UsageError(message: "'i18n' needs a subcommand: status or mark-current", suggestion: "i18n status")
            }
            if arguments[1] == "mark-current" {
                let files = Array(arguments.dropFirst(2))
                if let option = files.first(where: { $0.hasPrefix("-") }) {
                    throw UsageError(message: "unknown option '\(option)'; mark-current takes file paths only", suggestion: nil)
                }
                guard !files.isEmpty else {
                    throw UsageError(message: "name the translations to mark, such as content/zh-Hant/practices/1.1.md", suggestion: nil)
                }
                return .i18nMarkCurrent(FolderOptions(), paths: files)
            }
            guard arguments[1] == "status" else {
                throw UsageError(
                    message: "unknown i18n subcommand '\(arguments[1])'",
                    suggestion: NearMiss.suggestion(for: arguments[1], among: ["status", "mark-current"]).map { "i18n \($0)" })
            }
            let (folders, flags) = try options(
                Array(arguments.dropFirst(2)), allowed: ["--content", "--templates"], flags: ["--json", "--strict"])
            return .i18nStatus(folders, json: flags.contains("--json"), strict: flags.contains("--strict"))
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

    private static func options(
        _ words: [String], allowed: [String], flags allowedFlags: [String]
    ) throws(UsageError) -> (FolderOptions, Set<String>) {
        var folders = FolderOptions()
        var flags: Set<String> = []
        var index = 0
        while index < words.count {
            var word = words[index]
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
                    throw UsageError(message: "option '\(word)' needs a folder", suggestion: nil)
                }
                value = words[index + 1]
                index += 1
            }
            guard !value!.isEmpty else {
                // An unset shell variable would otherwise name the working folder.
                throw UsageError(message: "option '\(word)' was given an empty folder name (is a shell variable unset?)", suggestion: nil)
            }
            switch word {
            case "--content": folders.content = value!
            case "--templates": folders.templates = value!
            default: folders.output = value!
            }
            index += 1
        }
        return (folders, flags)
    }
}
