import Foundation
import HandbookCLI

/// What one run of the command line printed and returned.
public struct CommandRun {
    /// Standard output.
    public var stdout: String
    /// Standard error.
    public var stderr: String
    /// Exit code.
    public var exitCode: Int32

    /// Runs `handbook` with `arguments` in `directory`, capturing both streams; `environment`
    /// stands for the process environment.
    public static func handbook(
        _ arguments: [String], in directory: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> CommandRun {
        var out = Capture()
        var err = Capture()
        let code = CLI.run(arguments, workingDirectory: directory, environment: environment, stdout: &out, stderr: &err)
        return CommandRun(stdout: out.text, stderr: err.text, exitCode: code)
    }

    /// Standard error without the run's timing, which varies.
    public var stableStderr: String { stderr }
}

/// A `TextOutputStream` that keeps what is written.
public struct Capture: TextOutputStream {
    /// Everything written so far.
    public var text = ""
    /// Creates an empty capture.
    public init() {}
    /// Appends `string`.
    public mutating func write(_ string: String) { text += string }
}
