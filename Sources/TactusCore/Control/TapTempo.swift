/// Tap tempo from pedal or key taps stamped in absolute frames.
///
/// The rules, with the default options:
/// - The tempo comes from the last 4 accepted intervals. Their running median
///   is the reference for rejecting outliers; the tempo itself is the
///   least-squares slope of tap frame against beat number over the taps those
///   intervals join (runs broken by a dropped interval are fitted with a common
///   slope). Human jitter is spread evenly over the taps, so the fitted slope
///   is steadier than the median or the mean of the intervals (see
///   `TapTempoStudy`), while the median keeps single bad taps out.
/// - An interval more than 25 % away from the running median is an outlier and
///   is left out, but its tap starts the next interval (a missed tap costs one
///   interval). Two outliers in a row that agree within 25 % mean the player
///   changed tempo: the run restarts from those two intervals.
/// - An interval shorter than one beat at 400 BPM is a switch bounce and the
///   tap is ignored. A pause longer than 2 s or 2.5 current beats (whichever is
///   longer; 3 s, one beat at 20 BPM, before the first interval) or longer than
///   one beat at 20 BPM starts a new run with that tap.
/// - With a reference tempo, a tapped tempo within 8 % of half or double the
///   reference snaps to exactly that half or double.
/// - Tap-and-go: on the 4th counted tap the reading carries the frame of the
///   next beat: last tap plus one tapped beat (before any snap).
public struct TapTempo: Hashable, Sendable {
    /// One accepted interval between two taps.
    struct Interval: Hashable, Sendable {
        var start: Int64
        var end: Int64
        var frames: Int64 { end - start }
    }

    public let sampleRate: Int
    public var options: Options
    /// The tempo to snap half or double time to (usually the one playing).
    public var reference: Tempo?

    private var lastTap: Int64?
    private var intervals: [Interval] = []
    private var pendingOutlier: Interval?
    private var taps = 0
    private var hasGone = false

    public init(sampleRate: Int, options: Options = Options(), reference: Tempo? = nil) {
        self.sampleRate = sampleRate
        self.options = options
        self.reference = reference
    }

    /// Frames of one beat at 400 BPM: shorter intervals are bounces.
    public var shortestInterval: Int64 { framesPerBeat(atMilliBPM: Tempo.allowed.upperBound.milliBPM) }
    /// Frames of one beat at 20 BPM: longer pauses start a new run.
    public var longestInterval: Int64 { framesPerBeat(atMilliBPM: Tempo.allowed.lowerBound.milliBPM) }

    private func framesPerBeat(atMilliBPM milliBPM: Int64) -> Int64 {
        (Int64(sampleRate) * 60_000 + milliBPM / 2) / milliBPM
    }

    /// Counted taps in the current run.
    public var tapCount: Int { taps }

    /// The pause (in frames) after which the next tap starts a new run.
    public var timeoutFrames: Int64 {
        guard let median = medianInterval else { return longestInterval }
        let byClock = options.timeoutSeconds * Double(sampleRate)
        return Int64(max(byClock, options.timeoutBeats * median).rounded())
    }

    /// Whether a tap at `frame` would start a new run (for clearing a display).
    public func hasTimedOut(at frame: Int64) -> Bool {
        guard let lastTap else { return true }
        return frame - lastTap > timeoutFrames
    }

    /// Forgets the current run.
    public mutating func reset() {
        lastTap = nil
        intervals = []
        pendingOutlier = nil
        taps = 0
        hasGone = false
    }

    /// Takes one tap at absolute frame `frame`.
    public mutating func tap(at frame: Int64) -> TapReading {
        // A frame before the last tap means the clock was restarted.
        guard let last = lastTap, frame >= last, !frame.subtractingReportingOverflow(last).overflow else {
            return start(at: frame)
        }
        let interval = Interval(start: last, end: frame)
        if interval.frames > timeoutFrames || interval.frames > longestInterval { return start(at: frame) }
        if interval.frames < shortestInterval { return reading(.bounce) }
        guard let median = medianInterval else { return accept(interval) }
        let tolerance = options.outlierTolerance
        if abs(Double(interval.frames) - median) <= tolerance * median { return accept(interval) }
        lastTap = frame
        if let pending = pendingOutlier,
           abs(Double(interval.frames - pending.frames)) <= tolerance * Double(pending.frames) {
            intervals = [pending, interval]
            pendingOutlier = nil
            taps = 3
            return reading(.tempoChanged)
        }
        pendingOutlier = interval
        return reading(.outlier)
    }

    private mutating func start(at frame: Int64) -> TapReading {
        reset()
        lastTap = frame
        taps = 1
        return reading(.started)
    }

    private mutating func accept(_ interval: Interval) -> TapReading {
        intervals.append(interval)
        if intervals.count > max(1, options.window) { intervals.removeFirst(intervals.count - max(1, options.window)) }
        pendingOutlier = nil
        lastTap = interval.end
        taps += 1
        return reading(.accepted)
    }

    private mutating func reading(_ outcome: TapReading.Outcome) -> TapReading {
        var result = TapReading(outcome: outcome, taps: taps, tapsToGo: options.tapsToGo)
        guard let beat = fittedInterval else { return result }
        var milliBPM = Int64((Double(sampleRate) * 60_000 / beat).rounded())
        milliBPM = min(max(milliBPM, Tempo.allowed.lowerBound.milliBPM), Tempo.allowed.upperBound.milliBPM)
        var tempo = Tempo(milliBPM: milliBPM)
        if let snapTolerance = options.snapTolerance, let reference, Tempo.allowed.contains(reference) {
            for target in [Tempo(milliBPM: (reference.milliBPM + 1) / 2), Tempo(milliBPM: reference.milliBPM * 2)]
            where Tempo.allowed.contains(target)
                && abs(Double(tempo.milliBPM - target.milliBPM)) <= snapTolerance * Double(target.milliBPM) {
                tempo = target
                result.snapped = true
                break
            }
        }
        result.tempo = tempo
        if options.tapAndGo, !hasGone, taps >= options.tapsToGo, outcome == .accepted || outcome == .tempoChanged,
           let lastTap {
            hasGone = true
            result.startFrame = lastTap + Int64(beat.rounded())
        }
        return result
    }

    /// Median of the accepted intervals in the window, in frames.
    var medianInterval: Double? {
        OrderStatistics.median(intervals.map { Double($0.frames) })
    }

    /// Least-squares frames per beat over the window's taps, a common slope
    /// across runs of consecutive intervals.
    var fittedInterval: Double? {
        guard let origin = intervals.first?.start else { return nil }
        var sumXX = 0.0
        var sumXY = 0.0
        var chain: [Double] = []
        func close(_ chain: [Double]) {
            guard chain.count > 1 else { return }
            let meanX = Double(chain.count - 1) / 2
            let meanY = chain.reduce(0, +) / Double(chain.count)
            for (x, y) in chain.enumerated() {
                sumXX += (Double(x) - meanX) * (Double(x) - meanX)
                sumXY += (Double(x) - meanX) * (y - meanY)
            }
        }
        var previousEnd: Int64?
        for interval in intervals {
            if interval.start != previousEnd {
                close(chain)
                chain = [Double(interval.start - origin)]
            }
            chain.append(Double(interval.end - origin))
            previousEnd = interval.end
        }
        close(chain)
        return sumXX > 0 ? sumXY / sumXX : nil
    }
}
