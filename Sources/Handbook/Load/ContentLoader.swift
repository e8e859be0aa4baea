import Foundation

/// Everything the load stage read: the site configuration and every content file, sorted by path.
public struct LoadedContent: Sendable {
    /// Languages and the source language.
    public var config: SiteConfig
    /// Practice, section and page files of every language.
    public var pages: [SourceFile]
    /// Each language's `strings.yaml`, by language code.
    public var strings: [LanguageCode: SourceFile]
    /// `content/glossary.yaml`, the fixed translations of recurring terms, if there is one.
    public var glossary: SourceFile?
    /// `content/wcag.yaml`, the WCAG 2.2 success criteria that practices map to, if there is one.
    public var wcag: SourceFile?
    /// `content/source-notes.yaml`, the list of places where the handbook departs from the guide, if there is one.
    public var sourceNotes: SourceFile?
    /// `content/synonyms.yaml`, the words readers type for the same thing, if there is one.
    public var synonyms: SourceFile?
    /// Language codes whose `strings.yaml` exists but could not be read (already reported), so no
    /// stage calls it missing.
    public var unreadableStrings: Set<LanguageCode>
    /// Images of `content/images/` and of each `content/<lang>/images/`, sorted by path.
    public var images: [ImageFile] = []

    /// Creates loaded content (the loader does; tests and fuzzers build it directly).
    public init(
        config: SiteConfig, pages: [SourceFile], strings: [LanguageCode: SourceFile], glossary: SourceFile? = nil,
        wcag: SourceFile? = nil, unreadableStrings: Set<LanguageCode> = [], sourceNotes: SourceFile? = nil
    ) {
        self.wcag = wcag
        self.config = config
        self.pages = pages
        self.strings = strings
        self.glossary = glossary
        self.sourceNotes = sourceNotes
        self.unreadableStrings = unreadableStrings
    }
}

/// Load stage: finds and reads `content/site.yaml` and every language tree under `content/`.
///
/// It owns the problems of files as files: unreadable, not UTF-8, too large, in a folder that is no
/// language, or reached through a link that leaves `content/`.
public struct ContentLoader {
    private let paths: ProjectPaths
    private let diagnostics: DiagnosticEngine
    /// What a watch session read before; nil reads every file.
    private let cache: FileCache?

    /// The folders a language tree may hold, one per page kind.
    static let pageFolders = ["practices", "sections", "pages"]

    /// Creates a loader.
    public init(paths: ProjectPaths, diagnostics: DiagnosticEngine) {
        self.init(paths: paths, diagnostics: diagnostics, cache: nil)
    }

    /// Creates a loader that reads again only the files whose stamp differs from `cache`'s.
    init(paths: ProjectPaths, diagnostics: DiagnosticEngine, cache: FileCache?) {
        self.paths = paths
        self.diagnostics = diagnostics
        self.cache = cache
    }

    /// Reads the content folder; returns nil when even `site.yaml` cannot be used.
    public func load() -> LoadedContent? {
        let siteFile = paths.content.appendingPathComponent("site.yaml")
        if FileKind(path: siteFile.path) == .missing {
            // Most often the command was run from another folder than the repository's root.
            diagnostics.error(
                .unreadableFile, "file not found", at: SourceLocation(path: paths.display(siteFile)),
                notes: [
                    Diagnostic.Note("the working folder is \(paths.root.path)"),
                    Diagnostic.Note("run handbook in the handbook's folder (the one holding content/ and templates/) or a folder below it, or pass --content DIR and --templates DIR"),
                ])
            return nil
        }
        guard let site = read(siteFile, language: "", relativePath: "site.yaml"),
            var config = SiteConfigReader(diagnostics: diagnostics).read(site)
        else { return nil }
        config.contentFolder = paths.display(paths.content)
        let codes = config.languages.map(\.code)
        var pending: [Pending] = []
        var strings: [LanguageCode: SourceFile] = [:]
        var unreadableStrings: Set<LanguageCode> = []
        var glossary: SourceFile?
        var wcag: SourceFile?
        var images: [ImageFile] = []
        var sourceNotes: SourceFile?
        var synonyms: SourceFile?
        let top = entries(paths.content)
        for (entry, isFolder) in top {
            let url = paths.content.appendingPathComponent(entry)
            if entry == "site.yaml" { continue }
            if entry == "glossary.yaml" {
                glossary = read(url, language: "", relativePath: entry)
                continue
            }
            if entry == "wcag.yaml" {
                wcag = read(url, language: "", relativePath: entry)
                continue
            }
            if entry == ImageLoader.folder, isFolder {
                images += ImageLoader(paths: paths, diagnostics: diagnostics).load(url, language: nil)
                continue
            }
            if entry == "source-notes.yaml" {
                sourceNotes = read(url, language: "", relativePath: entry)
                continue
            }
            if entry == "synonyms.yaml" {
                synonyms = read(url, language: "", relativePath: entry)
                continue
            }
            guard isFolder else {
                diagnostics.error(
                    .unexpectedFile, "unexpected file in the content folder; expected site.yaml, glossary.yaml, wcag.yaml, source-notes.yaml, synonyms.yaml, images/ and language folders",
                    at: SourceLocation(path: paths.display(url)))
                continue
            }
            guard codes.contains(LanguageCode(entry)) else {
                var notes: [Diagnostic.Note] = [Diagnostic.Note("site.yaml lists \(codes.map(\.rawValue).joined(separator: ", "))")]
                if let near = NearMiss.suggestion(for: entry, among: codes.map(\.rawValue)) {
                    notes.insert(Diagnostic.Note("did you mean \"\(near)\"?"), at: 0)
                }
                diagnostics.error(
                    .unknownLanguage, "folder \"\(entry)\" is not a language listed in site.yaml",
                    at: SourceLocation(path: paths.display(url)), notes: notes)
                continue
            }
            let hasImages = loadLanguage(LanguageCode(entry), into: &pending, strings: &strings, unreadableStrings: &unreadableStrings)
            let languageImages = url.appendingPathComponent(ImageLoader.folder)
            if hasImages {
                images += ImageLoader(paths: paths, diagnostics: diagnostics).load(languageImages, language: LanguageCode(entry))
            }
        }
        reportCaseCollisions(pending)
        // Reading and fingerprinting hundreds of files is independent work.
        let contentRoot = self.contentRoot
        var pages = Parallel.map(pending.count) {
            read(
                pending[$0].url, language: pending[$0].language, relativePath: pending[$0].relativePath,
                contentRoot: contentRoot, realFolder: pending[$0].realFolder)
        }.compactMap { $0 }
        pages.sort { $0.path < $1.path }
        var loaded = LoadedContent(
            config: config, pages: pages, strings: strings, glossary: glossary, wcag: wcag, unreadableStrings: unreadableStrings,
            sourceNotes: sourceNotes)
        loaded.images = images.sorted { $0.path < $1.path }
        loaded.synonyms = synonyms
        return loaded
    }
}

private extension ContentLoader {
    /// A page file found in a language tree, to be read.
    struct Pending {
        var url: URL
        var language: LanguageCode
        var relativePath: String
        /// The file's folder with links resolved, worked out once per folder.
        var realFolder: String
    }

    /// The content folder with links resolved, which every file read must lie inside.
    var contentRoot: String {
        paths.content.resolvingSymlinksInPath().standardizedFileURL.path + "/"
    }

    /// Finds a language folder's pages and strings; whether it has an images folder.
    func loadLanguage(
        _ code: LanguageCode, into pages: inout [Pending], strings: inout [LanguageCode: SourceFile], unreadableStrings: inout Set<LanguageCode>
    ) -> Bool {
        let folder = paths.content.appendingPathComponent(code.rawValue)
        var hasImages = false
        for (entry, isFolder) in entries(folder) {
            let url = folder.appendingPathComponent(entry)
            if entry == ImageLoader.folder, isFolder {
                hasImages = true
                continue
            }
            if entry == "strings.yaml" {
                if let file = read(url, language: code, relativePath: entry) {
                    strings[code] = file
                } else {
                    unreadableStrings.insert(code)
                }
                continue
            }
            guard ContentLoader.pageFolders.contains(entry), isFolder else {
                var notes = [Diagnostic.Note("a language folder holds practices/, sections/, pages/, images/ and strings.yaml")]
                if let near = NearMiss.suggestion(for: entry, among: ContentLoader.pageFolders + [ImageLoader.folder, "strings.yaml"]) {
                    notes.insert(Diagnostic.Note("did you mean \"\(near)\"?"), at: 0)
                }
                diagnostics.error(
                    .unexpectedFile, "unexpected \"\(entry)\" in a language folder",
                    at: SourceLocation(path: paths.display(url)), notes: notes)
                continue
            }
            let realFolder = url.resolvingSymlinksInPath().standardizedFileURL.path
            for (name, isFolder) in entries(url) {
                let file = url.appendingPathComponent(name)
                if name.hasSuffix(".md"), isFolder {
                    diagnostics.error(
                        .unexpectedFile, "\"\(name)\" is a folder; \(entry)/ holds Markdown files, not folders",
                        at: SourceLocation(path: paths.display(file)))
                    continue
                }
                guard name.hasSuffix(".md") else {
                    diagnostics.error(
                        .unexpectedFile, "only Markdown files (.md) belong in \(entry)/",
                        at: SourceLocation(path: paths.display(file)))
                    continue
                }
                pages.append(Pending(url: file, language: code, relativePath: "\(entry)/\(name)", realFolder: realFolder))
            }
        }
        return hasImages
    }

    /// Two files whose paths differ only in case (`About.md`, `about.md`) are one file on the
    /// case-insensitive file systems of macOS and Windows: a checkout there loses one of them.
    func reportCaseCollisions(_ pending: [Pending]) {
        // The paths below the content folder order and fold as the displayed ones do; only a
        // collision needs its display path.
        var first: [String: Pending] = [:]
        for (below, file) in pending.map({ ("\($0.language)/\($0.relativePath)", $0) }).sorted(by: { $0.0 < $1.0 }) {
            let folded = below.lowercased()
            if let earlier = first[folded] {
                diagnostics.error(
                    .caseCollision, "this path differs from another only in upper and lower case",
                    at: SourceLocation(path: paths.display(file.url)),
                    notes: [
                        Diagnostic.Note("the other file", at: SourceLocation(path: paths.display(earlier.url))),
                        Diagnostic.Note("case-insensitive file systems (macOS, Windows) hold only one of them; rename one"),
                    ])
            } else {
                first[folded] = file
            }
        }
    }

    /// Names in a folder, sorted, hidden files left out, so every run sees the same order; each
    /// with whether it is a folder (links followed). In a watch session the listing is kept while
    /// the folder's `stat` stamp is the same (adding, removing or renaming an entry changes it).
    func entries(_ folder: URL) -> [(name: String, isFolder: Bool)] {
        let path = folder.path
        guard let cache else { return Self.list(path) }
        return cache.folder(at: path) { Self.list(path) }
    }

    static func list(_ path: String) -> [(name: String, isFolder: Bool)] {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        var out: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) } }
            guard !name.hasPrefix(".") else { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): out.append((name, true))
            case Int32(DT_REG): out.append((name, false))
            default: out.append((name, FileKind(path: path + "/" + name) == .folder))
            }
        }
        return out.sorted { $0.name < $1.name }
    }

    func read(
        _ url: URL, language: LanguageCode, relativePath: String, contentRoot: String? = nil, realFolder: String? = nil
    ) -> SourceFile? {
        let display = paths.display(url)
        let location = SourceLocation(path: display)
        // Only a file that is itself a link needs resolving when its folder's real path is known.
        var status = stat()
        let isLink = lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
        let real: String
        if let realFolder, !isLink {
            real = realFolder + "/" + url.lastPathComponent
        } else {
            real = url.resolvingSymlinksInPath().standardizedFileURL.path
        }
        let contentRoot = contentRoot ?? self.contentRoot
        // A regular file (not a link) inside the content folder, unchanged since the watch session
        // read it: one `lstat` says all of that.
        if let cache, !isLink, realFolder != nil, status.st_mode & S_IFMT == S_IFREG, real.hasPrefix(contentRoot),
            let known = cache.file(at: url.path, stamp: FileCache.Stamp(status), language: language, relativePath: relativePath)
        {
            return known
        }
        guard real.hasPrefix(contentRoot) else {
            diagnostics.error(
                .pathEscape, "this file is a link to \(real), outside the content folder", at: location,
                notes: [Diagnostic.Note("copy the file into content/ instead of linking to it")])
            return nil
        }
        if let problem = FileKind(path: url.path).problem {
            diagnostics.error(.unreadableFile, problem, at: location)
            return nil
        }
        let stamp = cache == nil ? nil : FileCache.Stamp(path: url.path)
        if let cache, let stamp, let known = cache.file(at: url.path, stamp: stamp, language: language, relativePath: relativePath) {
            return known
        }
        do {
            let (text, hash) = try FileReader.read(url)
            let file = SourceFile(path: display, language: language, relativePath: relativePath, text: text, hash: hash)
            if let cache, let stamp { cache.store(file, at: url.path, stamp: stamp) }
            return file
        } catch {
            switch error {
            case .unreadable(let reason):
                diagnostics.error(.unreadableFile, "cannot read the file: \(reason)", at: location)
            case .tooLarge(let size):
                diagnostics.error(
                    .fileTooLarge,
                    "the file is \(size) bytes; content files may be at most \(FileReader.maximumSize) bytes",
                    at: location)
            case .invalidUTF8(let line, let column):
                diagnostics.error(
                    .invalidUtf8, "the file is not valid UTF-8",
                    at: SourceLocation(path: display, line: line, column: column),
                    notes: [Diagnostic.Note("save the file as UTF-8")])
            }
            return nil
        }
    }
}
