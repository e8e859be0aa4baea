import Foundation
import HandbookCLI

var output = StandardOutput()
var errors = StandardError()
let code = CLI.run(
    Array(CommandLine.arguments.dropFirst()),
    workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    stdout: &output, stderr: &errors)
exit(code)
