extension String {
    /// This text with every `old` replaced by `new` (or removed, for nil), both ASCII: IDs and
    /// numbers made into anchors and keys (`2.10` → `2-10`) in per-page code. Foundation's
    /// `replacingOccurrences` bridges each call through `NSString`, 3 % of a watch run's time in
    /// these calls; an ASCII byte never occurs inside a longer UTF-8 sequence, so bytes will do.
    func replacingASCII(_ old: Unicode.Scalar, with new: Unicode.Scalar?) -> String {
        precondition(old.isASCII && new?.isASCII != false, "replacingASCII takes ASCII characters")
        let from = UInt8(old.value)
        guard utf8.contains(from) else { return self }
        guard let new else { return String(decoding: utf8.filter { $0 != from }, as: UTF8.self) }
        let to = UInt8(new.value)
        return String(decoding: utf8.map { $0 == from ? to : $0 }, as: UTF8.self)
    }
}
