import Foundation

/// Finds the player's own pulse in a take played without a click: each
/// beat's time and the local tempo, from the notes alone.
///
/// Three steps. The beat's period comes from how often the notes repeat at
/// each lag (every pair of notes within two beats of each other), leaning
/// toward the metre's beat and a typical tempo where half and double fit
/// alike; windows of 8 s then find how that period changes through the take.
/// A dynamic programme picks, among all beat sequences, the one that lands
/// on notes and keeps nearest the local period (Ellis 2007), so accelerandos
/// and steps are followed. Last,
/// `PulseFit` places each beat from the notes around it (a robust local line
/// through the notes on the beat), which is what makes the times exact to a
/// few ms rather than to the programme's 5 ms steps.
///
/// Work is O(n · notes within two beats) for the period and O(steps · period)
/// for the programme, linear in the take's length.
public enum PulseTracker {
    /// The programme's time step, seconds.
    static let step = 0.005
    /// How much a change of period costs against landing on a note.
    static let tightness = 100.0

    public static func track(_ onsets: [PulseOnset], settings: PulseSettings) throws(SettingError) -> Pulse {
        let notes = onsets.sorted { $0.time < $1.time }
        let shortest = 60 / settings.bpmRange.upperBound
        let longest = 60 / settings.bpmRange.lowerBound
        guard notes.count >= 8 else {
            throw noPulse("\(notes.count) note\(notes.count == 1 ? "" : "s") cannot carry a pulse; free time needs at least 8")
        }
        let span = notes[notes.count - 1].time - notes[0].time
        guard span >= 4 * shortest else {
            throw noPulse(String(format: "the notes span %.2f s, too short to carry a pulse (at least four beats)", span))
        }
        let (period, level) = try beatPeriod(notes, settings: settings, shortest: shortest, longest: longest)
        let first = notes[0].time, last = notes[notes.count - 1].time
        let envelope = Envelope(notes, from: first - 2 * step, to: last + 2 * step)
        let local = LocalPeriod(notes, around: period, settings: settings)
        let followed = envelope.beats { index in local.period(at: envelope.time(ofStep: index)) / step }
        guard followed.count >= 4 else {
            throw noPulse("no beat holds through the take: the notes do not repeat at any one period")
        }
        let times = followed.map { envelope.time(ofStep: $0) }
        let fit = PulseFit(notes: notes, roughBeats: times, beatDivision: settings.beatDivision)
        return Pulse(fit: fit, notes: notes, settings: settings, level: level)
    }

    /// Why `track` finds no pulse, in the words every command says it.
    static func noPulse(_ reason: String) -> SettingError {
        SettingError("no pulse to score against: \(reason)")
    }

    /// The beat's period in seconds, and why that level was chosen.
    static func beatPeriod(
        _ notes: [PulseOnset], settings: PulseSettings, shortest: Double, longest: Double
    ) throws(SettingError) -> (Double, String) {
        let lags = LagHistogram(notes, longest: 2 * longest)
        func prior(_ period: Double) -> Double {
            let octaves = log2(60 / period / PulseSettings.typicalBPM)
            return exp(-0.5 * octaves * octaves)
        }
        let best = lags.strongest(from: shortest, through: longest, division: settings.beatDivision, weight: prior)
        guard let best else {
            throw noPulse("the notes do not repeat at any period between \(Int(shortest * 1000)) and \(Int(longest * 1000)) ms")
        }
        let peak = lags.peak(near: best.period)
        let bpm = 60 / peak
        var others: [String] = []
        let division = Double(settings.beatDivision)
        for (factor, name) in [(2.0, "half"), (0.5, "double")] + (division == 2 ? [] : [(division, "a beat of \(settings.beatDivision)")]) {
            let other = peak * factor
            guard other >= shortest * 0.999, other <= longest * 1.001 else { continue }
            others.append(String(format: "%.0f BPM (%@)", 60 / other, name))
        }
        var why = String(format: "%.1f BPM: the notes repeat most strongly at that beat", bpm)
        if !others.isEmpty { why += "; chosen over " + others.joined(separator: " and ") + " as the metre's beat nearer a typical tempo" }
        return (peak, why)
    }
}

/// How often two notes lie a given lag apart, weighted by both notes'
/// weights and smoothed by a 12 ms kernel.
struct LagHistogram {
    static let bin = 0.002
    static let smoothing = 0.012
    var counts: [Double]

    init(_ notes: [PulseOnset], longest: Double) {
        let bins = Int(longest / Self.bin) + 8
        var raw = [Double](repeating: 0, count: bins)
        for i in notes.indices {
            var j = i + 1
            while j < notes.count, notes[j].time - notes[i].time < longest {
                let index = Int(((notes[j].time - notes[i].time) / Self.bin).rounded())
                if index < bins { raw[index] += notes[i].weight * notes[j].weight }
                j += 1
            }
        }
        let reach = Int(3 * Self.smoothing / Self.bin)
        var kernel: [Double] = []
        for k in -reach...reach {
            let x = Double(k) * Self.bin / Self.smoothing
            kernel.append(exp(-0.5 * x * x))
        }
        counts = [Double](repeating: 0, count: bins)
        for index in raw.indices where raw[index] > 0 {
            for k in -reach...reach where index + k >= 0 && index + k < bins {
                counts[index + k] += raw[index] * kernel[k + reach]
            }
        }
    }

    func value(at lag: Double) -> Double {
        let position = lag / Self.bin
        let index = Int(position)
        guard index >= 0, index + 1 < counts.count else { return 0 }
        let fraction = position - Double(index)
        return counts[index] * (1 - fraction) + counts[index + 1] * fraction
    }

    /// How strongly the notes say `period` is a beat divided in `division`:
    /// a beat's period repeats at twice its length, and its notes fall on its
    /// divisions, so both count toward it.
    func strength(_ period: Double, division: Int) -> Double {
        value(at: period) + 0.5 * value(at: 2 * period) + 0.5 * value(at: period / Double(division))
    }

    /// The period from `low` through `high`, in 1 ms steps, with the greatest
    /// `strength` times `weight`, and that score; nil when none scores above 0.
    func strongest(
        from low: Double, through high: Double, division: Int, weight: (Double) -> Double = { _ in 1 }
    ) -> (period: Double, score: Double)? {
        var best: (period: Double, score: Double)?
        var period = low
        while period <= high {
            let score = strength(period, division: division) * weight(period)
            if score > (best?.score ?? 0) { best = (period, score) }
            period += 0.001
        }
        return best
    }

    /// The top of the peak within 10 % of `lag`, to a fraction of a bin.
    func peak(near lag: Double) -> Double {
        let low = max(1, Int(lag * 0.9 / Self.bin)), high = min(counts.count - 2, Int(lag * 1.1 / Self.bin) + 1)
        guard low < high else { return lag }
        var top = low
        for index in low...high where counts[index] > counts[top] { top = index }
        let (a, b, c) = (counts[top - 1], counts[top], counts[top + 1])
        let curvature = a - 2 * b + c
        let shift = curvature < 0 ? 0.5 * (a - c) / curvature : 0
        return (Double(top) + max(-0.5, min(0.5, shift))) * Self.bin
    }
}

/// The notes as a curve in 5 ms steps (a 10 ms bump at each note, as high
/// as its weight), and the dynamic programme over it.
struct Envelope {
    let start: Double
    var values: [Double]

    init(_ notes: [PulseOnset], from start: Double, to end: Double) {
        self.start = start
        let count = max(1, Int((end - start) / PulseTracker.step) + 1)
        values = [Double](repeating: 0, count: count)
        let width = 0.010
        let reach = Int(3 * width / PulseTracker.step) + 1
        for note in notes {
            let center = (note.time - start) / PulseTracker.step
            let nearest = Int(center.rounded())
            for index in max(0, nearest - reach)...min(count - 1, nearest + reach) {
                let x = (Double(index) - center) * PulseTracker.step / width
                values[index] += note.weight * exp(-0.5 * x * x)
            }
        }
        let mean = values.reduce(0, +) / Double(count)
        let deviation = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(count)).squareRoot()
        if deviation > 0 { values = values.map { $0 / deviation } }
    }

    func time(ofStep index: Int) -> Double { start + Double(index) * PulseTracker.step }

    /// The steps of the best beat sequence when the period at each step is
    /// `period(step)` steps: each beat's score is the curve under it plus
    /// the best previous beat's, less the squared log of how far their
    /// distance is from the period.
    func beats(period: (Int) -> Double) -> [Int] {
        let count = values.count
        var score = [Double](repeating: 0, count: count)
        var previous = [Int](repeating: -1, count: count)
        for index in 0..<count {
            let expected = period(index)
            let nearest = index - Int((2 * expected).rounded(.up))
            let farthest = index - Int((expected / 2).rounded(.down))
            var best = 0.0
            var from = -1
            if farthest >= 0 {
                for candidate in max(0, nearest)...farthest {
                    let ratio = log(Double(index - candidate) / expected)
                    let value = score[candidate] - PulseTracker.tightness * ratio * ratio
                    if value > best {
                        best = value
                        from = candidate
                    }
                }
            }
            score[index] = values[index] + best
            previous[index] = from
        }
        // The last beat: the best score within a period of the end.
        let tail = max(0, count - 1 - Int(period(count - 1).rounded()))
        var last = tail
        for index in tail..<count where score[index] > score[last] { last = index }
        var chain: [Int] = []
        var index = last
        while index >= 0 {
            chain.append(index)
            index = previous[index]
        }
        return chain.reversed()
    }
}

/// The beat's period as it changes through the take: in windows of 8 s
/// every 2 s, the period the notes repeat at most strongly within a third
/// of the take's own (so the level never jumps to half or double),
/// smoothed by the median of three windows.
struct LocalPeriod {
    static let window = 8.0
    static let hop = 2.0
    var centres: [Double] = []
    var periods: [Double] = []

    init(_ notes: [PulseOnset], around period: Double, settings: PulseSettings) {
        let first = notes[0].time, last = notes[notes.count - 1].time
        var raw: [Double] = []
        var centre = first + Self.window / 2
        var low = 0
        repeat {
            let from = centre - Self.window / 2, to = centre + Self.window / 2
            while low < notes.count, notes[low].time < from { low += 1 }
            var high = low
            while high < notes.count, notes[high].time < to { high += 1 }
            let lags = LagHistogram(Array(notes[low..<high]), longest: 2 * period * 1.5)
            let best = lags.strongest(from: period / 1.5, through: period * 1.5, division: settings.beatDivision)
            raw.append(best.map { lags.peak(near: $0.period) } ?? period)
            centres.append(centre)
            centre += Self.hop
        } while centre - Self.window / 2 < last - Self.hop
        periods = raw.indices.map { index in
            let around = raw[max(0, index - 1)...min(raw.count - 1, index + 1)].sorted()
            return around[around.count / 2]
        }
    }

    func period(at time: Double) -> Double {
        guard let first = centres.first, let last = centres.last else { return 0.5 }
        if time <= first { return periods[0] }
        if time >= last { return periods[periods.count - 1] }
        var low = 0, high = centres.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if centres[middle] <= time { low = middle } else { high = middle }
        }
        let fraction = (time - centres[low]) / (centres[high] - centres[low])
        return periods[low] + (periods[high] - periods[low]) * fraction
    }
}
