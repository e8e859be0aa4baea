import CZip

/// A ZIP archive built in memory with libzip, for the EPUB container: entries keep the order they
/// are added in, each with a fixed DOS timestamp, so the same entries always give the same bytes.
struct ZipArchive {
    /// One file of the archive.
    struct Entry: Equatable {
        var name: String
        var contents: [UInt8]
        /// Stored as it is rather than deflated (the EPUB `mimetype` must be).
        var stored = false
    }

    /// The DOS date and time every entry carries (1 January 1980 00:00, the earliest a DOS
    /// timestamp can say): a time from the clock or the file system would differ between builds.
    static let dosTime: UInt16 = 0
    static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1

    /// Why libzip could not make the archive.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// The archive's bytes.
    static func bytes(of entries: [Entry]) throws(Failure) -> [UInt8] {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let buffer = zip_source_buffer_create(nil, 0, 0, &error) else { throw Failure(message: message(&error)) }
        // Keep the buffer after the archive is closed: the written archive is read back from it.
        zip_source_keep(buffer)
        defer { zip_source_free(buffer) }
        guard let archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &error) else { throw Failure(message: message(&error)) }
        // libzip reads entry data only when the archive is closed, so the bytes must outlive the loop.
        var retained: [UnsafeMutableRawBufferPointer] = []
        defer { for memory in retained { memory.deallocate() } }
        for entry in entries {
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(entry.contents.count, 1), alignment: 1)
            retained.append(memory)
            entry.contents.withUnsafeBytes { memory.copyMemory(from: $0) }
            guard let source = zip_source_buffer(archive, memory.baseAddress, UInt64(entry.contents.count), 0) else {
                let text = String(cString: zip_strerror(archive))
                zip_discard(archive)
                throw Failure(message: text)
            }
            let index = zip_file_add(archive, entry.name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
            guard index >= 0,
                zip_set_file_compression(archive, UInt64(index), entry.stored ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 9) == 0,
                zip_file_set_dostime(archive, UInt64(index), dosTime, dosDate, 0) == 0
            else {
                if index < 0 { zip_source_free(source) }
                let text = String(cString: zip_strerror(archive))
                zip_discard(archive)
                throw Failure(message: text)
            }
        }
        guard zip_close(archive) == 0 else {
            let text = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw Failure(message: text)
        }
        return try read(buffer)
    }

    private static func read(_ source: OpaquePointer) throws(Failure) -> [UInt8] {
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_source_stat(source, &stat) == 0, zip_source_open(source) == 0 else {
            throw Failure(message: message(zip_source_error(source)))
        }
        defer { zip_source_close(source) }
        var bytes = [UInt8](repeating: 0, count: Int(stat.size))
        let count = bytes.withUnsafeMutableBytes { zip_source_read(source, $0.baseAddress!, stat.size) }
        guard count == Int64(stat.size) else { throw Failure(message: message(zip_source_error(source))) }
        return bytes
    }

    private static func message(_ error: UnsafeMutablePointer<zip_error_t>) -> String {
        String(cString: zip_error_strerror(error))
    }
}
