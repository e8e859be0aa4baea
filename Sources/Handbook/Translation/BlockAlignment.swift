/// Pairs the blocks of two versions of a text by their fingerprints, in one pass: equal blocks are
/// kept, a block that still occurs further on in the other version marks an insertion or a removal,
/// and anything else is a change of one block into another.
enum BlockAlignment {
    /// One step of the alignment, by index into the old and the new sequence.
    enum Step: Equatable {
        case same(old: Int, new: Int)
        case changed(old: Int, new: Int)
        case added(new: Int)
        case removed(old: Int)
    }

    /// Aligns `old` with `new`; linear in their lengths (a look-up table counts what lies ahead).
    static func align(old: [Substring], new: [Substring]) -> [Step] {
        var oldAhead: [Substring: Int] = [:], newAhead: [Substring: Int] = [:]
        for fingerprint in old { oldAhead[fingerprint, default: 0] += 1 }
        for fingerprint in new { newAhead[fingerprint, default: 0] += 1 }
        var steps: [Step] = []
        var i = 0, j = 0
        func takeOld() { oldAhead[old[i], default: 1] -= 1; i += 1 }
        func takeNew() { newAhead[new[j], default: 1] -= 1; j += 1 }
        while i < old.count || j < new.count {
            if i == old.count {
                steps.append(.added(new: j)); takeNew()
            } else if j == new.count {
                steps.append(.removed(old: i)); takeOld()
            } else if old[i] == new[j] {
                steps.append(.same(old: i, new: j)); takeOld(); takeNew()
            } else {
                let oldComesLater = newAhead[old[i], default: 0] > 0
                let newComesLater = oldAhead[new[j], default: 0] > 0
                if oldComesLater && !newComesLater {
                    steps.append(.added(new: j)); takeNew()
                } else if newComesLater && !oldComesLater {
                    steps.append(.removed(old: i)); takeOld()
                } else {
                    steps.append(.changed(old: i, new: j)); takeOld(); takeNew()
                }
            }
        }
        return steps
    }
}
