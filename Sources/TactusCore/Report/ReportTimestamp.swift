/// A report's `createdAt` read as an ISO 8601 time: the calendar day as
/// written, the instant (so sessions written in different zones still sort in
/// order) and the zone offset written, if any.
public struct ReportTimestamp: Hashable, Sendable, Comparable {
    /// The date part as written.
    public var day: CalendarDay
    /// Seconds since 1970-01-01T00:00:00Z; a time without a zone is taken as UTC.
    public var secondsSinceEpoch: Double
    /// The offset from UTC written with the time ("Z" is 0); nil when none is.
    public var zoneOffsetSeconds: Int?

    /// Seconds since 1970-01-01 on a wall clock: the one written, or, for a
    /// time with a zone, the one whose offset from UTC `utcOffset` gives for
    /// the instant (a machine's local zone, say).
    public func wallClockSeconds(utcOffset: ((Double) -> Int)? = nil) -> Double {
        guard let zone = zoneOffsetSeconds else { return secondsSinceEpoch }
        return secondsSinceEpoch + Double(utcOffset?(secondsSinceEpoch) ?? zone)
    }

    /// The calendar day on that wall clock.
    public func day(utcOffset: ((Double) -> Int)? = nil) -> CalendarDay {
        guard utcOffset != nil, zoneOffsetSeconds != nil else { return day }
        return CalendarDay(daysSinceEpoch: Int((wallClockSeconds(utcOffset: utcOffset) / 86_400).rounded(.down)))
    }

    /// Parses "YYYY-MM-DD", optionally followed by "THH:MM", ":SS", a fraction
    /// ".sss" and a zone "Z", "±HH:MM" or "±HHMM". Nil for anything else.
    init?(parsing text: String) {
        guard let day = CalendarDay(parsing: text) else { return nil }
        let bytes = Array(text.utf8)
        var index = 10
        var seconds = Double(day.daysSinceEpoch) * 86_400
        var zone: Int?

        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count, let value = CalendarDay.number(bytes[index..<(index + count)]) else { return nil }
            index += count
            return value
        }
        func take(_ character: Character) -> Bool {
            guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
            index += 1
            return true
        }

        if take("T") || take(" ") {
            guard let hour = digits(2), hour < 24, take(":"), let minute = digits(2), minute < 60 else { return nil }
            seconds += Double(hour * 3600 + minute * 60)
            if take(":") {
                guard let second = digits(2), second <= 60 else { return nil }
                seconds += Double(second)
                if take(".") || take(",") {
                    var scale = 0.1
                    let start = index
                    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                        seconds += Double(bytes[index] - UInt8(ascii: "0")) * scale
                        scale /= 10
                        index += 1
                    }
                    guard index > start else { return nil }
                }
            }
            if take("Z") || take("z") {
                zone = 0
            } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                let sign = bytes[index] == UInt8(ascii: "-") ? -1.0 : 1.0
                index += 1
                guard let hours = digits(2), hours <= 23 else { return nil }
                _ = take(":")
                guard let minutes = digits(2), minutes < 60 else { return nil }
                zone = Int(sign) * (hours * 3600 + minutes * 60)
                seconds -= Double(zone ?? 0)
            }
        }
        guard index == bytes.count else { return nil }
        self.day = day
        secondsSinceEpoch = seconds
        zoneOffsetSeconds = zone
    }

    public static func < (lhs: ReportTimestamp, rhs: ReportTimestamp) -> Bool {
        lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
    }
}
