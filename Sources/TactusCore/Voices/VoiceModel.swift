/// Each voice's timing against the player's average with the beat, the
/// position and the moment taken out: the offsets of hits at one grid
/// position (the kick and the hi-hat on 1) differ only by the voices that
/// played them, so comparing voices within positions leaves everything the
/// position shares (its beat, its part, the drift, the player's wander at
/// that moment) out of the voices' estimates. Fitted by least squares:
/// offset = position's own level + voice effect + noise, the voice effects
/// weighted by their hits summing to zero; each effect's error from the
/// residual variance, widened for the residuals' serial correlation.
///
/// Only voices with `Findings.minimumHits` hits or more, over as many bars,
/// at positions shared with another such voice take part, and of those the
/// largest group linked by positions played together (two voices that never
/// meet cannot be compared). With fewer than two such voices there is no
/// model, and the voices' times are the positions' (a kick alone on 1 and
/// 3 is beats 1 and 3).
struct VoiceModel {
    /// A voice's effect: its mean offset minus the player's average over the
    /// voices of the model, with beats, positions and time taken out.
    var effects: [(voice: Int, estimate: FindingEstimate)]
    /// The voice effect by voice index, 0 for voices outside the model:
    /// what to take from a hit's offset before the positions are compared.
    var shifts: [Double]
    /// The squared residuals' sum: how well the effects hold the offsets;
    /// and per degree of freedom.
    var residualSquares: Double
    var residualVariance: Double
    /// The effects of the averaged voices, squared and weighted by their
    /// hits: how much of the kit the model needs to call off.
    var kitEffectSquares: Double

    /// One matched hit in a bar with click: its voice, grid position and offset.
    struct Hit {
        var voice: Int
        var position: GridPosition
        var offsetMs: Double
    }

    /// `averagedOver`: the voices whose weighted average the effects are
    /// taken against (nil: all); a voice split off another (its notes with
    /// a partner, see `VoiceAnalysis`) is fitted but not averaged.
    init?(_ hits: [Hit], voiceCount: Int, averagedOver: Set<Int>? = nil) {
        // Hits by position, in grid order.
        var byPosition: [GridPosition: [Hit]] = [:]
        for hit in hits { byPosition[hit.position, default: []].append(hit) }
        let positions = byPosition.keys.sorted()
        // Voices met together with another, counted by hits and bars.
        var shared = Array(repeating: BarCountedValues(), count: voiceCount)
        for position in positions {
            let here = byPosition[position] ?? []
            guard Set(here.map(\.voice)).count >= 2 else { continue }
            for hit in here { shared[hit.voice].add(hit.offsetMs, bar: position.bar) }
        }
        let eligible = Set((0..<voiceCount).filter { shared[$0].enough })
        let voices = Self.largestLinkedGroup(eligible, positions: positions.map { Set((byPosition[$0] ?? []).map(\.voice)) })
        guard voices.count >= 2 else { return nil }
        let column = Dictionary(uniqueKeysWithValues: voices.enumerated().map { ($1, $0) })
        let k = voices.count

        // Normal equations of the voice effects with each position's level
        // profiled out: A = Σ diag(c) − c cᵀ/n, b = Σ s − c ȳ per position
        // (c the hits of each voice there, s their offsets' sums, n and ȳ
        // the position's hits and mean).
        var a = Array(repeating: Array(repeating: 0.0, count: k), count: k)
        var b = Array(repeating: 0.0, count: k)
        var fitted: [(position: GridPosition, hits: [(column: Int, offset: Double)])] = []
        var hitsPerVoice = Array(repeating: 0, count: k)
        for position in positions {
            let here = (byPosition[position] ?? []).compactMap { hit in column[hit.voice].map { ($0, hit.offsetMs) } }
            guard Set(here.map(\.0)).count >= 2 else { continue }
            var counts = Array(repeating: 0.0, count: k)
            var sums = Array(repeating: 0.0, count: k)
            for (j, offset) in here {
                counts[j] += 1
                sums[j] += offset
                hitsPerVoice[j] += 1
            }
            let n = Double(here.count)
            let mean = sums.reduce(0, +) / n
            for i in 0..<k where counts[i] > 0 {
                a[i][i] += counts[i]
                for j in 0..<k where counts[j] > 0 { a[i][j] -= counts[i] * counts[j] / n }
                b[i] += sums[i] - counts[i] * mean
            }
            fitted.append((position, here.map { (column: $0.0, offset: $0.1) }))
        }
        // The effects are known up to a common shift: A + 11ᵀ is invertible
        // on a linked group, and its inverse serves for every contrast.
        for i in 0..<k { for j in 0..<k { a[i][j] += 1 } }
        guard let inverse = Self.inverse(a) else { return nil }
        var alpha = (0..<k).map { i in (0..<k).reduce(0.0) { $0 + inverse[i][$1] * b[$1] } }
        let total = Double(hitsPerVoice.reduce(0, +))
        let weights = hitsPerVoice.map { Double($0) / total }
        let averaged = (0..<k).map { averagedOver?.contains(voices[$0]) ?? true }
        let averagedHits = Double((0..<k).reduce(0) { $0 + (averaged[$1] ? hitsPerVoice[$1] : 0) })
        guard averagedHits > 0 else { return nil }
        let centre = (0..<k).map { averaged[$0] ? Double(hitsPerVoice[$0]) / averagedHits : 0 }
        let average = zip(centre, alpha).reduce(0.0) { $0 + $1.0 * $1.1 }
        alpha = alpha.map { $0 - average }

        // Residuals, each voice's in time order for their serial correlation.
        var squares = 0.0
        var series = Array(repeating: RunningAutocorrelation(), count: k)
        for (_, here) in fitted {
            let level = here.reduce(0.0) { $0 + $1.offset - alpha[$1.column] } / Double(here.count)
            for hit in here {
                let residual = hit.offset - level - alpha[hit.column]
                squares += residual * residual
                series[hit.column].add(residual)
            }
        }
        let degrees = Int(total) - fitted.count - (k - 1)
        guard degrees >= 2 else { return nil }
        var lagSum = 0.0
        for j in 0..<k { lagSum += weights[j] * (series[j].lag1 ?? 0) }
        let r = min(0.9, max(0, lagSum))
        let variance = squares / Double(degrees) * (1 + r) / (1 - r)
        let effective = max(FindingStatistics.effectiveCount(degrees, serialCorrelation: r), 2)

        effects = (0..<k).map { v in
            // c = e_v − w: the voice against the weighted average.
            var quadratic = 0.0
            for i in 0..<k {
                let ci = (i == v ? 1 : 0) - centre[i]
                for j in 0..<k { quadratic += ci * inverse[i][j] * ((j == v ? 1 : 0) - centre[j]) }
            }
            let error = (max(quadratic, 0) * variance).squareRoot()
            return (voices[v], FindingEstimate(value: alpha[v], standardError: error, degreesOfFreedom: effective, n: hitsPerVoice[v]))
        }
        residualSquares = squares
        residualVariance = squares / Double(degrees)
        kitEffectSquares = (0..<k).reduce(0.0) { $0 + (averaged[$1] ? Double(hitsPerVoice[$1]) * alpha[$1] * alpha[$1] : 0) }
        shifts = Array(repeating: 0, count: voiceCount)
        for (v, voice) in voices.enumerated() { shifts[voice] = alpha[v] }
    }

    /// The voices of `eligible` linked through positions where two of them
    /// played, the group with the most positions; in index order.
    private static func largestLinkedGroup(_ eligible: Set<Int>, positions: [Set<Int>]) -> [Int] {
        var parent = Dictionary(uniqueKeysWithValues: eligible.map { ($0, $0) })
        func root(_ voice: Int) -> Int {
            var voice = voice
            while let up = parent[voice], up != voice { voice = up }
            return voice
        }
        var weight: [Int: Int] = [:]
        for voices in positions {
            let members = voices.filter(eligible.contains).sorted()
            guard let first = members.first, members.count >= 2 else { continue }
            for other in members.dropFirst() {
                let (x, y) = (root(first), root(other))
                if x != y { parent[max(x, y)] = min(x, y) }
            }
            weight[first, default: 0] += 1
        }
        var groups: [Int: (voices: [Int], weight: Int)] = [:]
        for voice in eligible.sorted() { groups[root(voice), default: ([], 0)].voices.append(voice) }
        for (voice, count) in weight { groups[root(voice)]?.weight += count }
        return groups.values.max { ($0.weight, $0.voices.count, -($0.voices.first ?? 0)) < ($1.weight, $1.voices.count, -($1.voices.first ?? 0)) }?.voices ?? []
    }

    /// Gauss–Jordan with partial pivoting; nil when singular.
    private static func inverse(_ matrix: [[Double]]) -> [[Double]]? {
        let n = matrix.count
        var m = matrix
        var result = (0..<n).map { i in (0..<n).map { $0 == i ? 1.0 : 0.0 } }
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
                  abs(m[pivot][column]) > 1e-9 else { return nil }
            m.swapAt(column, pivot)
            result.swapAt(column, pivot)
            let scale = m[column][column]
            for j in 0..<n {
                m[column][j] /= scale
                result[column][j] /= scale
            }
            for row in 0..<n where row != column {
                let factor = m[row][column]
                guard factor != 0 else { continue }
                for j in 0..<n {
                    m[row][j] -= factor * m[column][j]
                    result[row][j] -= factor * result[column][j]
                }
            }
        }
        return result
    }
}
