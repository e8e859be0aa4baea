/// The compact text forms of the index, which `templates/assets/search.js` decodes.
///
/// - Numbers use 92 printable ASCII characters that need no escaping in a JSON string (`!` to `~`
///   without `"` and `\`). The first 46 end a number and the other 46 carry on to the next digit,
///   least significant first, so most numbers take one character.
/// - A term's postings are its count, then for each document the gap to the previous one (less one)
///   and the weight.
/// - Terms are front-coded: each entry starts with a digit `0`–`9`, the number of UTF-16 units it
///   shares with the entry before, then the rest of the term; entries are separated by spaces.
enum SearchIndexEncoder {
    /// The digit characters, by value.
    static let digits: [UInt8] = (0x21...0x7E).filter { $0 != 0x22 && $0 != 0x5C }.map { UInt8($0) }
    /// Values below this end a number.
    static let base = 46

    /// Appends `value` (not negative).
    static func append(_ value: Int, to out: inout [UInt8]) {
        var rest = value
        while rest >= base {
            out.append(digits[base + rest % base])
            rest /= base
        }
        out.append(digits[rest])
    }

    /// The postings of one term.
    static func postings(_ list: [InvertedIndex.Posting]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(2 * list.count + 1)
        append(list.count, to: &out)
        var previous = -1
        for posting in list {
            append(posting.document - previous - 1, to: &out)
            // The lowest bit says whether the term is in a title or heading (`Posting.titled`).
            append(posting.impact * 2 + (posting.titled ? 1 : 0), to: &out)
            previous = posting.document
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Sorted terms, front-coded.
    static func terms(_ terms: [String]) -> String {
        var out: [UInt8] = []
        var previous: [Unicode.Scalar] = []
        var scalars: [Unicode.Scalar] = []
        for (index, term) in terms.enumerated() {
            scalars.removeAll(keepingCapacity: true)
            scalars.append(contentsOf: term.unicodeScalars)
            var shared = 0, units = 0
            while shared < min(previous.count, scalars.count) && previous[shared] == scalars[shared] {
                let width = UTF16.width(scalars[shared])
                guard units + width <= 9 else { break }
                units += width
                shared += 1
            }
            if index > 0 { out.append(0x20) }
            out.append(UInt8(0x30 + units))
            for scalar in scalars[shared...] { out.append(contentsOf: UTF8.encode(scalar)!) }
            swap(&previous, &scalars)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
