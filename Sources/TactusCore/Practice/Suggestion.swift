/// The known word a mistyped one was probably meant to be, for "did you
/// mean" hints in messages.
public enum Suggestion {
    /// The word in `known` closest to `word`, ignoring case and leading
    /// dashes, if it is one edit away (two for words of six letters or more);
    /// the first of equals.
    public static func closest(to word: String, among known: [String]) -> String? {
        let lowered = word.lowercased().drop { $0 == "-" }
        let allowed = lowered.count >= 6 ? 2 : 1
        var best: (word: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(String(lowered), String(candidate.lowercased().drop { $0 == "-" }))
            if distance <= allowed, distance < best?.distance ?? Int.max {
                best = (candidate, distance)
            }
        }
        return best?.word
    }

    /// ` (did you mean 'bpm'?)`, or nothing.
    public static func hint(for word: String, among known: [String]) -> String {
        closest(to: word, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Edits (insertions, deletions, substitutions and swaps of neighbours)
    /// that turn `a` into `b` (optimal string alignment distance).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var distance = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { distance[i][0] = i }
        for j in 0...b.count { distance[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                distance[i][j] = min(distance[i - 1][j] + 1, distance[i][j - 1] + 1, distance[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance[i][j] = min(distance[i][j], distance[i - 2][j - 2] + 1)
                }
            }
        }
        return distance[a.count][b.count]
    }
}
