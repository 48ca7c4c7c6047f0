/// How a `StrokeDetector` listens: the stream's sample rate, how far a stroke
/// must stand out, and within what time two onsets are one stroke.
public struct StrokeDetectorSettings: Hashable, Sendable {
    public var sampleRate: Int
    /// 1 (only clear strokes) to 10 (the faintest ghost notes); 5 suits a
    /// close-miked kit, a kit in a room and a DI guitar. Each step lowers the
    /// rise a stroke needs above the recent level by 0.3 dB.
    public var sensitivity: Double
    /// Onsets closer than this to the stroke before are part of it (a flam, a
    /// double trigger, the strings of one strum): the scorer's double-trigger
    /// window.
    public var mergeMs: Double

    public static let defaultSensitivity = 5.0
    public static let sensitivityRange = 1.0...10.0

    public init(sampleRate: Int, sensitivity: Double = defaultSensitivity, mergeMs: Double = 15) {
        self.sampleRate = sampleRate
        self.sensitivity = sensitivity
        self.mergeMs = mergeMs
    }

    /// Throws the first setting that cannot be used.
    public func validate() throws(SettingError) {
        guard (8000...384_000).contains(sampleRate) else {
            throw SettingError(field: "sampleRate", message: "must be from 8000 to 384000 Hz, got \(sampleRate)")
        }
        guard sensitivity.isFinite, Self.sensitivityRange.contains(sensitivity) else {
            throw SettingError(field: "sensitivity", message: "must be a number from 1 to 10, got \(sensitivity)")
        }
        guard mergeMs.isFinite, (0...200).contains(mergeMs) else {
            throw SettingError(field: "mergeMs", message: "must be from 0 to 200 ms, got \(mergeMs)")
        }
    }

    /// Mean rise in dB per band that a frame's spectral flux must reach above
    /// the recent median: 2.7 dB at sensitivity 1, 1.5 dB at 5, 0 dB at 10.
    var riseDb: Double { 0.3 * (10 - sensitivity) }
}
