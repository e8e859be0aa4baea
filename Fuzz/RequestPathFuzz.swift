// libFuzzer entry: the request-path normaliser of `handbook serve` (RequestPath) on any bytes. An
// accepted path must be made of plain names (not empty, not `.` or `..`, no `/`, `\`, NUL or other
// control character), must be what percent-decoding the request gives, and must come back the
// same from its own encoding. Traps on the first breach.
import RequestPath

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let target) = RequestPath.normalise(bytes) else { return 0 }
    let (path, isFolder): (String, Bool)
    switch target {
    case .file(let value): (path, isFolder) = (value, false)
    case .directory(let value): (path, isFolder) = (value, true)
    }
    if !isFolder && path.isEmpty { fatalError("empty file path from \(bytes)") }
    if !path.isEmpty {
        for name in path.split(separator: "/", omittingEmptySubsequences: false) {
            if name.isEmpty || name == "." || name == ".." { fatalError("name '\(name)' in \(path.debugDescription) from \(bytes)") }
            if name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) {
                fatalError("forbidden byte in \(path.debugDescription) from \(bytes)")
            }
        }
    }
    // Plain percent-decoding of the path part, written independently of the module.
    let request = bytes.prefix { $0 != UInt8(ascii: "?") }
    var decoded: [UInt8] = []
    var index = request.startIndex
    while index < request.endIndex {
        if request[index] == UInt8(ascii: "%"), index + 2 < request.endIndex,
           let byte = UInt8(String(decoding: request[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
            decoded.append(byte)
            index += 3
        } else {
            decoded.append(request[index])
            index += 1
        }
    }
    let expected = Array(("/" + path + (isFolder && !path.isEmpty ? "/" : "")).utf8)
    if decoded != expected { fatalError("\(path.debugDescription) is not the decoded request \(decoded)") }
    let again = RequestPath.normalise(Array(RequestPath.encode(target).utf8))
    if again != .success(target) { fatalError("\(target) encodes to \(RequestPath.encode(target)), read back as \(again)") }
    return 0
}
