import Foundation
import HandbookCLI

CLI.isTerminal = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
var output = StandardOutput()
var errors = StandardError()
let code = CLI.run(
    Array(CommandLine.arguments.dropFirst()),
    workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    stdout: &output, stderr: &errors)
exit(code)
