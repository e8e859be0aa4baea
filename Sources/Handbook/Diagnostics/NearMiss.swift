/// Finds the known name closest to a misspelt one, for "did you mean …?" notes.
public enum NearMiss {
    /// The candidate with the smallest edit distance to `name`, if it is close enough to be a likely
    /// typo (at most a third of the name's length, and at least 1 edit allowed); ties go to the
    /// candidate that sorts first, so suggestions are stable.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        let limit = max(1, name.count / 3)
        var best: (distance: Int, candidate: String)?
        for candidate in candidates.sorted() {
            let distance = editDistance(name, candidate)
            if distance <= limit, best == nil || distance < best!.distance {
                best = (distance, candidate)
            }
        }
        return best?.candidate
    }

    /// Edit distance over characters, counting a swap of two neighbours as one edit
    /// (optimal string alignment), since `biuld` for `build` is one slip of the fingers.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
