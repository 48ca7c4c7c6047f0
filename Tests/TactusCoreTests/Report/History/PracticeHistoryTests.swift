import Testing
@testable import TactusCore

@Suite struct PracticeHistoryTests {
    /// A session whose only timing is its day and its length.
    static func session(_ createdAt: String, preset: String? = nil, seconds: Double = 60, matched: Int = 10, meanAbs: Double? = 5) -> PracticeReport {
        let summary = TimingSummary(
            hits: matched + 1, matched: matched, misses: 0, extras: 1, meanOffsetMs: meanAbs, sdOffsetMs: nil,
            meanAbsOffsetMs: meanAbs, medianOffsetMs: nil, p95AbsOffsetMs: nil, perfect: matched, good: 0, ok: 0,
            percentInWindow: 100, driftMsPerMinute: nil, lag1Autocorrelation: nil, ioiSdMs: nil, score: 90, durationS: seconds)
        return PracticeReport(
            tactusVersion: "0.1.0", createdAt: createdAt, source: ReportSource(kind: .live),
            settings: ReportSettings(tempo: Tempo(milliBPM: 100_000), meter: .fourFour, scoring: ScoringSettings(), sampleRate: 48_000, preset: preset),
            summary: summary, withoutClick: nil, byBeat: [], bySubdivision: [], byNote: [], bars: [], histogram: OffsetHistogram(),
            hits: [], misses: [], tempoChanges: [], events: [])
    }

    @Test func sampleSessionsAddUpPerDayAndPreset() throws {
        let first = try SampleSession.run().report
        let later = try SampleSession.run(offsetsMs: SampleSession.laterOffsetsMs, createdAt: "2026-03-08T18:00:00Z").report
        let history = PracticeHistory([later, first])
        #expect(history.sessions.map(\.createdAt) == ["2026-03-01T18:00:00Z", "2026-03-08T18:00:00Z"])
        #expect(history.days.map(\.day.description) == ["2026-03-01", "2026-03-08"])
        // 8 s with click and 2 s without; 16 + 3 hits; |offsets| 104 ms over 15 matched with click, 48 over 3 without.
        let firstDay = history.days[0].totals
        #expect((firstDay.sessions, firstDay.seconds, firstDay.hits, firstDay.matched) == (1, 10, 19, 18))
        #expect(abs(firstDay.absoluteOffsetSumMs - 152) < 1e-9)
        let secondDay = history.days[1].totals
        #expect((secondDay.sessions, secondDay.seconds, secondDay.hits, secondDay.matched) == (1, 10, 21, 20))
        #expect(abs(secondDay.absoluteOffsetSumMs - 68) < 1e-9)
        #expect(history.presets.map(\.preset) == ["Groove 1"])
        #expect((history.total.sessions, history.total.seconds, history.total.hits, history.total.matched) == (2, 20, 40, 38))
        #expect(abs((history.total.meanAbsOffsetMs ?? 0) - 220.0 / 38) < 1e-9)
        #expect(history.streakDays == 1)
        #expect(history.latestDay?.description == "2026-03-08")
    }

    @Test func streakCountsBackFromTheLatestSessionsDay() {
        let days = ["2026-02-26", "2026-02-28", "2026-03-01T08:00:00Z", "2026-03-01T21:00:00Z", "2026-03-02", "2026-03-03T23:59:00-01:00"]
        let history = PracticeHistory(days.map { Self.session($0) })
        #expect(history.days.map(\.day.description) == ["2026-02-26", "2026-02-28", "2026-03-01", "2026-03-02", "2026-03-03"])
        #expect(history.days[2].totals.sessions == 2)
        #expect(history.streakDays == 4)
        #expect(PracticeHistory(days.dropLast().map { Self.session($0) }).streakDays == 3)
        #expect(PracticeHistory([Self.session("2026-03-01"), Self.session("2026-03-03")]).streakDays == 1)
        #expect(PracticeHistory([]).streakDays == 0)
        #expect(PracticeHistory([Self.session("last tuesday")]).streakDays == 0)
    }

    @Test func sessionsSortByInstantAcrossZones() {
        let history = PracticeHistory([
            Self.session("2026-03-01T18:30:00+01:00", preset: "b"),   // 17:30 UTC
            Self.session("2026-03-01T17:45:00Z", preset: "c"),
            Self.session("someday", preset: "z"),
            Self.session("2026-03-01T12:00:00-06:00", preset: "d"),   // 18:00 UTC
            Self.session("2026-03-01T17:00:00Z", preset: "a"),
        ])
        #expect(history.sessions.map(\.settings.preset) == ["a", "b", "c", "d", "z"])
        #expect(history.days.count == 1)
        #expect(history.days[0].totals.sessions == 4)
    }

    @Test func presetTotalsNamedFirstThenNone() {
        let history = PracticeHistory([
            Self.session("2026-03-01", preset: nil, seconds: 90, matched: 4, meanAbs: 10),
            Self.session("2026-03-02", preset: "Shuffle", seconds: 30, matched: 6, meanAbs: 5),
            Self.session("2026-03-03", preset: "Rock", seconds: 60, matched: 2, meanAbs: nil),
            Self.session("2026-03-04", preset: "Shuffle", seconds: 30, matched: 4, meanAbs: 10),
        ])
        #expect(history.presets.map(\.preset) == ["Rock", "Shuffle", nil])
        #expect(history.presets.map(\.totals.minutes) == [1, 1, 1.5])
        #expect(history.presets.map(\.totals.hits) == [3, 12, 5])
        #expect(history.presets.map(\.totals.meanAbsOffsetMs) == [nil, 7, 10])
    }

    /// Live sessions are stamped in UTC; the reader's zone decides their day.
    @Test func daysOnTheReadersClock() throws {
        let reports = ["2026-03-01T23:30:00Z", "2026-03-02T05:00:00Z", "2026-03-02T07:30:00+09:00", "2026-03-02T12:00:00"].map { Self.session($0) }
        #expect(PracticeHistory(reports).days.map(\.day.description) == ["2026-03-01", "2026-03-02"])
        let berlin = PracticeHistory(reports) { _ in 3600 }
        #expect(berlin.days.map(\.day.description) == ["2026-03-01", "2026-03-02"])
        #expect(berlin.days.map(\.totals.sessions) == [1, 3])   // 23:30Z is 00:30 on the 2nd; 07:30+09:00 is 23:30 on the 1st
        // In time order: 22:30Z (written +09:00), 23:30Z, 05:00Z, and the zoneless noon as written.
        #expect(berlin.wallClockSeconds == [1_772_407_800, 1_772_411_400, 1_772_431_200, 1_772_452_800])
        let california = PracticeHistory(reports) { _ in -8 * 3600 }
        #expect(california.days.map(\.day.description) == ["2026-03-01", "2026-03-02"])
        #expect(california.days.map(\.totals.sessions) == [3, 1])   // only the zoneless noon stays on the 2nd
        #expect(PracticeHistory.reports(reports, since: try #require(CalendarDay(parsing: "2026-03-02"))) { _ in -8 * 3600 }.map(\.createdAt)
            == ["2026-03-02T12:00:00"])
        let stamp = try #require(ReportTimestamp(parsing: "2026-03-02T07:30:00+09:00"))
        #expect(stamp.zoneOffsetSeconds == 32_400)
        #expect(stamp.wallClockSeconds() == stamp.secondsSinceEpoch + 32_400)
        #expect(stamp.wallClockSeconds { _ in 0 } == stamp.secondsSinceEpoch)
        #expect(stamp.day { _ in 0 }.description == "2026-03-01")
        #expect(ReportTimestamp(parsing: "2026-03-02T12:00:00")?.zoneOffsetSeconds == nil)
    }

    @Test func sinceTakesDaysOrADate() throws {
        let today = try #require(CalendarDay(parsing: "2026-03-10"))
        #expect(PracticeHistory.firstDay(since: "7d", today: today)?.description == "2026-03-04")
        #expect(PracticeHistory.firstDay(since: "1d", today: today)?.description == "2026-03-10")
        #expect(PracticeHistory.firstDay(since: "30d", today: today)?.description == "2026-02-09")
        #expect(PracticeHistory.firstDay(since: "2026-01-15", today: today)?.description == "2026-01-15")
        for bad in ["0d", "-3d", "+3d", "d", "7", "7w", "2026-02-30", "2026-01-15T00:00", "week"] {
            #expect(PracticeHistory.firstDay(since: bad, today: today) == nil, "\(bad)")
        }
        let reports = ["2026-03-03T23:00:00Z", "2026-03-04T00:10:00+02:00", "2026-03-09", "never"].map { Self.session($0) }
        #expect(PracticeHistory.reports(reports, since: try #require(CalendarDay(parsing: "2026-03-04"))).map(\.createdAt)
            == ["2026-03-04T00:10:00+02:00", "2026-03-09"])
    }
}
