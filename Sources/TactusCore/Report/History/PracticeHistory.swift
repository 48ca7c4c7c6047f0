/// Many sessions taken together: in time order, with totals per day and per
/// preset and the current streak of practice days. Pure: it reads reports only.
///
/// A session counts on the day its `createdAt` falls on: the date as written,
/// or, given `utcOffset` (the offset from UTC of the reader's zone at an
/// instant), the day on the reader's clock. It adds its whole scored time — bars with click and bars without — to the
/// minutes; hits are matched hits and extras of those bars; mean |offset| is
/// taken over every matched hit of the sessions (each session's mean weighted
/// by its matched hits). Sessions whose `createdAt` is not an ISO 8601 time
/// sort last and count in no day.
public struct PracticeHistory: Sendable {
    /// What a group of sessions adds up to.
    public struct Totals: Hashable, Sendable {
        public var sessions = 0
        /// Seconds of grid scored.
        public var seconds = 0.0
        /// Matched hits and extras.
        public var hits = 0
        /// Hits inside the ok window.
        public var matched = 0
        /// Sum of |offset| over the matched hits, ms.
        public var absoluteOffsetSumMs = 0.0
        /// Matched hits in that sum (those of summaries that state a mean |offset|).
        public var absoluteOffsetCount = 0

        public var minutes: Double { seconds / 60 }

        /// Mean |offset| of the matched hits, ms; nil without any.
        public var meanAbsOffsetMs: Double? { absoluteOffsetCount > 0 ? absoluteOffsetSumMs / Double(absoluteOffsetCount) : nil }

        public mutating func add(_ report: PracticeReport) {
            sessions += 1
            for summary in [report.summary, report.withoutClick].compactMap({ $0 }) {
                seconds += summary.durationS
                hits += summary.hits
                matched += summary.matched
                if let meanAbs = summary.meanAbsOffsetMs, summary.matched > 0 {
                    absoluteOffsetSumMs += meanAbs * Double(summary.matched)
                    absoluteOffsetCount += summary.matched
                }
            }
        }
    }

    /// The sessions of one day.
    public struct DayTotals: Hashable, Sendable {
        public var day: CalendarDay
        public var totals: Totals
    }

    /// The sessions of one preset (nil: sessions without one).
    public struct PresetTotals: Hashable, Sendable {
        public var preset: String?
        public var totals: Totals
    }

    /// The sessions, earliest first (ties keep the order given).
    public let sessions: [PracticeReport]
    /// Each session's time as seconds since 1970-01-01 on the wall clock the
    /// days are counted on, parallel to `sessions`; nil when unreadable.
    public let wallClockSeconds: [Double?]
    /// Days with practice, earliest first.
    public let days: [DayTotals]
    /// Named presets by name, then the sessions without one.
    public let presets: [PresetTotals]
    public let total: Totals

    /// The indices of `reports` in the order a history lists them: by time,
    /// earliest first, unreadable times last, ties in the order given.
    public static func order(_ reports: [PracticeReport]) -> [Int] {
        let times = reports.map { ReportTimestamp(parsing: $0.createdAt) }
        return reports.indices.sorted { a, b in times[a].sortsBefore(times[b]) ?? (a < b) }
    }

    init(_ reports: [PracticeReport], utcOffset: ((Double) -> Int)? = nil) {
        let sorted = Self.order(reports).map { (report: reports[$0], time: ReportTimestamp(parsing: reports[$0].createdAt)) }
        sessions = sorted.map(\.report)
        wallClockSeconds = sorted.map { $0.time?.wallClockSeconds(utcOffset: utcOffset) }

        var total = Totals()
        var byDay: [CalendarDay: Totals] = [:]
        var byPreset: [String?: Totals] = [:]
        for entry in sorted {
            total.add(entry.report)
            if let day = entry.time?.day(utcOffset: utcOffset) { byDay[day, default: Totals()].add(entry.report) }
            byPreset[entry.report.settings.preset, default: Totals()].add(entry.report)
        }
        self.total = total
        days = byDay.keys.sorted().map { DayTotals(day: $0, totals: byDay[$0] ?? Totals()) }
        presets = byPreset.keys.sorted { $0.sortsBefore($1) ?? false }.map { PresetTotals(preset: $0, totals: byPreset[$0] ?? Totals()) }
    }

    /// The day of the latest session with a readable time.
    public var latestDay: CalendarDay? { days.last?.day }

    /// Consecutive days with practice, counted back from the latest session's
    /// day (that day included); 0 without sessions.
    public var streakDays: Int {
        guard let latest = latestDay else { return 0 }
        let practised = Set(days.map { $0.day.daysSinceEpoch })
        var count = 0
        while practised.contains(latest.daysSinceEpoch - count) { count += 1 }
        return count
    }

    /// The first day of a `--since` period: "7d" (the last 7 days, `today`
    /// included), "30d", any "Nd" with N from 1 to 36500, or a date
    /// "YYYY-MM-DD". Nil for anything else.
    public static func firstDay(since text: String, today: CalendarDay) -> CalendarDay? {
        if text.hasSuffix("d"), let count = Int(text.dropLast()), (1...36_500).contains(count), text.first != "+" {
            return today.adding(days: -(count - 1))
        }
        guard text.utf8.count == 10 else { return nil }
        return CalendarDay(parsing: text)
    }

    /// The reports whose day (counted as `init` counts it) is `first` or
    /// later; reports with an unreadable `createdAt` are left out.
    public static func reports(_ reports: [PracticeReport], since first: CalendarDay, utcOffset: ((Double) -> Int)? = nil) -> [PracticeReport] {
        reports.filter { isPlayed($0, since: first, utcOffset: utcOffset) }
    }

    /// Whether `report`'s day is `first` or later (false when its time cannot be read).
    public static func isPlayed(_ report: PracticeReport, since first: CalendarDay, utcOffset: ((Double) -> Int)? = nil) -> Bool {
        ReportTimestamp(parsing: report.createdAt).map { $0.day(utcOffset: utcOffset) >= first } ?? false
    }
}
