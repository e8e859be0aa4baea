/// A 128-bit fingerprint of a file's bytes for the build cache: it tells whether a file whose stamp
/// changed (a checkout, a `touch`, a save of the same text) still holds the bytes the last build
/// read. It guards against accidents, not adversaries, so it is a multiply-and-mix hash over 8-byte
/// words in two independent lanes (several GB/s) rather than SHA-256 (about 0.1 GB/s here).
enum ContentFingerprint {
    /// The fingerprint of `bytes`, as 32 hex digits.
    static func hex(_ bytes: [UInt8]) -> String {
        let (a, b) = bytes.withUnsafeBytes { raw -> (UInt64, UInt64) in
            var a: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(raw.count)
            var b: UInt64 = 0x1319_8A2E_0370_7344 &+ UInt64(raw.count)
            var offset = 0
            while offset + 8 <= raw.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                a = (a ^ word) &* 0x9E37_79B9_7F4A_7C15
                a ^= a >> 32
                b = (b &+ word) &* 0xC2B2_AE3D_27D4_EB4F
                b = (b << 31) | (b >> 33)
                offset += 8
            }
            var tail: UInt64 = 0
            for (shift, index) in (offset..<raw.count).enumerated() { tail |= UInt64(raw[index]) << UInt64(shift * 8) }
            a = (a ^ tail) &* 0x9E37_79B9_7F4A_7C15
            b = (b &+ tail) &* 0xC2B2_AE3D_27D4_EB4F
            return (mix(a ^ b >> 7), mix(b ^ a << 11))
        }
        return hexDigits(a) + hexDigits(b)
    }

    /// MurmurHash3's finaliser: every input bit reaches every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }

    private static func hexDigits(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
