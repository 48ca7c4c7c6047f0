import Foundation

/// Each beat placed from the notes played on and around it: a straight line
/// through the times of the notes on the nearest beats (time against beat
/// number), fitted robustly so a flam or a stray note does not pull it.
/// Its value at the beat is the beat's time, its slope the local period.
///
/// Where the tempo steps, a line across the step fits badly; the line
/// through the beats on one side alone is then taken, whichever side fits
/// better, so a step is followed from the beat it happens on.
struct PulseFit {
    /// Beat times, seconds.
    var times: [Double] = []
    /// Seconds a beat at each beat.
    var periods: [Double] = []
    /// How much the notes on each beat weigh (downbeat strokes counted thrice).
    var strength: [Double] = []

    /// Beats within this many of a beat shape its line.
    static let reach = 4
    /// A note within this fraction of a beat of one is played on it.
    static let onBeat = 0.15

    init(notes: [PulseOnset], roughBeats: [Double], beatDivision: Int) {
        let count = roughBeats.count
        // Each note's place in beats on the rough grid.
        var places: [(position: Double, time: Double, weight: Double)] = []
        strength = [Double](repeating: 0, count: count)
        var cursor = 0
        for note in notes {
            while cursor + 1 < count, roughBeats[cursor + 1] <= note.time { cursor += 1 }
            let position = Double(cursor) + (note.time - roughBeats[cursor]) / Self.interval(roughBeats, at: cursor)
            places.append((position, note.time, note.weight * (note.marksDownbeat ? 3 : 1)))
        }
        // Notes between the beats count too where the beat splits in two
        // even halves (straight eighths); swung ones would pull the beat.
        let between = places.map { $0.position - $0.position.rounded(.down) }.filter { $0 > 0.3 && $0 < 0.7 }.sorted()
        let straight = beatDivision == 2 && between.count >= count / 2 && abs(between[between.count / 2] - 0.5) < 0.04
        // The points of each beat: (place from the beat, time).
        var byBeat = [[(offset: Double, time: Double)]](repeating: [], count: count)
        for place in places {
            let beat = Int(place.position.rounded())
            if beat >= 0, beat < count, abs(place.position - Double(beat)) <= Self.onBeat {
                byBeat[beat].append((0, place.time))
                strength[beat] += place.weight
            } else if straight {
                let half = Int(place.position.rounded(.down))
                if half >= 0, half < count, abs(place.position - Double(half) - 0.5) <= Self.onBeat / 2 {
                    byBeat[half].append((0.5, place.time))
                }
            }
        }
        // How far notes stray from a line where the tempo runs smoothly:
        // the median misfit of the centred lines.
        let centred = (0..<count).map { RobustLine(byBeat, around: $0, from: $0 - Self.reach, to: $0 + Self.reach, reach: Self.reach) }
        let misfits = centred.compactMap { $0?.meanSquare }.sorted()
        let noise = misfits.isEmpty ? 0 : misfits[misfits.count / 2]
        for beat in 0..<count {
            var reach = Self.reach
            var line = Self.bestLine(byBeat, at: beat, reach: reach, noise: noise)
            while line == nil, reach < 4 * Self.reach {
                reach *= 2
                line = Self.bestLine(byBeat, at: beat, reach: reach, noise: noise)
            }
            times.append(line?.value ?? roughBeats[beat])
            periods.append(line?.slope ?? Self.interval(roughBeats, at: beat))
        }
    }

    /// The time from beat `index` to the next (from the one before, for the last).
    static func interval(_ beats: [Double], at index: Int) -> Double {
        index + 1 < beats.count ? beats[index + 1] - beats[index] : beats[index] - beats[index - 1]
    }

    /// The centred line, or a one-sided one where the centred line fits
    /// far worse than the take's lines do (`noise`, their median misfit)
    /// and the side far better: a one-sided line's value at its end is
    /// less sure, so it is taken only at a step.
    static func bestLine(_ byBeat: [[(offset: Double, time: Double)]], at beat: Int, reach: Int, noise: Double) -> RobustLine? {
        let centred = RobustLine(byBeat, around: beat, from: beat - reach, to: beat + reach, reach: reach)
        if let centred, centred.meanSquare <= 3 * noise { return centred }
        let left = RobustLine(byBeat, around: beat, from: beat - reach, to: beat, reach: reach)
        let right = RobustLine(byBeat, around: beat, from: beat, to: beat + reach, reach: reach)
        var best = centred
        // At the beat a step happens on, both sides fit: the tempo from the
        // beat on (the right) is the beat's.
        for side in [right, left] {
            guard let side else { continue }
            if let current = best, side.meanSquare >= 0.5 * current.meanSquare { continue }
            best = side
        }
        return best
    }
}

/// A weighted least-squares line of note time against beat number around
/// one beat, every note within `reach` beats alike, reweighted twice by
/// Tukey's bisquare on the residuals.
struct RobustLine {
    /// The line's time at the beat.
    var value: Double
    /// Seconds per beat.
    var slope: Double
    /// The weighted mean square of the residuals.
    var meanSquare: Double

    init?(_ byBeat: [[(offset: Double, time: Double)]], around beat: Int, from low: Int, to high: Int, reach: Int) {
        var xs: [Double] = [], ys: [Double] = [], base: [Double] = []
        var beats = Set<Int>()
        for index in max(0, low)...min(byBeat.count - 1, high) where !byBeat[index].isEmpty {
            let distance = Double(abs(index - beat)) / Double(reach + 1)
            let inside = distance <= 1 ? 1.0 : 0
            for point in byBeat[index] {
                xs.append(Double(index - beat) + point.offset)
                ys.append(point.time)
                base.append(inside)
            }
            beats.insert(index)
        }
        guard beats.count >= 3 else { return nil }
        var weights = base
        var fit = Self.solve(xs, ys, weights)
        for _ in 0..<2 {
            guard let line = fit else { return nil }
            let residuals = zip(xs, ys).map { abs($1 - (line.value + line.slope * $0)) }
            let sorted = residuals.sorted()
            let scale = max(0.002, 1.4826 * sorted[sorted.count / 2])
            weights = zip(base, residuals).map { weight, residual in
                let u = residual / (4.685 * scale)
                return u < 1 ? weight * (1 - u * u) * (1 - u * u) : 0
            }
            fit = Self.solve(xs, ys, weights)
        }
        guard let line = fit, line.slope > 0 else { return nil }
        var square = 0.0, total = 0.0
        for index in xs.indices {
            let residual = ys[index] - (line.value + line.slope * xs[index])
            square += base[index] * residual * residual
            total += base[index]
        }
        value = line.value
        slope = line.slope
        meanSquare = total > 0 ? square / total : 0
    }

    static func solve(_ xs: [Double], _ ys: [Double], _ weights: [Double]) -> (value: Double, slope: Double)? {
        let line = LeastSquaresLine(xs.indices.lazy.map { (x: xs[$0], y: ys[$0], weight: weights[$0]) })
        return line.slope.map { (line.intercept(slope: $0), $0) }
    }
}
