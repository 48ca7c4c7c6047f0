/// The perfect, good and ok windows around each grid position, either in
/// milliseconds or in percent of the subdivision's length. Each window is a
/// half-width and inclusive: with `perfect` 10 ms, offsets from -10 ms to
/// +10 ms inclusive are perfect.
public struct TimingWindows: Hashable, Sendable, Codable {
    public enum Unit: String, Hashable, Sendable, Codable {
        case milliseconds = "ms"
        /// Percent of the subdivision's length at the hit (the beat's length
        /// divided by the subdivision), so windows scale with the tempo.
        case percentOfSubdivision = "percent"
    }

    public var unit: Unit
    public var perfect: Double
    public var good: Double
    public var ok: Double

    public init(unit: Unit = .milliseconds, perfect: Double, good: Double, ok: Double) {
        self.unit = unit
        self.perfect = perfect
        self.good = good
        self.ok = ok
    }

    /// ±10, ±25, ±50 ms.
    public static let standard = TimingWindows(perfect: 10, good: 25, ok: 50)

    /// The windows in milliseconds where a subdivision lasts `subdivisionMs`.
    public func milliseconds(subdivisionMs: Double) -> (perfect: Double, good: Double, ok: Double) {
        switch unit {
        case .milliseconds:
            return (perfect, good, ok)
        case .percentOfSubdivision:
            return (perfect * subdivisionMs / 100, good * subdivisionMs / 100, ok * subdivisionMs / 100)
        }
    }

    /// The grade of `offsetMs` where a subdivision lasts `subdivisionMs`.
    public func grade(offsetMs: Double, subdivisionMs: Double) -> HitGrade {
        let windows = milliseconds(subdivisionMs: subdivisionMs)
        let distance = abs(offsetMs)
        if distance <= windows.perfect { return .perfect }
        if distance <= windows.good { return .good }
        if distance <= windows.ok { return .ok }
        return .extra
    }

    /// Throws when a window is negative, not a number, out of order, or (in
    /// percent) wider than half a subdivision, where it would reach the next position.
    public func validate() throws(SettingError) {
        for (name, value) in [("perfect", perfect), ("good", good), ("ok", ok)] {
            guard value.isFinite, value >= 0 else {
                throw SettingError(field: "windows.\(name)", message: "must be a number of 0 or more, got \(value)")
            }
        }
        guard perfect <= good else {
            throw SettingError(field: "windows.good", message: "must be at least the perfect window (\(perfect)), got \(good)")
        }
        guard good <= ok else {
            throw SettingError(field: "windows.ok", message: "must be at least the good window (\(good)), got \(ok)")
        }
        switch unit {
        case .milliseconds:
            guard ok <= 1000 else {
                throw SettingError(field: "windows.ok", message: "must be at most 1000 ms, got \(ok)")
            }
        case .percentOfSubdivision:
            guard ok <= 50 else {
                throw SettingError(field: "windows.ok", message: "must be at most 50 % of a subdivision, got \(ok)")
            }
        }
    }
}
