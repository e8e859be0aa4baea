import Foundation
import Handbook
import Preview

/// Where and how `handbook serve` listens.
public struct ServeOptions: Equatable, Sendable {
    /// Address to bind; loopback unless the user names another.
    public var host = "127.0.0.1"
    /// Port to bind (0: one the system chooses, printed).
    public var port: UInt16 = 8000
    /// Whether to open the site in the default browser once built.
    public var open = false
}

/// `handbook serve`: the watch loop of `watch`, with the output folder served over HTTP
/// (`PreviewServer`): after each good rebuild the open tabs showing a written page reload, after a
/// failed one they show the errors. Ctrl-C or SIGTERM waits for a rebuild in progress, closes the
/// socket and exits 0.
struct ServeCommand {
    let options: FolderOptions
    let serve: ServeOptions
    let workingDirectory: URL

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        let paths = ProjectPaths(
            root: workingDirectory, content: options.content, templates: options.templates, output: options.output)
        do {
            _ = try paths.vetOutput()
        } catch {
            OutputRefusalMessage.write(error, folder: paths.display(paths.output), to: &stderr)
            return 2
        }
        let socket: ListeningSocket
        do {
            socket = try ListeningSocket.open(host: serve.host, port: serve.port)
        } catch {
            return Self.explain(error, serve: serve, stderr: &stderr)
        }
        if !socket.isLoopback {
            stderr.write("handbook: warning: serving on \(socket.url): other machines on the network can read the site and its build errors\n")
        }
        // Blocked before the server's threads start, so that they inherit the mask and only the
        // stopping thread below takes the signals.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
        signal(SIGPIPE, SIG_IGN)

        let server = PreviewServer(output: paths.output)
        guard server.start(on: socket) else {
            close(socket.descriptor)
            stderr.write("handbook: error: cannot start the HTTP server on \(socket.url)\n")
            return 1
        }
        stdout.write("serving \(paths.display(paths.output))/ at \(socket.url)\n")
        let rebuilding = NSLock()
        let signals = stopSignals
        Thread {
            var signals = signals
            var received: Int32 = 0
            sigwait(&signals, &received)
            rebuilding.lock()
            server.stop()
            FileHandle.standardOutput.write(Data("stopped serving\n".utf8))
            exit(0)
        }.start()

        var opened = !serve.open
        var watch = WatchCommand(options: options, workingDirectory: workingDirectory)
        watch.around = { rebuild in
            rebuilding.lock()
            defer { rebuilding.unlock() }
            return rebuild()
        }
        watch.afterRebuild = { builder, report in
            if report.succeeded {
                if let site = builder.lastSite {
                    server.update(strings: Self.previewStrings(site), sourceLanguage: site.config.sourceLanguage.code.rawValue)
                }
                server.hub.built(written: report.written + report.removed)
            } else {
                let errors = report.diagnostics.filter { $0.severity == .error }
                server.hub.failed(errors: errors.map { DiagnosticFormatter().format($0).trimmingCharacters(in: .newlines) })
            }
            if !opened {
                opened = true
                Self.openBrowser(socket.url)
            }
        }
        let code = watch.run(stdout: &stdout, stderr: &stderr)
        server.stop()
        return code
    }

    /// Prints why the socket could not be opened; the exit code.
    static func explain<Err: TextOutputStream>(_ error: ListeningSocket.Failure, serve: ServeOptions, stderr: inout Err) -> Int32 {
        switch error {
        case .inUse:
            let next = serve.port == UInt16.max ? serve.port - 1 : serve.port + 1
            stderr.write("handbook: error: port \(serve.port) is in use; try --port \(next)\n")
            return 2
        case .badHost(let why):
            stderr.write("handbook: error: cannot serve on host '\(DiagnosticFormatter.escaped(serve.host))': \(why)\n")
            return 2
        case .system(let why):
            stderr.write("handbook: error: cannot listen on \(DiagnosticFormatter.escaped(serve.host)):\(serve.port): \(why)\n")
            return 1
        }
    }

    /// The serve_* UI strings of each language, English where a key is missing.
    static func previewStrings(_ site: ResolvedSite) -> [String: PreviewStrings] {
        var out: [String: PreviewStrings] = [:]
        for edition in site.editions {
            let language = edition.language, strings = edition.strings
            let english = PreviewStrings.english
            func text(_ key: String, _ fallback: String) -> String { strings.values[key] ?? fallback }
            out[language.code.rawValue] = PreviewStrings(
                // A site without the keys gets the English words, and says so.
                tag: strings.values["serve_not_found_title"] == nil ? english.tag : language.tag,
                notFoundTitle: text("serve_not_found_title", english.notFoundTitle),
                notFoundText: text("serve_not_found_text", english.notFoundText),
                home: text("serve_home", english.home),
                errorsHeading: text("serve_errors_heading", english.errorsHeading),
                errorsAnnouncement: text("serve_errors_announcement", english.errorsAnnouncement),
                dismiss: text("serve_dismiss", english.dismiss))
        }
        return out
    }

    /// Opens `url` with the desktop's opener, when there is one.
    static func openBrowser(_ url: String) {
        let opener = Process()
        opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        opener.arguments = ["xdg-open", url]
        opener.standardOutput = FileHandle.nullDevice
        opener.standardError = FileHandle.nullDevice
        if (try? opener.run()) == nil {
            FileHandle.standardError.write(Data("handbook: note: cannot open a browser; open \(url)\n".utf8))
        }
    }
}
