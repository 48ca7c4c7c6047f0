import Testing
@testable import TactusCore

@Suite struct CalendarDayTests {
    @Test func daysCountFromTheEpoch() throws {
        #expect(CalendarDay(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(try #require(CalendarDay(parsing: "2026-03-01")).daysSinceEpoch == 20_513)
        #expect(try #require(CalendarDay(parsing: "2000-02-29")).daysSinceEpoch == 11_016)
        #expect(try #require(CalendarDay(parsing: "1969-12-31")).daysSinceEpoch == -1)
        #expect(try #require(CalendarDay(parsing: "0001-01-01")).daysSinceEpoch == -719_162)
        #expect(try #require(CalendarDay(parsing: "9999-12-31")).daysSinceEpoch == 2_932_896)
        #expect(CalendarDay(daysSinceEpoch: -719_162).description == "0001-01-01")
    }

    @Test func everyDayRoundTrips() {
        var previous = CalendarDay(daysSinceEpoch: -800)
        for days in -799...20_000 {
            let day = CalendarDay(daysSinceEpoch: days)
            #expect(day.daysSinceEpoch == days)
            #expect(previous < day)
            #expect(CalendarDay(parsing: day.description) == day)
            previous = day
        }
    }

    @Test func invalidDatesAreRefused() {
        #expect(CalendarDay(parsing: "2024-02-29") != nil)
        #expect(CalendarDay(parsing: "2026-02-29") == nil)
        #expect(CalendarDay(parsing: "1900-02-29") == nil)
        #expect(CalendarDay(parsing: "2026-04-31") == nil)
        #expect(CalendarDay(parsing: "2026-13-01") == nil)
        #expect(CalendarDay(parsing: "2026-00-10") == nil)
        #expect(CalendarDay(parsing: "2026-3-1") == nil)
        #expect(CalendarDay(parsing: "20260301") == nil)
        #expect(CalendarDay(parsing: "2026-03-0x") == nil)
        #expect(CalendarDay(parsing: "") == nil)
    }

    @Test func weekdaysAndArithmetic() throws {
        let day = try #require(CalendarDay(parsing: "2026-03-01"))
        #expect(day.weekday == 7)   // a Sunday
        #expect(day.adding(days: 1).weekday == 1)
        #expect(CalendarDay(daysSinceEpoch: 0).weekday == 4)   // a Thursday
        #expect(CalendarDay(daysSinceEpoch: -4).weekday == 7)
        #expect(day.adding(days: -1).description == "2026-02-28")
        #expect(day.adding(days: 365).description == "2027-03-01")
        #expect(try #require(CalendarDay(parsing: "2024-02-28")).adding(days: 1).description == "2024-02-29")
    }

    @Test func timestampsReadTheDayAsWrittenAndTheInstant() throws {
        let utc = try #require(ReportTimestamp(parsing: "2026-03-01T18:00:00Z"))
        #expect(utc.day.description == "2026-03-01")
        #expect(utc.secondsSinceEpoch == 1_772_388_000)
        let berlin = try #require(ReportTimestamp(parsing: "2026-03-01T18:00:00+01:00"))
        #expect(berlin.secondsSinceEpoch == 1_772_384_400)
        #expect(berlin < utc)
        #expect(try #require(ReportTimestamp(parsing: "2026-03-02T00:30:00+0200")).day.description == "2026-03-02")
        #expect(try #require(ReportTimestamp(parsing: "2026-03-01T18:00:00.25Z")).secondsSinceEpoch == 1_772_388_000.25)
        #expect(try #require(ReportTimestamp(parsing: "2026-03-01T18:00")).secondsSinceEpoch == 1_772_388_000)
        #expect(try #require(ReportTimestamp(parsing: "2026-03-01")).secondsSinceEpoch == 1_772_323_200)
        #expect(try #require(ReportTimestamp(parsing: "2026-03-01T06:00:00-05:00")).secondsSinceEpoch == 1_772_362_800)
        for bad in ["2026-03-01T25:00:00Z", "2026-03-01T18:00:00Q", "2026-03-01T18", "yesterday", "2026-03-01T18:00:00.Z", "2026-03-01 at six"] {
            #expect(ReportTimestamp(parsing: bad) == nil, "\(bad)")
        }
    }
}
