/// Gives memory that was freed back to the system.
///
/// glibc's allocator keeps freed memory in the arena of the thread that freed it, so after two
/// threads have each parsed a large document the process holds both parsers' peaks, although the
/// trees are gone. A parse stage that freed hundreds of megabytes calls `release()` once.
public enum FreedMemory {
    /// Returns free pages of every arena to the system (`malloc_trim`); a no-op elsewhere.
    public static func release() {
        #if os(Linux)
            _ = mallocTrim(0)
        #endif
    }
}

#if os(Linux)
    @_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32
#endif
