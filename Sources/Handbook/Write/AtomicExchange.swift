import Foundation

/// Linux's `renameat2(…, RENAME_EXCHANGE)`: swaps two paths in one step. Swift's Glibc module does
/// not declare it, so it is looked up in the C library at run time.
enum AtomicExchange {
    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    private static let function: Renameat2? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Renameat2.self)
    }()

    /// Exchanges the two paths; false when the system cannot, leaving both as they were.
    static func exchange(_ a: String, _ b: String) -> Bool {
        guard let function else { return false }
        let atCurrentDirectory: Int32 = -100  // AT_FDCWD
        let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE
        return function(atCurrentDirectory, a, atCurrentDirectory, b, renameExchange) == 0
    }
}
