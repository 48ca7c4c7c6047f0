/// The player's pulse followed while they play, for the live view of a take
/// without a click (`run --free`, the muted bars of `--gap`): where their
/// beats fall and the tempo they hold, note by note.
///
/// Each note is placed on the nearest position of the pulse as it stands (a
/// beat divided into `division`, the subdivision scored), and the pulse is
/// the weighted least-squares line of time against position through the
/// notes of the last `window` beats: its slope is the period, so the tempo
/// shown is that of the last bars, not of one interval (in an accelerando it
/// lags the tempo of the moment by half the window). A note on a beat weighs
/// more than one between (1, ½ on the half beat, ¼ elsewhere), each times its
/// own weight (velocity). Beats nobody played are passed over.
///
/// The next note is placed against a pulse anchored halfway between the line
/// and the latest note. On the line alone a step in tempo leaves the next
/// notes a quarter of a beat off before the line turns, and they are placed
/// on the wrong positions (a step from 120 to 150 BPM in quarters is lost in
/// half the takes); on the latest note alone each offset carries that
/// note's error too. Halfway, simulated
/// with a spread of 10 ms and 40 seeds each, follows a step from 120 BPM up
/// to 144 or down to 102 in quarters and eighths at `division` 2 (swung
/// eighths: up only), and in eighths and sixteenths at `division` 4. Notes
/// finer than the division are placed on coarser positions and the pulse is
/// lost: sixteenths need `division` 4 (`--subdivision 4`). Halfway widens a
/// steady player's offsets by about 6 % (12.9 against 12.1 ms in quarters).
///
/// Constant work a note: a line through at most `capacity` notes; nothing
/// grows with the session. `analyze --free` (`PulseTracker`) finds the pulse
/// of a whole take with hindsight; this one hears only what has been played.
public struct LivePulse: Hashable, Sendable {
    /// One note as the line sees it: its position in beats from beat 0, its
    /// time and its weight.
    struct Placed: Hashable, Sendable {
        var position: Double
        var time: Double
        var weight: Double
    }

    /// The tempo the pulse was seeded with, beats a minute.
    public let startBPM: Double
    /// Beats of notes in the line.
    public let window: Int
    /// Positions a beat is divided into for placing notes.
    public let division: Int
    /// Notes in the line at most (the oldest go first).
    public static let capacity = 128
    /// Whether beat 0's time is known (seeded, or the first note heard).
    private var started: Bool
    /// The pulse: position `anchorPosition` at `anchorTime`, `period` seconds a beat.
    private var anchorPosition = 0.0
    private var anchorTime: Double
    public private(set) var period: Double
    /// The notes the line goes through, oldest first.
    private var placed: [Placed] = []

    /// - Parameters:
    ///   - bpm: The tempo the player starts at (the count-in's, or `--bpm`).
    ///   - firstBeat: Seconds of beat 0 (bar 1's downbeat after a count-in);
    ///     nil takes the first note as beat 0.
    ///   - division: Positions in a beat notes are placed on, 2 to 8 (a
    ///     pulse followed on whole beats takes every eighth for a beat).
    public init(bpm: Double, firstBeat: Double?, division: Int = 2, window: Int = 8) {
        startBPM = bpm
        period = 60 / bpm
        self.window = max(window, 2)
        self.division = min(max(division, 2), 8)
        started = firstBeat != nil
        anchorTime = firstBeat ?? 0
        placed.reserveCapacity(Self.capacity)
    }

    /// The tempo held over the last `window` beats; nil until the notes
    /// heard span half of them.
    public var bpm: Double? {
        guard let first = placed.first, let last = placed.last,
              last.position - first.position >= Double(window) / 2 else { return nil }
        return 60 / period
    }

    /// Whether beat 0's time is known: seeded, or a note heard.
    public var hasStarted: Bool { started }

    /// The beat number (from beat 0) nearest `time`.
    public func beatNumber(at time: Double) -> Int {
        Int((anchorPosition + (time - anchorTime) / period).rounded())
    }

    /// Places a note at `time` (seconds) of `weight` (0 to 1) on the pulse
    /// and returns its offset from the nearest position, in ms (positive: late).
    public mutating func hear(time: Double, weight: Double = 1) -> Double {
        if !started {
            started = true
            anchorTime = time
        }
        let beats = (time - anchorTime) / period
        let step = (beats * Double(division)).rounded() / Double(division)
        let offset = (beats - step) * period
        let position = anchorPosition + step
        let inBeat = abs(position - position.rounded())
        let positionWeight = inBeat < 1e-9 ? 1 : abs(inBeat - 0.5) < 1e-9 ? 0.5 : 0.25
        if weight > 0 { place(Placed(position: position, time: time, weight: positionWeight * weight)) }
        return offset * 1000
    }

    private mutating func place(_ note: Placed) {
        placed.append(note)
        let oldest = note.position - Double(window)
        var gone = 0
        while gone < placed.count - 1, placed[gone].position < oldest || placed.count - gone > Self.capacity { gone += 1 }
        if gone > 0 { placed.removeFirst(gone) }
        fit(latest: note)
    }

    /// The line through the placed notes: the period once they span a beat,
    /// held within half and twice the start so no stray note can throw it.
    private mutating func fit(latest: Placed) {
        let line = LeastSquaresLine(placed.lazy.map { (x: $0.position, y: $0.time, weight: $0.weight) })
        if let first = placed.first, latest.position - first.position >= 1, let slope = line.slope {
            let start = 60 / startBPM
            period = min(max(slope, start / 2), start * 2)
        }
        let onLine = line.meanY + period * (latest.position - line.meanX)
        anchorPosition = latest.position
        anchorTime = onLine + 0.5 * (latest.time - onLine)
    }
}
