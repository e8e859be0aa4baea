import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the last good `build` of this project into this output folder was made from (a verifying
/// trace, as Shake keeps one), in `.handbook-cache/` beside the project. A build whose tool,
/// options and inputs (every file under the content and templates folders: the same stamp, or
/// else the same bytes) are the trace's, and whose output folder still holds exactly the files that
/// build wrote, unchanged since, has nothing to do: its diagnostics are reported again and the
/// output is left as it is. Any difference, or a trace that cannot be read, builds; the trace is
/// checked, never trusted.
public struct BuildCache: Sendable {
    /// The cache folder's name, beside the project (in the working folder).
    public static let folderName = ".handbook-cache"

    /// The cache folder, absolute.
    let folder: String
    /// This output folder's trace.
    let file: String
    /// Where the trace is, as a user reads it.
    let display: String
    /// The tool's build and the options the output depends on.
    let key: String
    private let paths: ProjectPaths

    /// The cache of the build of `paths` by this tool (`toolVersion` and the executable's stamp, so a
    /// rebuilt tool never reads an older one's trace), with `options` written into the key; nil when
    /// the cache folder would be one of the project's folders or inside one.
    public init?(paths: ProjectPaths, toolVersion: String, options: String) {
        let folder = paths.root.appendingPathComponent(Self.folderName).path
        for taken in [paths.content.path, paths.templates.path, paths.staticFiles.path, OutputFolder.realPath(paths.output.path)] {
            if folder == taken || folder.hasPrefix(taken + "/") || taken.hasPrefix(folder + "/") { return nil }
        }
        let executable = FileCache.Stamp(path: "/proc/self/exe").map { "\($0.device):\($0.inode):\($0.size):\($0.modified)" } ?? "unknown"
        let location = "content=\(paths.content.path)\ttemplates=\(paths.templates.path)\toutput=\(paths.output.path)"
        self.paths = paths
        self.folder = folder
        self.file = folder + "/build-" + ContentFingerprint.hex(Array(location.utf8)).prefix(16) + ".trace"
        self.display = paths.display(URL(fileURLWithPath: file))
        self.key = "handbook \(toolVersion) executable=\(executable) \(options)\t\(location)"
    }

    // MARK: Looking up

    /// The stamps of the inputs as a build starts, taken before it reads them: a file saved while the
    /// build runs then differs from the trace and is read again next time.
    struct Snapshot {
        var inputs: [String: FileCache.Stamp]
        var taken: Int64
    }

    /// What the trace says about this build.
    enum Lookup {
        /// Nothing changed: the trace's diagnostics and listing stand for the build.
        case upToDate(Trace)
        /// Something changed or there is no trace: build (`warning` when a trace was there but unusable).
        case build(Trace?, warning: String?)
    }

    /// Takes the snapshot (nil when the inputs cannot be walked, e.g. a linked folder: no cache then).
    func snapshot() -> Snapshot? {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000_000)
        guard let content = Self.stamps(under: paths.content.path, prefix: "c/", followLinks: true),
            let templates = Self.stamps(under: paths.templates.path, prefix: "t/", followLinks: true),
            let statics = Self.stamps(under: paths.staticFiles.path, prefix: "s/", followLinks: false)
        else { return nil }
        return Snapshot(inputs: content.merging(templates) { a, _ in a }.merging(statics) { a, _ in a }, taken: now)
    }

    /// Whether the build the snapshot and output folder describe is the trace's.
    func lookup(_ snapshot: Snapshot, output: String) -> Lookup {
        guard let bytes = PosixFiles.read(file) else { return .build(nil, warning: nil) }
        let trace: Trace
        switch Trace.decode(bytes) {
        case .success(let decoded): trace = decoded
        case .failure(let why): return .build(nil, warning: "ignoring the build cache \(display): \(why.text); building without it")
        }
        // Another tool's trace vouches for nothing, not even the fingerprints of unchanged files.
        guard trace.key == key else { return .build(nil, warning: nil) }
        guard trace.inputs.count == snapshot.inputs.count else { return .build(trace, warning: nil) }
        for (path, stamp) in snapshot.inputs {
            guard let known = trace.inputs[path] else { return .build(trace, warning: nil) }
            if known.stamp == stamp && !known.racy { continue }
            guard let bytes = PosixFiles.readFollowing(absolute(path)), ContentFingerprint.hex(bytes) == known.fingerprint else {
                return .build(trace, warning: nil)
            }
        }
        guard let written = Self.stamps(under: output, prefix: "", followLinks: false), written == trace.outputs else {
            return .build(trace, warning: nil)
        }
        return .upToDate(trace)
    }

    // MARK: Recording

    /// Records the build that started at `snapshot` and wrote `listing` into `output`, with its
    /// diagnostics; a trace is written only when no input changed while the build ran. Returns a
    /// warning when the trace could not be written (the build itself stands).
    func record(_ snapshot: Snapshot, previous: Trace?, listing: [String], diagnostics: [Diagnostic], output: String) -> String? {
        guard let after = self.snapshot(), after.inputs == snapshot.inputs else {
            unlink(file)
            return nil
        }
        var inputs: [String: Trace.Input] = [:]
        for (path, stamp) in snapshot.inputs {
            // A file changed less than two seconds before the snapshot may change again within the
            // file system's clock tick and keep its stamp: its bytes are compared next time.
            let racy = snapshot.taken - max(stamp.modified, stamp.changed) < 2_000_000_000
            if let known = previous?.inputs[path], known.stamp == stamp, !known.racy {
                inputs[path] = Trace.Input(stamp: stamp, fingerprint: known.fingerprint, racy: racy)
            } else if let bytes = PosixFiles.readFollowing(absolute(path)) {
                inputs[path] = Trace.Input(stamp: stamp, fingerprint: ContentFingerprint.hex(bytes), racy: racy)
            } else {
                unlink(file)
                return nil
            }
        }
        guard let outputs = Self.stamps(under: output, prefix: "", followLinks: false) else { return nil }
        let trace = Trace(key: key, inputs: inputs, outputs: outputs, listing: listing, diagnostics: diagnostics)
        return write(trace.encoded())
    }

    /// Writes the trace through a temporary file and a rename, so a reader sees the old or the new.
    private func write(_ bytes: [UInt8]) -> String? {
        if !PosixFiles.exists(folder) {
            if let why = PosixFiles.makeFolder(folder) { return "cannot make the build cache \(paths.display(URL(fileURLWithPath: folder))): \(why)" }
            // The tag tells backup and archiving tools that the folder can be left out.
            _ = PosixFiles.write(Array("Signature: 8a477f597d28d172789f06886806bc55\n# handbook's build cache: safe to delete.\n".utf8), to: folder + "/CACHEDIR.TAG")
        }
        pruneTraces()
        let temporary = file + ".tmp-\(getpid())"
        if let why = PosixFiles.write(bytes, to: temporary) { return "cannot write the build cache \(display): \(why)" }
        guard rename(temporary, file) == 0 else {
            let why = PosixFiles.errorText()
            unlink(temporary)
            return "cannot write the build cache \(display): \(why)"
        }
        return nil
    }

    /// The most traces kept: one per output folder built, so builds into ever new folders (a test
    /// script's temporary ones) do not fill the cache; the least recently written go first.
    static let tracesKept = 8

    private func pruneTraces() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let traces = names.filter { $0.hasPrefix("build-") && $0.hasSuffix(".trace") && folder + "/" + $0 != file }
            .compactMap { name in FileCache.Stamp(path: folder + "/" + name).map { (name, $0.modified) } }
            .sorted { ($0.1, $0.0) > ($1.1, $1.0) }
        for (name, _) in traces.dropFirst(Self.tracesKept - 1) { unlink(folder + "/" + name) }
    }

    private func absolute(_ input: String) -> String {
        (input.hasPrefix("c/") ? paths.content.path : input.hasPrefix("s/") ? paths.staticFiles.path : paths.templates.path)
            + "/" + input.dropFirst(2)
    }

    /// The stamp of every regular file below `root` by `prefix` + its relative path; nil when the
    /// folder cannot be walked or (following links) a link leads to a folder, which this walk does
    /// not enter. With `followLinks` false a link counts as a change (outputs hold no links).
    static func stamps(under root: String, prefix: String, followLinks: Bool) -> [String: FileCache.Stamp]? {
        var out: [String: FileCache.Stamp] = [:]
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let descriptor = open(root + (relative.isEmpty ? "" : "/" + relative), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0, let stream = fdopendir(descriptor) else {
                if descriptor >= 0 { close(descriptor) }
                // A missing templates folder is a state like any other (the build reports it).
                return relative.isEmpty && errno == ENOENT ? [:] : nil
            }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = PosixFiles.name(of: entry)
                guard name != "." && name != ".." else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard fstatat(descriptor, name, &status, followLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
                switch status.st_mode & S_IFMT {
                case S_IFREG: out[prefix + path] = FileCache.Stamp(status)
                case S_IFDIR:
                    var own = stat()
                    guard fstatat(descriptor, name, &own, AT_SYMLINK_NOFOLLOW) == 0, own.st_mode & S_IFMT == S_IFDIR else { return nil }
                    pending.append(path)
                default: if !followLinks { return nil }
                }
            }
        }
        return out
    }
}

extension PosixFiles {
    /// The bytes of the file at `path`, following symbolic links (content may be linked in).
    static func readFollowing(_ path: String) -> [UInt8]? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return read(String(cString: real))
    }
}
