/// Finds the cycles in the sections' `parent:` links, so that a section that is its own parent, or
/// two that name each other, is reported instead of sending every walk up the tree (breadcrumbs,
/// the section tree) round forever.
///
/// Each section is visited once and each parent link followed once: linear in the sections.
enum ParentCycleFinder {
    /// Every cycle in `parents` (section number → parent number), each listed from the member that
    /// comes first in `order` that `canStart` accepts, following the parent links. Cycles are given
    /// in `order` of their first members, so reports are deterministic.
    static func cycles(parents: [String: String], order: [String], canStart: (String) -> Bool = { _ in true }) -> [[String]] {
        enum Mark { case onPath, done }
        var marks: [String: Mark] = [:]
        var rank: [String: Int] = [:]
        for (index, number) in order.enumerated() { rank[number] = index }
        var found: [[String]] = []
        for start in order where marks[start] == nil {
            var path: [String] = []
            var current: String? = start
            while let number = current, marks[number] == nil {
                marks[number] = .onPath
                path.append(number)
                current = parents[number]
            }
            if let repeated = current, marks[repeated] == .onPath, let first = path.firstIndex(of: repeated) {
                let members = Array(path[first...])
                let starts = members.indices.filter { canStart(members[$0]) }
                let lead = (starts.isEmpty ? Array(members.indices) : starts).min {
                    rank[members[$0], default: .max] < rank[members[$1], default: .max]
                }!
                found.append(Array(members[lead...] + members[..<lead]))
            }
            for number in path { marks[number] = .done }
        }
        return found.sorted { rank[$0[0], default: .max] < rank[$1[0], default: .max] }
    }
}
