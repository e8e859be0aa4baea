import Glibc

/// The server's socket, bound and listening before the server starts, so that a taken port is
/// told apart from other failures (the HTTP library reports only that it could not start).
public struct ListeningSocket: Sendable {
    /// Why the socket could not be opened.
    public enum Failure: Error, Equatable {
        /// Another program listens on the port.
        case inUse
        /// The host is not an address of this machine or cannot be resolved.
        case badHost(String)
        /// Anything else, with the system's words.
        case system(String)
    }

    /// The listening descriptor (the server closes it when it stops).
    public let descriptor: Int32
    /// The port bound (the one chosen by the system when 0 was asked for).
    public let port: UInt16
    /// Whether only this machine can connect.
    public let isLoopback: Bool
    /// The URL of the site's root.
    public let url: String

    /// Binds `host`:`port` (a numeric address or a name) and listens.
    public static func open(host: String, port: UInt16) throws(Failure) -> ListeningSocket {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let info = found else {
            throw .badHost(String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(found) }
        let descriptor = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .system(String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let code = errno
            close(descriptor)
            if code == EADDRINUSE { throw .inUse }
            if code == EADDRNOTAVAIL { throw .badHost("not an address of this machine") }
            throw .system(String(cString: strerror(code)))
        }
        guard listen(descriptor, SOMAXCONN) == 0 else {
            let code = errno
            close(descriptor)
            if code == EADDRINUSE { throw .inUse }
            throw .system(String(cString: strerror(code)))
        }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let (boundPort, loopback, text) = describe(address)
        return ListeningSocket(descriptor: descriptor, port: boundPort, isLoopback: loopback, url: "http://\(text):\(boundPort)/")
    }

    /// Port, whether loopback, and the address as written in a URL.
    private static func describe(_ storage: sockaddr_storage) -> (UInt16, Bool, String) {
        var storage = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        if Int32(storage.ss_family) == AF_INET6 {
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    var address = pointer.pointee.sin6_addr
                    inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
                    let bytes = withUnsafeBytes(of: address) { Array($0) }
                    let loopback = bytes == [UInt8](repeating: 0, count: 15) + [1]
                        || (bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] && bytes[12] == 127)
                    return (UInt16(bigEndian: pointer.pointee.sin6_port), loopback, "[" + String(cString: buffer) + "]")
                }
            }
        }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                var address = pointer.pointee.sin_addr
                inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
                let loopback = UInt32(bigEndian: address.s_addr) >> 24 == 127
                return (UInt16(bigEndian: pointer.pointee.sin_port), loopback, String(cString: buffer))
            }
        }
    }
}
