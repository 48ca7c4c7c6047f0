import Testing
@testable import TactusCore

@Suite struct FindingObservationTests {
    static let settings = FindingsTests.settings(subdivision: 2)

    /// A hit at `position` (bar 1 at frame 0, 120 BPM 4/4, 8ths at 48 kHz), `ms` late.
    static func hit(_ bar: Int, _ beat: Int, _ part: Int, ms: Double, grade: HitGrade = .good, countIn: Bool = false) -> ScoredHit {
        let gridFrame = Int64(((bar - 1) * 4 + beat - 1) * 24_000 + (part - 1) * 12_000)
        let frame = gridFrame + Int64(ms * 48)
        return ScoredHit(
            frame: frame, gridFrame: gridFrame, timeS: Double(frame) / 48_000, position: GridPosition(bar: bar, beat: beat, subdivision: part),
            offsetMs: ms, note: 38, velocity: 100, channel: 10, grade: grade, countIn: countIn)
    }

    /// Kick and hi-hat together on 1.1, an extra beside a matched hit on
    /// 1.1.2, one hit on 2.3, and a count-in hit left out.
    static let hits = [
        hit(0, 4, 1, ms: 7, countIn: true),
        hit(1, 1, 1, ms: 2), hit(1, 1, 1, ms: 4),
        hit(1, 1, 2, ms: 60, grade: .extra), hit(1, 1, 2, ms: 10),
        hit(2, 3, 1, ms: -5),
    ]

    static let expected = (
        matched: [
            FindingObservation(position: GridPosition(bar: 1, beat: 1, subdivision: 1), offsetMs: 3, minutes: 0, muted: false),
            FindingObservation(position: GridPosition(bar: 1, beat: 1, subdivision: 2), offsetMs: 10, minutes: 0.25 / 60, muted: false),
            FindingObservation(position: GridPosition(bar: 2, beat: 3, subdivision: 1), offsetMs: -5, minutes: 3 / 60.0, muted: false),
        ],
        all: [
            FindingObservation(position: GridPosition(bar: 1, beat: 1, subdivision: 1), offsetMs: 3, minutes: 0, muted: false),
            FindingObservation(position: GridPosition(bar: 1, beat: 1, subdivision: 2), offsetMs: 35, minutes: 0.25 / 60, muted: false),
            FindingObservation(position: GridPosition(bar: 2, beat: 3, subdivision: 1), offsetMs: -5, minutes: 3 / 60.0, muted: false),
        ])

    @Test func anObservationIsStoredInThirtyTwoBytes() {
        #expect(MemoryLayout<FindingObservation>.stride == 32)
        let far = FindingObservation(
            position: GridPosition(bar: -2_147_483_648, beat: 32, subdivision: 8), offsetMs: 1, minutes: 2, muted: true)
        #expect(far.position == GridPosition(bar: -2_147_483_648, beat: 32, subdivision: 8))
    }

    @Test func hitsInGridOrderGiveOneObservationPerPosition() {
        let matched = FindingObservation.from(Self.hits, counting: .matched, settings: Self.settings)
        let all = FindingObservation.from(Self.hits, counting: .all, settings: Self.settings)
        #expect(matched == Self.expected.matched)
        #expect(all == Self.expected.all)
    }

    @Test func hitsOutOfGridOrderGiveTheSameObservations() {
        // 2.3 before 1.1.2, and 1.1 again after 1.1.2.
        let shuffled = [Self.hits[0], Self.hits[1], Self.hits[5], Self.hits[3], Self.hits[4], Self.hits[2]]
        let matched = FindingObservation.from(shuffled, counting: .matched, settings: Self.settings)
        let all = FindingObservation.from(shuffled, counting: .all, settings: Self.settings)
        #expect(matched == Self.expected.matched)
        #expect(all == Self.expected.all)
        let revisited = [Self.hits[1], Self.hits[3], Self.hits[4], Self.hits[2], Self.hits[5]]
        #expect(FindingObservation.from(revisited, counting: .all, settings: Self.settings) == Self.expected.all)
    }

    @Test func beatLengthsFollowTheTempoChangesByBar() {
        let changes = [
            ReportTempoChange(frame: 384_000, bar: 3, tempo: Tempo(milliBPM: 150_000), cause: "pedal"),
            ReportTempoChange(frame: 192_000, bar: 2, tempo: Tempo(milliBPM: 100_000), cause: "pedal"),
        ]
        let lengths = BeatLengths(settings: Self.settings, tempoChanges: changes)
        #expect([0, 1, 2, 3, 9].map { lengths.ms(atBar: $0) } == [500, 500, 600, 400, 400])
        #expect(BeatLengths(settings: Self.settings, tempoChanges: []).ms(atBar: 7) == 500)
    }
}
