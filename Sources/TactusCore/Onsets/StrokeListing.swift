/// What `tactus listen` prints to set gain and sensitivity by: a line for
/// each stroke found, with its time since listening began, its level on the
/// live view's meter (-60 to 0 dBFS) and the time since the stroke before,
///
///        1.250 s   -12.4 dBFS  [###############-----]  +500 ms
///
/// the input's level on a line of its own, and a summary at the end.
public struct StrokeListing: Sendable {
    public let sampleRate: Int
    /// The frame listening began on (the first sample heard); nil before.
    public private(set) var origin: Int64?
    public private(set) var count = 0
    public private(set) var loudestDb: Double?
    public private(set) var softestDb: Double?
    private var previousFrame: Int64?

    public init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    /// Marks where listening began: the first call sets the origin.
    public mutating func begin(at frame: Int64) {
        if origin == nil { origin = frame }
    }

    /// The line for the next stroke found.
    public mutating func line(for stroke: DetectedStroke) -> String {
        begin(at: stroke.frame)
        let seconds = Double(stroke.frame - (origin ?? stroke.frame)) / Double(sampleRate)
        let gap = previousFrame.map { "+" + NumberText.fixed(Double(stroke.frame - $0) * 1000 / Double(sampleRate), 0) + " ms" } ?? "first"
        previousFrame = stroke.frame
        count += 1
        loudestDb = max(loudestDb ?? stroke.levelDb, stroke.levelDb)
        softestDb = min(softestDb ?? stroke.levelDb, stroke.levelDb)
        let clipping = stroke.levelDb >= LevelMeter.clippingDb ? "  near 0 dBFS: lower the gain" : ""
        return NumberText.fixed(seconds, 3).leftPadded(to: 8) + " s  " + Self.level(stroke.levelDb) + "  " + gap + clipping
    }

    /// `input  -23.0 dBFS  [############--------]`: the input's level now.
    public static func inputLine(_ levelDb: Double) -> String {
        "input " + level(levelDb)
    }

    /// `-12.4 dBFS  [###############-----]`, the number right-aligned.
    static func level(_ levelDb: Double) -> String {
        let filled = LevelMeter.filledCells(levelDb)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: LevelMeter.barCells - filled)
        return NumberText.fixed(max(levelDb, LevelMeter.floorDb), 1).leftPadded(to: 6) + " dBFS  [" + bar + "]"
    }

    /// The last line: how many strokes in how long and their levels, or,
    /// with none, how loud the input was and what to look at.
    public func summary(seconds: Double, inputPeakDb: Double) -> String {
        let time = NumberText.fixed(seconds, 1) + " s"
        guard let loudestDb, let softestDb else {
            let peak = NumberText.fixed(max(inputPeakDb, LevelMeter.floorDb), 1)
            let hint = inputPeakDb <= -60
                ? "is the instrument connected, and the interface's gain up?"
                : "raise --sensitivity to find softer strokes"
            return "no stroke in \(time); the input peaked at \(peak) dBFS: \(hint)"
        }
        if count == 1 { return "1 stroke in \(time), at \(NumberText.fixed(loudestDb, 1)) dBFS" }
        return "\(count) strokes in \(time), from \(NumberText.fixed(softestDb, 1)) to \(NumberText.fixed(loudestDb, 1)) dBFS"
    }
}
