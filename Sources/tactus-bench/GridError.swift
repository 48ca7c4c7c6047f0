/// How far measured event frames lie from an ideal grid, in frames
/// (measured minus ideal: positive is late).
struct GridError {
    /// Events compared.
    var count = 0
    /// Largest |error|, leaving out the delivery artefacts counted below.
    var maxAbs = 0.0
    /// Largest |error| of all events.
    var rawMaxAbs = 0.0
    /// Error of the last event: the drift accumulated over the run.
    var last = 0.0
    /// Grid positions between the first and last event with no event (skipped cycles, missed clicks).
    var missing = 0
    /// Events off by a whole number of JACK cycles from both neighbours,
    /// which agree with each other: a cycle's buffer stamped with another
    /// cycle's frame time when a process cycle ran late under an xrun.
    var cycleSlips = 0
    /// Onsets found late, exactly at a cycle's first frame, while both
    /// neighbours agree with each other: the click began in a cycle that
    /// never reached the recorder, so only its tail was seen.
    var clippedOnsets = 0

    /// Events lost or disturbed on the way: missing, slipped or clipped.
    var disturbed: Int { missing + cycleSlips + clippedOnsets }

    /// Errors of `frames` against `anchor + n * period` with each event on its
    /// nearest `n` (so a missing event does not shift the rest), in Double:
    /// independent of the integer arithmetic of tactus' timeline. With
    /// `cycle` (frames per JACK cycle), delivery artefacts are counted apart
    /// from `maxAbs`; a lasting offset (drift) never counts as one.
    init(frames: [Int64], anchor: Int64, period: Double, cycle: Int? = nil) {
        var errors: [Double] = []
        var gaps = 0
        var previous: Int64?
        for frame in frames {
            let n = (Double(frame - anchor) / period).rounded()
            errors.append(Double(frame - anchor) - n * period)
            let index = Int64(n)
            if let previous, index > previous + 1 { gaps += Int(index - previous - 1) }
            previous = index
        }
        self.init(errors: errors, frames: frames, cycle: cycle)
        missing = gaps
    }

    /// Errors of `frames` against `ideal(i)` for the i-th event.
    init(frames: [Int64], ideal: (Int) -> Double) {
        self.init(errors: frames.enumerated().map { Double($0.element) - ideal($0.offset) }, frames: frames, cycle: nil)
    }

    /// "12 clicks, last +0.25, 1 missing" and the delivery artefacts, for a
    /// note; with `expected`, "12/13 clicks".
    func describe(_ unit: String, expected: Int? = nil) -> String {
        var text = "\(count)\(expected.map { "/\($0)" } ?? "") \(unit), last \(String(format: "%+.2f", last))"
        if missing > 0 { text += ", \(missing) missing" }
        var artefacts: [String] = []
        if cycleSlips > 0 { artefacts.append("\(cycleSlips) stamped whole cycles off") }
        if clippedOnsets > 0 { artefacts.append("\(clippedOnsets) seen only from a cycle start (onset in a lost cycle)") }
        if !artefacts.isEmpty {
            text += ", " + artefacts.joined(separator: ", ") + " (max with them \(String(format: "%.2f", rawMaxAbs)))"
        }
        return text
    }

    /// Frames within which two errors count as the same.
    static let tolerance = 2.0

    enum Artefact {
        case cycleSlip
        case clippedOnset
    }

    private init(errors: [Double], frames: [Int64], cycle: Int?) {
        count = errors.count
        last = errors.last ?? 0
        for (index, error) in errors.enumerated() {
            rawMaxAbs = max(rawMaxAbs, abs(error))
            switch cycle.flatMap({ Self.artefact(errors, frames, at: index, cycle: $0) }) {
            case .cycleSlip: cycleSlips += 1
            case .clippedOnset: clippedOnsets += 1
            case nil: maxAbs = max(maxAbs, abs(error))
            }
        }
    }

    static func artefact(_ errors: [Double], _ frames: [Int64], at index: Int, cycle: Int) -> Artefact? {
        guard index > 0, index + 1 < errors.count else { return nil }
        let before = errors[index - 1]
        let after = errors[index + 1]
        guard abs(before - after) < tolerance else { return nil }
        let deviation = errors[index] - (before + after) / 2
        guard abs(deviation) >= tolerance else { return nil }
        let cycles = (deviation / Double(cycle)).rounded()
        if cycles != 0, abs(deviation - cycles * Double(cycle)) < tolerance { return .cycleSlip }
        if deviation > 0, frames[index] % Int64(cycle) == 0 { return .clippedOnset }
        return nil
    }
}
