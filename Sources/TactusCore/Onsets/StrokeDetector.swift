import Foundation

/// Finds the strokes in a stream of mono audio (a drum, a plucked string, any
/// struck or picked instrument) and places each on its sample.
///
/// Every `hop` samples the last `windowSize` samples are windowed and
/// transformed, their energy summed into bands a quarter octave wide, and the
/// spectral flux taken: the mean rise in dB per band over the frame before
/// (each band against the loudest of its neighbours there, so a tone that
/// glides is no rise). A frame is a stroke's when its flux is the largest of
/// the two frames either side and stands `settings.riseDb` above the median
/// of the last `medianFrames`: steady noise, a room's tail and a cymbal's
/// wash lift that median with them. The onset is then placed on its sample
/// in what the sound before it does not predict: a linear predictor of
/// `predictionOrder` is fitted to the samples just before the onset can lie,
/// and Akaike's criterion splits its error around the frame into a quieter
/// part before and a louder one after. What was sounding (a string still
/// ringing, a snare's bright tail under a tom, a cymbal's wash) is predicted
/// and drops out of that error; the new stroke is not. Onsets within
/// `settings.mergeMs` of the stroke before are part of it; an onset that is
/// no transient (the RMS of its prediction error less than `transientRatio`
/// higher after it than before) is none. Nor is the echo of a stroke from a
/// wall, within `echoMs` of it: its attack (the first difference's peak)
/// trails the stroke's by `echoDb` or more, or by `reflectionDb` while its
/// prediction error's RMS rises less than `reflectionRatio` times.
///
/// A quiet stroke (a ghost note under a room's tail) lifts the flux less
/// than the rise asks. A peak that stands a fifth of the rise above the
/// median is one only where nothing else explains it: `echoMs` or more
/// after the stroke before, its attack less than `quietBelowDb` under the
/// last loud stroke's (a room's late returns and the noise floor are
/// quieter; before the first loud stroke there is none), sharper than the
/// sound in the `levelMs` before it (`quietAttackRatio`), and its
/// prediction error's RMS `quietRatio` times higher after it than before.
///
/// Audio may be fed in blocks of any size: all work happens at hop
/// boundaries on absolute sample indices, so the strokes are the same as for
/// the whole stream at once. A stroke is reported at most `maximumDelay`
/// samples after its onset sample.
public struct StrokeDetector: Sendable {
    public let settings: StrokeDetectorSettings
    /// Samples between two spectra: 128 at 44.1 and 48 kHz.
    public let hop: Int
    /// Samples in a spectrum: 4 hops.
    public let windowSize: Int
    /// Samples from a stroke's onset to the end of the block that reports it, at most.
    public let maximumDelay: Int
    /// Index of the stream's first sample.
    public let firstIndex: Int64

    /// Frames whose flux median is the level a stroke must rise above.
    static let medianFrames = 48
    /// Frames between the two spectra compared: the window moves 3 of its 4
    /// hops, so a stroke's whole rise falls between them.
    static let lag = 3
    /// Frames compared on each side of a peak.
    static let peakFrames = 2
    /// How long after its onset a stroke's peak level is measured.
    public static let levelMs = 10.0
    /// How much higher the prediction error's RMS is in the `levelMs` after an
    /// onset than in those before (1.2: 1.6 dB). An RMS over 10 ms hardly
    /// wavers in steady noise, where a peak would.
    static let transientRatio: Float = 1.2
    /// An onset this soon after a stroke whose attack is `echoDb` or more below it is the
    /// stroke's echo from a wall, not a stroke.
    static let echoMs = 90.0
    static let echoDb = 12.0
    /// So is one `reflectionDb` or more below it whose prediction error rises
    /// less than `reflectionRatio` times (8 dB): a room's returns come back on
    /// top of the stroke still sounding, which a stroke of its own (even a
    /// low tom under a snare's bright tail) rises well out of.
    static let reflectionDb = 6.0
    static let reflectionRatio: Float = 2.5
    /// A quiet peak's flux must stand this fraction of the rise above the median.
    static let quietRiseFraction: Float = 0.2
    /// A quiet stroke's prediction error rises at least this many times (1 dB).
    static let quietRatio: Float = 1.122
    /// Its attack is at least this many times the sound's before it (0.5 dB).
    static let quietAttackRatio: Float = 1.059
    /// A quiet onset whose attack is this far or more under the last loud
    /// stroke's is that stroke's room, or the noise floor.
    static let quietBelowDb = 20.0
    /// Coefficients of the predictor, fitted to the `2 × windowSize` samples before
    /// the earliest sample an onset is looked for on.
    static let predictionOrder = 16
    /// Bands start here: a room's modes and a bass note's beating below it are no strokes.
    static let lowestHz = 120.0
    /// Band energies below this (dB relative to a full-scale sine) count as this.
    static let floorDb: Float = -90

    private let transform: RealFourierTransform
    private let window: [Float]
    /// Band b holds bins bandStarts[b]..<bandStarts[b + 1].
    private let bandStarts: [Int]
    private let bandWeights: [Float]
    private let weightSum: Float
    private let normalisation: Float
    private let levelSamples: Int
    private let mergeSamples: Int64
    private let rise: Float
    private let quietRise: Float

    private var history: [Float]
    private let historyMask: Int
    /// Samples taken so far.
    private var count: Int64 = 0
    /// Band levels of the last `lag` + 1 frames, dB, frame by frame modulo `lag` + 1.
    private var bandHistory: [Float]
    private let bandCount: Int
    /// Flux of recent frames, by frame number modulo its size.
    private var flux: [Float]
    private var frames: Int64 = 0
    /// Frames found to peak, waiting for the samples after them; quiet
    /// ones stood only a fifth of the rise above the median.
    private var pending: [(frame: Int64, quiet: Bool)] = []
    private var lastStroke: Int64?
    /// The stroke before's attack: its first difference's peak, dB.
    private var lastAttack = 0.0
    /// The attack of the last stroke that stood the whole rise out; none
    /// before the first, and no quiet stroke comes before one.
    private var lastLoudAttack: Double?
    private let echoSamples: Int64
    /// A window's even and odd samples, then its spectrum's bins 0 to windowSize/2.
    private var even: [Float]
    private var odd: [Float]
    private var real: [Float]
    private var imaginary: [Float]
    private var sorted: [Float]
    /// Running sums of the prediction error and its square over a refined region.
    private var sums: [Double]
    private var squareSums: [Double]
    /// The samples a predictor is fitted to, through `fitWindow`; their
    /// autocorrelation; the predictor's coefficients (the first is 1) and the
    /// Levinson recursion's previous ones.
    private let fitWindow: [Double]
    private var fitted: [Double]
    private var autocorrelation: [Double]
    private var coefficients: [Double]
    private var previousCoefficients: [Double]
    /// The samples `predictErrors` reads, from `predictionOrder` before the first error on.
    private var predicted: [Double]
    /// The prediction error from `levelSamples` before a refined region to twice that after it
    /// (a quiet stroke's onset is looked for up to `levelSamples` past the region).
    private var errors: [Float]

    /// - Throws: the first setting that cannot be used.
    public init(settings: StrokeDetectorSettings, firstIndex: Int64 = 0) throws(SettingError) {
        try settings.validate()
        self.init(validated: settings, firstIndex: firstIndex)
    }

    /// A detector like this one, on a stream whose first sample is `firstIndex`.
    public func restarted(at firstIndex: Int64) -> StrokeDetector {
        StrokeDetector(validated: settings, firstIndex: firstIndex)
    }

    private init(validated settings: StrokeDetectorSettings, firstIndex: Int64) {
        self.settings = settings
        self.firstIndex = firstIndex
        var hop = 32
        while hop * 2 <= settings.sampleRate / 340 { hop *= 2 }
        self.hop = hop
        windowSize = 4 * hop
        transform = RealFourierTransform(size: windowSize)
        window = Self.hann(windowSize).map { Float($0) }
        let binHz = Double(settings.sampleRate) / Double(windowSize)
        var starts: [Int] = []
        var edge = Self.lowestHz
        let top = min(16_000, Double(settings.sampleRate) / 2)
        while edge < top {
            let bin = max(1, Int((edge / binHz).rounded()))
            if starts.last.map({ bin > $0 }) ?? true { starts.append(bin) }
            edge *= pow(2, 0.25)
        }
        starts.append(max(starts.last! + 1, min(windowSize / 2, Int((top / binHz).rounded()))))
        bandStarts = starts
        // A band's level wavers less the more bins it sums: its rise weighs
        // with the square root of its bins.
        bandWeights = (0..<(starts.count - 1)).map { (band: Int) -> Float in
            Float(Double(starts[band + 1] - starts[band]).squareRoot())
        }
        weightSum = bandWeights.reduce(0, +)
        // A full-scale sine through the Hann window peaks at windowSize/4.
        normalisation = 1 / Float(windowSize * windowSize / 16)
        levelSamples = Int((Self.levelMs * Double(settings.sampleRate) / 1000).rounded(.up))
        mergeSamples = Int64((settings.mergeMs * Double(settings.sampleRate) / 1000).rounded())
        rise = Float(settings.riseDb)
        quietRise = rise * Self.quietRiseFraction
        echoSamples = Int64((Self.echoMs * Double(settings.sampleRate) / 1000).rounded())
        // A refinement reaches back from the newest sample over the region
        // (8 hops), the samples after it, the predictor's fit (up to 6.5 hops
        // before the region's end plus two windows) and its order.
        let span = 2 * windowSize + 16 * hop + 2 * levelSamples + Self.predictionOrder
        var size = 1
        while size < 2 * span { size *= 2 }
        history = [Float](repeating: 0, count: size)
        historyMask = size - 1
        let levelHops = (levelSamples + hop - 1) / hop
        maximumDelay = windowSize + (4 + 2 * levelHops) * hop
        bandCount = starts.count - 1
        bandHistory = [Float](repeating: Self.floorDb, count: (Self.lag + 1) * bandCount)
        flux = [Float](repeating: 0, count: 64)
        even = [Float](repeating: 0, count: windowSize / 2)
        odd = even
        real = [Float](repeating: 0, count: windowSize / 2 + 1)
        imaginary = real
        sorted = [Float](repeating: 0, count: Self.medianFrames)
        sums = [Double](repeating: 0, count: windowSize + 4 * hop + levelSamples + 1)
        squareSums = sums
        fitWindow = Self.hann(2 * windowSize)
        fitted = [Double](repeating: 0, count: fitWindow.count)
        autocorrelation = [Double](repeating: 0, count: Self.predictionOrder + 1)
        coefficients = autocorrelation
        previousCoefficients = autocorrelation
        errors = [Float](repeating: 0, count: windowSize + 4 * hop + 3 * levelSamples)
        predicted = [Double](repeating: 0, count: errors.count + Self.predictionOrder)
    }

    /// A Hann window of `length` samples, each taken at its middle.
    private static func hann(_ length: Int) -> [Double] {
        (0..<length).map { (index: Int) -> Double in 0.5 - 0.5 * cos(2 * Double.pi * (Double(index) + 0.5) / Double(length)) }
    }

    /// The strokes whose onsets the next block completes, in time order.
    public mutating func process(_ samples: some Collection<Float>) -> [DetectedStroke] {
        samples.withContiguousSamples { process($0) }
    }

    /// The strokes whose onsets the next block completes, in time order.
    public mutating func process(_ samples: UnsafeBufferPointer<Float>) -> [DetectedStroke] {
        take(samples, count: samples.count)
    }

    /// The strokes still waiting for samples after them, as if the stream went
    /// on in silence: call once at its end.
    public mutating func finish() -> [DetectedStroke] {
        processSilence(maximumDelay + hop)
    }

    /// The strokes the next `count` samples of silence complete.
    public mutating func processSilence(_ count: Int) -> [DetectedStroke] {
        take(nil, count: count)
    }

    /// Takes `count` samples (silence when `samples` is nil) into the
    /// history, a hop's worth at a time, ending each hop as it fills; the strokes those hops complete.
    private mutating func take(_ samples: UnsafeBufferPointer<Float>?, count total: Int) -> [DetectedStroke] {
        var strokes: [DetectedStroke] = []
        var taken = 0
        while taken < total {
            let toHopEnd = hop - Int(count % Int64(hop))
            let chunk = min(toHopEnd, total - taken)
            let mask = historyMask
            let at = Int(count & Int64(mask))
            history.withUnsafeMutableBufferPointer { ring in
                if let samples {
                    for offset in 0..<chunk {
                        let sample = samples[taken + offset]
                        ring[(at + offset) & mask] = sample.isFinite ? sample : 0
                    }
                } else {
                    for offset in 0..<chunk { ring[(at + offset) & mask] = 0 }
                }
            }
            taken += chunk
            count += Int64(chunk)
            if chunk == toHopEnd { endHop(into: &strokes) }
        }
        return strokes
    }

    private func sample(at index: Int64) -> Float {
        index < 0 || index >= count || count - index > Int64(history.count) ? 0 : history[Int(index) & historyMask]
    }

    /// `sample(at:)` of the history `ring` after `taken` samples, for loops that hold the ring.
    private static func sample(at index: Int64, in ring: UnsafeBufferPointer<Float>, mask: Int, taken: Int64) -> Float {
        index < 0 || index >= taken || taken - index > Int64(ring.count) ? 0 : ring[Int(index) & mask]
    }

    private mutating func endHop(into strokes: inout [DetectedStroke]) {
        let frame = frames
        flux[Int(frame) % flux.count] = frameFlux(endingAt: count)
        frames += 1
        let candidate = frame - Int64(Self.peakFrames)
        if candidate >= 1, let quiet = peak(candidate) { pending.append((candidate, quiet)) }
        while let first = pending.first, count >= Self.regionEnd(first.frame, hop: hop) + Int64(2 * levelSamples) {
            pending.removeFirst()
            if let stroke = refine(first.frame, quiet: first.quiet) { strokes.append(stroke) }
        }
    }

    /// The flux of the frame of `windowSize` samples ending before `end`.
    private mutating func frameFlux(endingAt end: Int64) -> Float {
        let start = end - Int64(windowSize)
        let halfWindow = windowSize / 2
        // The window lies within the history, which holds more than twice a
        // window. The first windows reach back before the stream: that part
        // of the ring was never written and holds zeros, the silence
        // `sample(at:)` gives before the stream.
        let mask = historyMask
        let first = Int(start & Int64(mask))
        history.withUnsafeBufferPointer { ring in
            window.withUnsafeBufferPointer { weights in
                even.withUnsafeMutableBufferPointer { even in
                    odd.withUnsafeMutableBufferPointer { odd in
                        for pair in 0..<halfWindow {
                            let index = 2 * pair
                            even[pair] = ring[(first + index) & mask] * weights[index]
                            odd[pair] = ring[(first + index + 1) & mask] * weights[index + 1]
                        }
                    }
                }
            }
        }
        even.withUnsafeMutableBufferPointer { even in
            odd.withUnsafeMutableBufferPointer { odd in
                real.withUnsafeMutableBufferPointer { re in
                    imaginary.withUnsafeMutableBufferPointer { im in transform.forward(even: even, odd: odd, real: re, imaginary: im) }
                }
            }
        }
        let current = Int(frames % Int64(Self.lag + 1)) * bandCount
        let previous = Int((frames + 1) % Int64(Self.lag + 1)) * bandCount
        for band in 0..<bandCount {
            var energy: Float = 0
            for bin in bandStarts[band]..<bandStarts[band + 1] {
                energy += real[bin] * real[bin] + imaginary[bin] * imaginary[bin]
            }
            bandHistory[current + band] = max(Self.floorDb, 10 * log10(energy * normalisation + 1e-12))
        }
        var sum: Float = 0
        let last = bandCount - 1
        for band in 0...last {
            let before = max(bandHistory[previous + max(band - 1, 0)], bandHistory[previous + band], bandHistory[previous + min(band + 1, last)])
            sum += bandWeights[band] * max(0, bandHistory[current + band] - before)
        }
        // The first windows reach back before the stream: its start is no stroke.
        return end < Int64(windowSize + Self.lag * hop) ? 0 : sum / weightSum
    }

    private func fluxOf(_ frame: Int64) -> Float { frame < 0 ? 0 : flux[Int(frame) % flux.count] }

    /// Whether `frame`'s flux peaks: false when it stands the rise above the
    /// recent median, true when only a fifth of it (quiet), nil when not.
    private mutating func peak(_ frame: Int64) -> Bool? {
        let value = fluxOf(frame)
        for offset in 1...Int64(Self.peakFrames) {
            guard value > fluxOf(frame - offset), value >= fluxOf(frame + offset) else { return nil }
        }
        let available = Int(min(Int64(Self.medianFrames), frame))
        for index in 0..<available { sorted[index] = fluxOf(frame - 1 - Int64(index)) }
        let median: Float
        if available == 0 {
            median = 0
        } else {
            sorted[0..<available].sort()
            median = sorted[available / 2]
        }
        if value >= median + rise { return false }
        return value >= median + quietRise && quietRise < rise ? true : nil
    }

    /// The first sample after the region an onset of `frame` is looked for in.
    private static func regionEnd(_ frame: Int64, hop: Int) -> Int64 { (frame + 3) * Int64(hop) }

    /// The peak frame's onset on its sample, or nil when it is part of the
    /// stroke before, no transient, or its echo; a quiet peak's onset must
    /// also be the quiet stroke the type's notes describe.
    private mutating func refine(_ frame: Int64, quiet: Bool) -> DetectedStroke? {
        let end = Self.regionEnd(frame, hop: hop)
        var start = end - Int64(windowSize + 4 * hop)
        if let lastStroke { start = max(start, lastStroke + 1) }
        // The frame's flux rose as the onset came into the newest part of its
        // window: from 3.5 hops before the frame's first sample to that sample.
        let margin: Int64 = 8
        let earliest = max(start + margin, frame * Int64(hop) - Int64(7 * hop / 2))
        let latest = min(end - margin, frame * Int64(hop))
        guard earliest <= latest else { return nil }
        if quiet, !mayBeQuietStroke(from: earliest, to: end) { return nil }
        let errorsStart = start - Int64(levelSamples)
        predictErrors(from: errorsStart, fittedBefore: earliest)
        // A quiet peak's change is looked for up to the region's end, with
        // the `levelMs` after that in view: noise can peak a frame or two
        // before a quiet stroke's own frame, which may not stand out at all.
        // A change found at the end of that span lies beyond it.
        let searchEnd = quiet ? end + Int64(levelSamples) : end
        let lastSplit = quiet ? end - margin : latest
        let onset = changePoint(from: start, to: searchEnd, errorsStart: errorsStart, splits: earliest...lastSplit)
        if quiet, onset >= lastSplit - margin { return nil }
        if let lastStroke, onset - lastStroke < max(mergeSamples, 1) { return nil }
        // A stroke is a transient: the sound before does not predict it. The
        // swell of a wash, a drum's ringing or a string's is predicted; a low
        // tom under a snare's bright tail is not.
        var squaresAfter: Float = 0, squaresBefore: Float = 0
        errors.withUnsafeBufferPointer { errors in
            let at = Int(onset - errorsStart)
            for index in 0..<levelSamples {
                squaresAfter += errors[at + index] * errors[at + index]
                squaresBefore += errors[at - 1 - index] * errors[at - 1 - index]
            }
        }
        let ratio = quiet ? Self.quietRatio : Self.transientRatio
        guard squaresAfter >= squaresBefore * ratio * ratio else { return nil }
        var after: Float = 0, before: Float = 0, peak: Float = 0
        for index in 0..<Int64(levelSamples) {
            after = max(after, abs(sample(at: onset + index) - sample(at: onset + index - 1)))
            before = max(before, abs(sample(at: onset - 1 - index) - sample(at: onset - 2 - index)))
            peak = max(peak, abs(sample(at: onset + index)))
        }
        let level = 20 * log10(Double(max(peak, 1e-6)))
        let attack = 20 * log10(Double(max(after, 1e-9)))
        if let lastStroke, onset - lastStroke < echoSamples, quiet || attack < lastAttack - Self.echoDb
            || (attack < lastAttack - Self.reflectionDb && squaresAfter < squaresBefore * Self.reflectionRatio * Self.reflectionRatio) {
            return nil
        }
        if quiet, after < before * Self.quietAttackRatio || attack < (lastLoudAttack ?? .infinity) - Self.quietBelowDb {
            return nil
        }
        lastStroke = onset
        lastAttack = attack
        if !quiet { lastLoudAttack = attack }
        return DetectedStroke(frame: firstIndex + onset, levelDb: (level * 10).rounded() / 10)
    }

    /// Whether a quiet stroke can begin between `earliest` and `end` at
    /// all, before its onset is looked for: there is a loud stroke before
    /// it, `echoMs` lies behind the stroke before by the span's end, and the
    /// span's sharpest attack (with the `levelMs` after it) comes within
    /// `quietBelowDb` of the last loud stroke's. Most quiet peaks are a
    /// room's tail or the noise floor, and fail here for a few thousand
    /// comparisons instead of a predictor's fit.
    private func mayBeQuietStroke(from earliest: Int64, to end: Int64) -> Bool {
        guard let lastLoudAttack else { return false }
        // Onsets are looked for up to `levelMs` past `end`, attacks measured over the `levelMs` after them.
        let lastOnset = end + Int64(levelSamples)
        if let lastStroke, lastOnset - lastStroke < echoSamples { return false }
        var sharpest: Float = 0
        for index in earliest..<(lastOnset + Int64(levelSamples)) {
            sharpest = max(sharpest, abs(sample(at: index) - sample(at: index - 1)))
        }
        return 20 * log10(Double(max(sharpest, 1e-9))) >= lastLoudAttack - Self.quietBelowDb
    }

    /// Fits a linear predictor to the samples before `fitEnd` (the
    /// autocorrelation method through a Hann window, Levinson's recursion)
    /// and fills `errors` with its error from `first` on.
    private mutating func predictErrors(from first: Int64, fittedBefore fitEnd: Int64) {
        let order = Self.predictionOrder
        let fitStart = fitEnd - Int64(fitted.count)
        let taken = count, mask = historyMask
        fitted.withUnsafeMutableBufferPointer { fitted in
            history.withUnsafeBufferPointer { ring in
                fitWindow.withUnsafeBufferPointer { window in
                    for index in 0..<fitted.count {
                        fitted[index] = Double(Self.sample(at: fitStart + Int64(index), in: ring, mask: mask, taken: taken)) * window[index]
                    }
                }
            }
            autocorrelation.withUnsafeMutableBufferPointer { autocorrelation in
                for lag in 0...order {
                    var sum = 0.0
                    for index in lag..<fitted.count { sum += fitted[index] * fitted[index - lag] }
                    autocorrelation[lag] = sum
                }
            }
        }
        // A floor 40 dB under the signal keeps the predictor stable on pure
        // tones; silence leaves it at 1, 0, 0 …: the error is the signal.
        autocorrelation[0] = autocorrelation[0] * (1 + 1e-4) + 1e-18
        for index in 0...order { coefficients[index] = index == 0 ? 1 : 0 }
        var power = autocorrelation[0]
        for step in 1...order {
            var sum = autocorrelation[step]
            for index in 1..<step { sum += coefficients[index] * autocorrelation[step - index] }
            let reflection = -sum / power
            for index in 1..<step { previousCoefficients[index] = coefficients[index] }
            for index in 1..<step { coefficients[index] = previousCoefficients[index] + reflection * previousCoefficients[step - index] }
            coefficients[step] = reflection
            power *= 1 - reflection * reflection
        }
        // The samples the errors need, each read once: `order` before `first`, then one an error.
        predicted.withUnsafeMutableBufferPointer { predicted in
            history.withUnsafeBufferPointer { ring in
                for index in 0..<predicted.count {
                    predicted[index] = Double(Self.sample(at: first - Int64(order) + Int64(index), in: ring, mask: mask, taken: taken))
                }
            }
            coefficients.withUnsafeBufferPointer { coefficients in
                errors.withUnsafeMutableBufferPointer { errors in
                    for index in 0..<errors.count {
                        var error = predicted[index + order]
                        for lag in 1...order { error += coefficients[lag] * predicted[index + order - lag] }
                        errors[index] = Float(error)
                    }
                }
            }
        }
    }

    /// Where the prediction error from `start` to `end` splits best, among
    /// `splits`, into two parts of different variance (Akaike's criterion).
    private mutating func changePoint(from start: Int64, to end: Int64, errorsStart: Int64, splits: ClosedRange<Int64>) -> Int64 {
        let length = Int(end - start)
        let offset = Int(start - errorsStart)
        var sum = 0.0, squares = 0.0
        var best = splits.lowerBound
        var bestScore = Double.infinity
        errors.withUnsafeBufferPointer { errors in
            sums.withUnsafeMutableBufferPointer { sums in
                squareSums.withUnsafeMutableBufferPointer { squareSums in
                    sums[0] = 0
                    squareSums[0] = 0
                    for index in 0..<length {
                        let value = Double(errors[offset + index])
                        sum += value
                        squares += value * value
                        sums[index + 1] = sum
                        squareSums[index + 1] = squares
                    }
                    for onset in splits {
                        let split = Int(onset - start)
                        let k = Double(split), m = Double(length - split)
                        let s1 = sums[split], q1 = squareSums[split]
                        let s2 = sum - s1, q2 = squares - q1
                        let v1 = max(q1 / k - (s1 / k) * (s1 / k), 1e-14)
                        let v2 = max(q2 / m - (s2 / m) * (s2 / m), 1e-14)
                        let score = k * log(v1) + m * log(v2)
                        if score < bestScore {
                            bestScore = score
                            best = onset
                        }
                    }
                }
            }
        }
        return best
    }
}
