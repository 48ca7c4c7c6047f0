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
/// by Akaike's criterion on the first difference of the signal around the
/// frame: the split into a quieter part before and a louder one after that
/// the two parts' variances explain best. Onsets within `settings.mergeMs`
/// of the stroke before are part of it; an onset that is no transient (its
/// first difference peaks less than `transientRatio` higher after it than
/// before) is none, nor one within `echoMs` of a stroke whose attack it
/// trails by `echoDb` or more (that stroke's echo).
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
    /// How much higher the first difference peaks in the `levelMs` after an
    /// onset than in those before (1.2: 1.6 dB).
    static let transientRatio: Float = 1.2
    /// An onset this soon after a stroke whose attack is `echoDb` or more below it is the
    /// stroke's echo from a wall, not a stroke.
    static let echoMs = 70.0
    static let echoDb = 12.0
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
    /// Frames found to peak, waiting for the samples after them.
    private var pending: [Int64] = []
    private var lastStroke: Int64?
    /// The stroke before's attack: its first difference's peak, dB.
    private var lastAttack = 0.0
    private let echoSamples: Int64
    /// A window's even and odd samples, then its spectrum's bins 0 to windowSize/2.
    private var even: [Float]
    private var odd: [Float]
    private var real: [Float]
    private var imaginary: [Float]
    private var sorted: [Float]
    /// Running sums of the first difference and its square over a refined region.
    private var sums: [Double]
    private var squareSums: [Double]

    /// - Throws: the first setting that cannot be used.
    public init(settings: StrokeDetectorSettings, firstIndex: Int64 = 0) throws(StrokeDetectorError) {
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
        let period = Double(windowSize)
        window = (0..<windowSize).map { (index: Int) -> Float in
            let phase: Double = 2 * Double.pi * (Double(index) + 0.5) / period
            return Float(0.5 - 0.5 * cos(phase))
        }
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
        echoSamples = Int64((Self.echoMs * Double(settings.sampleRate) / 1000).rounded())
        let span = windowSize + 8 * hop + levelSamples
        var size = 1
        while size < 2 * span { size *= 2 }
        history = [Float](repeating: 0, count: size)
        historyMask = size - 1
        let levelHops = (levelSamples + hop - 1) / hop
        maximumDelay = windowSize + (4 + levelHops) * hop
        bandCount = starts.count - 1
        bandHistory = [Float](repeating: Self.floorDb, count: (Self.lag + 1) * bandCount)
        flux = [Float](repeating: 0, count: 64)
        even = [Float](repeating: 0, count: windowSize / 2)
        odd = even
        real = [Float](repeating: 0, count: windowSize / 2 + 1)
        imaginary = real
        sorted = [Float](repeating: 0, count: Self.medianFrames)
        sums = [Double](repeating: 0, count: windowSize + 4 * hop + 1)
        squareSums = sums
    }

    /// The strokes whose onsets the next block completes, in time order.
    public mutating func process(_ samples: some Collection<Float>) -> [DetectedStroke] {
        samples.withContiguousSamples { process($0) }
    }

    /// The strokes whose onsets the next block completes, in time order.
    public mutating func process(_ samples: UnsafeBufferPointer<Float>) -> [DetectedStroke] {
        var strokes: [DetectedStroke] = []
        take(samples, count: samples.count, into: &strokes)
        return strokes
    }

    /// The strokes still waiting for samples after them, as if the stream went
    /// on in silence: call once at its end.
    public mutating func finish() -> [DetectedStroke] {
        processSilence(maximumDelay + hop)
    }

    /// The strokes the next `count` samples of silence complete.
    public mutating func processSilence(_ count: Int) -> [DetectedStroke] {
        var strokes: [DetectedStroke] = []
        take(nil, count: count, into: &strokes)
        return strokes
    }

    /// Takes `count` samples (silence when `samples` is nil) into the
    /// history, a hop's worth at a time, ending each hop as it fills.
    private mutating func take(_ samples: UnsafeBufferPointer<Float>?, count total: Int, into strokes: inout [DetectedStroke]) {
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
    }

    private func sample(at index: Int64) -> Float {
        index < 0 || index >= count || count - index > Int64(history.count) ? 0 : history[Int(index) & historyMask]
    }

    private mutating func endHop(into strokes: inout [DetectedStroke]) {
        let frame = frames
        flux[Int(frame) % flux.count] = frameFlux(endingAt: count)
        frames += 1
        let candidate = frame - Int64(Self.peakFrames)
        if candidate >= 1, isPeak(candidate) { pending.append(candidate) }
        while let first = pending.first, count >= Self.regionEnd(first, hop: hop) + Int64(levelSamples) {
            pending.removeFirst()
            if let stroke = refine(first) { strokes.append(stroke) }
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

    private mutating func isPeak(_ frame: Int64) -> Bool {
        let value = fluxOf(frame)
        for offset in 1...Int64(Self.peakFrames) {
            guard value > fluxOf(frame - offset), value >= fluxOf(frame + offset) else { return false }
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
        return value >= median + rise
    }

    /// The first sample after the region an onset of `frame` is looked for in.
    private static func regionEnd(_ frame: Int64, hop: Int) -> Int64 { (frame + 3) * Int64(hop) }

    /// The peak frame's onset on its sample, or nil when it is part of the
    /// stroke before.
    private mutating func refine(_ frame: Int64) -> DetectedStroke? {
        let end = Self.regionEnd(frame, hop: hop)
        var start = end - Int64(windowSize + 4 * hop)
        if let lastStroke { start = max(start, lastStroke + 1) }
        let length = Int(end - start)
        guard length > 32 else { return nil }
        let onset = start + Int64(changePoint(from: start, length: length))
        if let lastStroke, onset - lastStroke < max(mergeSamples, 1) { return nil }
        // A stroke is a transient: its first difference peaks higher just after
        // the onset than just before. An echo of a ringing drum, or a wash's
        // swell, is not.
        var after: Float = 0, before: Float = 0
        for index in 0..<Int64(levelSamples) {
            after = max(after, abs(sample(at: onset + index) - sample(at: onset + index - 1)))
            before = max(before, abs(sample(at: onset - 1 - index) - sample(at: onset - 2 - index)))
        }
        guard after >= before * Self.transientRatio else { return nil }
        var peak: Float = 0
        for index in onset..<(onset + Int64(levelSamples)) { peak = max(peak, abs(sample(at: index))) }
        let level = 20 * log10(Double(max(peak, 1e-6)))
        let attack = 20 * log10(Double(max(after, 1e-9)))
        if let lastStroke, onset - lastStroke < echoSamples, attack < lastAttack - Self.echoDb { return nil }
        lastStroke = onset
        lastAttack = attack
        return DetectedStroke(frame: firstIndex + onset, levelDb: (level * 10).rounded() / 10)
    }

    /// Where the first difference of the `length` samples from `start` splits
    /// best into two parts of different variance (Akaike's criterion).
    private mutating func changePoint(from start: Int64, length: Int) -> Int {
        var sum = 0.0, squares = 0.0
        sums[0] = 0
        squareSums[0] = 0
        for index in 0..<length {
            let at = start + Int64(index)
            let value = Double(sample(at: at)) - Double(sample(at: at - 1))
            sum += value
            squares += value * value
            sums[index + 1] = sum
            squareSums[index + 1] = squares
        }
        let margin = 8
        var best = margin
        var bestScore = Double.infinity
        for split in margin...(length - margin) {
            let k = Double(split), m = Double(length - split)
            let s1 = sums[split], q1 = squareSums[split]
            let s2 = sum - s1, q2 = squares - q1
            let v1 = max(q1 / k - (s1 / k) * (s1 / k), 1e-14)
            let v2 = max(q2 / m - (s2 / m) * (s2 / m), 1e-14)
            let score = k * log(v1) + m * log(v2)
            if score < bestScore {
                bestScore = score
                best = split
            }
        }
        return best
    }
}
