/// The long:short ratio of one pair of subdivisions (8ths: the beat and its
/// off-beat; 16ths: each 8th and the 16th after it), from the difference of
/// the short notes' and the long notes' mean offsets as fractions of the pair:
///
///     ratio = click ratio + mean(short offset / pair) − mean(long offset / pair)
///
/// so a player who is late or early overall does not look swung. The error
/// is Welch's (the two kinds of note may spread differently).
struct SwingEstimate: Hashable, Sendable {
    enum Pair: String, Hashable, Sendable {
        case eighths = "8ths", sixteenths = "16ths"
    }

    var pair: Pair
    /// Subdivisions (of the scoring subdivision) that start a pair, and the short notes.
    var long: Set<Int>
    var short: Set<Int>
    /// long / (long + short) of the click: 0.5 straight.
    var clickRatio: Double
    /// The played long / (long + short).
    var ratio: FindingEstimate
    /// mean(short) − mean(long) in ms.
    var differenceMs: FindingEstimate
    /// Long and short notes (grid positions) behind the estimate.
    var longCount: Int
    var shortCount: Int

    /// The pairs a scoring subdivision shows: 8ths with 2 (against the
    /// click's swing, if any), 8ths and 16ths with 4; none otherwise.
    static func pairs(subdivision: Int, swing: Swing?) -> [(pair: Pair, long: Set<Int>, short: Set<Int>, clickRatio: Double, pairBeats: Double)] {
        switch subdivision {
        case 2:
            let click = swing.map { Double($0.long) / Double($0.long + $0.short) } ?? 0.5
            return [(.eighths, [1], [2], click, 1)]
        case 4:
            return [(.eighths, [1], [3], 0.5, 1), (.sixteenths, [1, 3], [2, 4], 0.5, 0.5)]
        default:
            return []
        }
    }

    /// The estimates of each pair the observations (bars with click) carry.
    static func estimates(
        _ observations: [FindingObservation], subdivision: Int, swing: Swing?, beatLengths: BeatLengths
    ) -> [SwingEstimate] {
        pairs(subdivision: subdivision, swing: swing).compactMap { pair in
            // Offsets in ms and in fractions of the pair's length, of the long
            // notes and of the short, read from the observations in place.
            let long = observations.lazy.filter { pair.long.contains($0.position.subdivision) }
            let short = observations.lazy.filter { pair.short.contains($0.position.subdivision) }
            func fractions(_ notes: LazyFilterSequence<[FindingObservation]>) -> some Sequence<Double> {
                notes.map { $0.offsetMs / (beatLengths.ms(atBar: $0.position.bar) * pair.pairBeats) }
            }
            guard let ratio = FindingStatistics.difference(fractions(short), fractions(long)),
                  let ms = FindingStatistics.difference(short.map(\.offsetMs), long.map(\.offsetMs)) else { return nil }
            // A difference counts the values of its first list.
            let longCount = long.count
            let shortCount = ratio.n
            let n = longCount + shortCount
            var played = ratio.shifted(by: pair.clickRatio)
            played.n = n
            var difference = ms
            difference.n = n
            return SwingEstimate(
                pair: pair.pair, long: pair.long, short: pair.short, clickRatio: pair.clickRatio, ratio: played,
                differenceMs: difference, longCount: longCount, shortCount: shortCount)
        }
    }

    /// "62:38" (`decimals` 0), "61.6:38.4" (1).
    static func text(_ ratio: Double, decimals: Int = 0) -> String {
        let long = ReportNumber.rounded(min(max(ratio, 0), 1) * 100, decimals: decimals)
        return "\(NumberText.fixed(long, decimals)):\(NumberText.fixed(100 - long, decimals))"
    }
}
