import Foundation

extension Process {
    /// Starts the process and returns its exit to wait for. Foundation's `waitUntilExit` on Linux
    /// turns its run loop in 50 ms steps, so every short child (git, msgfmt, the handbook in a test)
    /// took 50 ms longer than it ran; a termination handler ends the wait as the child ends.
    public func start() throws -> ProcessExit {
        let exit = ProcessExit()
        terminationHandler = { _ in exit.signal() }
        try run()
        return exit
    }
}

/// The exit of a process started with `Process.start()`.
public final class ProcessExit: @unchecked Sendable {
    private let exited = DispatchSemaphore(value: 0)

    fileprivate func signal() { exited.signal() }

    /// Returns once the process has exited; at once when it already has, and again on every call.
    public func wait() {
        exited.wait()
        exited.signal()
    }
}
