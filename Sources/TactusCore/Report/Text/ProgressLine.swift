/// One line of progress for long work on a terminal:
/// `rendering [########------------]  40 %  1234 bars/s  0:07 left`.
/// Pure: the caller says how far it got and how long it has taken.
public struct ProgressLine: Hashable, Sendable {
    /// What is being done (`rendering`).
    public var label: String
    /// What is counted (`bars`), for the rate.
    public var unit: String
    /// How many there are in all.
    public var total: Int

    /// Least and most characters the bar itself takes.
    static let barWidths = 10...40

    public init(label: String, unit: String, total: Int) {
        self.label = label
        self.unit = unit
        self.total = total
    }

    /// The line for `done` of `total` after `elapsedSeconds`, at most `width`
    /// characters (the bar shrinks first); the rate and the time left show
    /// once there is a rate to tell.
    public func text(done: Int, elapsedSeconds: Double, width: Int) -> String {
        let done = min(max(done, 0), max(total, 0))
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let percent = "\(Int((fraction * 100).rounded(.down)))".leftPadded(to: 3) + " %"
        var tail = "  " + percent
        if done > 0, elapsedSeconds > 0 {
            let rate = Double(done) / elapsedSeconds
            tail += "  " + Self.rate(rate) + " \(unit)/s"
            tail += "  " + Self.duration(Double(total - done) / rate) + " left"
        }
        let room = width - label.count - 3 - tail.count
        let barWidth = min(max(room, Self.barWidths.lowerBound), Self.barWidths.upperBound)
        let filled = min(barWidth, Int((fraction * Double(barWidth)).rounded(.down)))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
        let line = "\(label) [\(bar)]" + tail
        return line.count > width ? String(line.prefix(max(width, 0))) : line
    }

    /// `1234`, `12.5` or `0.42`: three significant figures at most, whole above 100.
    static func rate(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        if value >= 100 { return "\(Int(value.rounded()))" }
        if value >= 10 { return NumberText.fixed(value, 1) }
        return NumberText.fixed(value, 2)
    }

    /// `0:07`, `12:30` or `1:02:03`.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "–" }
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
