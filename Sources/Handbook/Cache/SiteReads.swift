import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One thing a result read of the resolved site. `ResolvedSite`'s accessors record each read into
/// the recording running on the calling thread (`SiteReads.recording`), so a result lists what it
/// read because it read it, not because someone remembered to list it: a new template field that
/// reads another page is recorded by the accessor it calls. What every result may read besides
/// (the site's shape: configuration, practices, sections, catalogues, images) is checked for all.
enum SiteRead: Hashable {
    /// One page in one language (`page(_:in:)`).
    case page(PageKey, LanguageCode)
    /// What links and lists show of a page: its title, summary, language and state (`heading(of:in:)`).
    case heading(PageKey, LanguageCode)
    /// A language's edition, its pages and strings (`edition(_:)`, `pages(in:)`).
    case edition(LanguageCode)
    /// A language's UI strings (`strings(in:)`).
    case strings(LanguageCode)
    /// Every edition (`editions`).
    case editions
    /// The single-page edition's parts, worked out from every page's size.
    case parts
    /// The size of a language's EPUB edition, which the pages linking to it show.
    case epubSize(LanguageCode)
}

/// What a read found, compared with what the same read finds in a later run: pages, strings and
/// the site's shape by the generation a watch session gave them (a new one only when they differ
/// from the last run's, so a translation whose English changed but whose page did not keeps its own).
enum SiteReadToken: Equatable {
    case page(Int?)
    case heading(PageHeading?)
    case edition([Int], strings: Int)
    case strings(Int)
    case editions([[Int]], strings: [Int])
    case parts([[PageKey]]?)
    case size(Int?)
}

/// The reads of one result and what each found: a verifying trace. It holds in a later run when
/// every read finds the same there.
struct SiteReads {
    /// The generation of the site's shape, which every result may read.
    private(set) var shape: Int
    private(set) var found: [(read: SiteRead, token: SiteReadToken)]

    /// Whether every read finds in `facts` what it found when recorded.
    func hold(in facts: SiteFacts) -> Bool {
        facts.shape == shape && found.allSatisfy { facts.token($0.read) == $0.token }
    }

    /// Runs `body`, recording the site reads it makes on this thread (reads of a recording inside it
    /// count for both), and returns its result with what the reads found in `facts`; nil instead of
    /// the reads when one cannot vouch for anything (a language `facts` has no generations for).
    /// Reads made on other threads are not recorded: `body` must not hand its reading to a pool.
    static func recording<T>(in facts: SiteFacts, _ body: () -> T) -> (T, SiteReads?) {
        let recorder = Recorder()
        let outer = pthread_getspecific(recorderKey)
        pthread_setspecific(recorderKey, Unmanaged.passUnretained(recorder).toOpaque())
        let result = withExtendedLifetime(recorder) { body() }
        pthread_setspecific(recorderKey, outer)
        if let outer {
            Unmanaged<Recorder>.fromOpaque(outer).takeUnretainedValue().reads.formUnion(recorder.reads)
        }
        var found: [(SiteRead, SiteReadToken)] = []
        for read in recorder.reads {
            guard let token = facts.token(read) else { return (result, nil) }
            found.append((read, token))
        }
        return (result, SiteReads(shape: facts.shape, found: found))
    }

    /// Records `read` into the recording running on this thread, if there is one.
    static func record(_ read: SiteRead) {
        guard let raw = pthread_getspecific(recorderKey) else { return }
        Unmanaged<Recorder>.fromOpaque(raw).takeUnretainedValue().reads.insert(read)
    }

    private final class Recorder {
        var reads: Set<SiteRead> = []
    }

    /// The thread-local slot of the recording running on each thread.
    private static let recorderKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}

/// What this run's reads find: the resolved site, and the generations a watch session gave to its
/// shape, each language's strings and each page (`BuildMemo.PageValue`).
struct SiteFacts: @unchecked Sendable {
    let site: ResolvedSite
    /// The generation of everything every result may read besides pages and strings (`BuildMemo.SiteShape`).
    let shape: Int
    let strings: [LanguageCode: Int]
    /// Each language's pages' generations, in the edition's order and by key.
    let pages: [LanguageCode: (ordered: [Int], byKey: [PageKey: Int])]
    /// Each language's EPUB size, waited for when asked.
    var epubSizes: [LanguageCode: () -> Int?] = [:]

    /// What `read` finds in this run; nil when it cannot vouch for anything (a language this run
    /// gave no generations).
    func token(_ read: SiteRead) -> SiteReadToken? {
        switch read {
        case .page(let key, let language):
            guard let pages = pages[language] else { return site.config.languages.contains { $0.code == language } ? nil : .page(nil) }
            return .page(pages.byKey[key])
        case .heading(let key, let language):
            return .heading(site.unrecordedPage(key, in: language).map(PageHeading.init))
        case .edition(let language):
            guard let pages = pages[language], let generation = strings[language] else { return nil }
            return .edition(pages.ordered, strings: generation)
        case .strings(let language):
            return strings[language].map { .strings($0) }
        case .editions:
            let codes = site.config.languages.map(\.code)
            let ordered = codes.compactMap { pages[$0]?.ordered }
            let generations = codes.compactMap { strings[$0] }
            guard ordered.count == codes.count, generations.count == codes.count else { return nil }
            return .editions(ordered, strings: generations)
        case .parts:
            return .parts(site.unrecordedParts)
        case .epubSize(let language):
            return epubSizes[language].map { .size($0()) }
        }
    }

    /// This run's generations of the site's shape, strings and pages: the last run's where they
    /// are equal to the last run's, new ones where not.
    static func generations(of site: ResolvedSite, shape: BuildMemo.SiteShape, memo: BuildMemo) -> SiteFacts {
        var strings: [LanguageCode: Int] = [:]
        for (code, table) in site.unrecordedStrings {
            strings[code] = memo.stringGenerations.value(code, inputs: table) { BuildMemo.nextGeneration() }
        }
        var pages: [LanguageCode: (ordered: [Int], byKey: [PageKey: Int])] = [:]
        for language in site.config.languages {
            var ordered: [Int] = []
            var byKey: [PageKey: Int] = [:]
            for page in site.unrecordedPages(in: language.code) {
                let value = BuildMemo.PageValue(page: page, strings: strings[page.contentLanguage] ?? 0)
                let generation = memo.pageGenerations.value(page.outputPath, inputs: value) { BuildMemo.nextGeneration() }
                ordered.append(generation)
                byKey[page.key] = generation
            }
            pages[language.code] = (ordered, byKey)
        }
        let shape = memo.shapes.value("site", inputs: shape) { BuildMemo.nextGeneration() }
        return SiteFacts(site: site, shape: shape, strings: strings, pages: pages)
    }
}
