// libFuzzer entry: any `--out` path, built from the names of a sandbox project (its content,
// templates, working and home folders, a folder of the user's files, symbolic links to `/`, to `..`
// and to themselves) with `.`, `..` and `/`, is vetted and, when accepted, written. Whatever the path,
// every file of the user's in the sandbox must still be there with its bytes afterwards.
import Foundation
import Handbook

private let words = ["content", "templates", "public", "mydocs", "link", "loop", "rootlink", "uplink", "home", "new", "en", "notes.txt", ".", "..", ""]

/// The sandbox, made once per process: `<base>/a/b/work` is the working folder.
private let sandbox: (base: String, work: String, protected: [OutputFolder.Protected], sentinels: [String: String]) = {
    let base = NSTemporaryDirectory() + "handbook-fuzz-output-\(getpid())"
    let work = base + "/a/b/work"
    let files = [
        "content/en/practices/1.1.md": "---\nid: \"1.1\"\n---\n", "templates/page.mustache": "{{title}}\n",
        "notes.txt": "my notes\n", "mydocs/thesis.docx": "chapter one\n", "home/diary.txt": "dear diary\n",
        "../outside.txt": "next to the project\n", "../../../top.txt": "top of the sandbox\n",
    ]
    var sentinels: [String: String] = [:]
    for (path, text) in files {
        let file = (work + "/" + path as NSString).standardizingPath
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let stream = fopen(file, "w")!
        fputs(text, stream)
        fclose(stream)
        sentinels[file] = text
    }
    for (name, target) in [("link", "public"), ("loop", "loop"), ("rootlink", "/"), ("uplink", "..")] {
        try! FileManager.default.createSymbolicLink(atPath: work + "/" + name, withDestinationPath: target)
    }
    setenv("HOME", work + "/home", 1)
    let protected = [
        OutputFolder.Protected(work, role: "the working folder", mayHoldOutput: true),
        OutputFolder.Protected(work + "/content", role: "the content folder", mayHoldOutput: false),
        OutputFolder.Protected(work + "/templates", role: "the templates folder", mayHoldOutput: false),
    ]
    return (base, work, protected, sentinels)
}()

/// Makes the sandbox before the first input, so its files count as the harness's, not as a leak of one input.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>>>) -> Int32 {
    _ = sandbox.work
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: min(size, 24)))
    guard let first = bytes.first else { return 0 }
    let parts = bytes.dropFirst().map { words[Int($0) % words.count] }
    // Paths are taken from the working folder, as a relative --out is; an odd first byte adds a slash.
    let path = sandbox.work + (first & 1 == 1 ? "//" : "/") + parts.joined(separator: "/")
    guard let folder = try? OutputFolder.vet(path, protecting: sandbox.protected) else { return 0 }
    // Accepted paths outside the sandbox are not written: the fuzzer must not fill the machine.
    guard folder.path.hasPrefix(sandbox.base + "/") else { return 0 }
    try? OutputWriter().write([OutputFile(path: "index.html", text: "site\n")], to: folder)
    for (file, contents) in sandbox.sentinels where (try? String(contentsOfFile: file, encoding: .utf8)) != contents {
        fatalError("--out \(path.debugDescription) (\(folder.path)) deleted or changed \(file)")
    }
    return 0
}
