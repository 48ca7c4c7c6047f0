import Testing
import TactusSession

/// The control loop's judgement of a server that stops running cycles
/// without going away: 2 s without a new cycle and it has stopped, 30 s and
/// the session ends. Cycles of 64 frames; times in milliseconds of wall clock.
@Suite struct CycleWatchTests {
    /// The changes seen at each wake, `(milliseconds, cycle end)`.
    static func changes(_ wakes: [(Int, Int64?)]) -> [CycleWatch.Change?] {
        var watch = CycleWatch()
        return wakes.map { watch.observe(cycleEnd: $0.1, at: .milliseconds($0.0)) }
    }

    @Test func cyclesThatRunChangeNothing() {
        #expect(Self.changes([(0, 64), (500, 1_088), (1_500, 3_136), (2_500, 5_184), (10_000, 20_544)]) == [nil, nil, nil, nil, nil])
    }

    @Test func twoSecondsWithoutACycleIsAStopSaidOnceAndItsEndAResumption() {
        let wakes: [(Int, Int64?)] = [(0, 6_400), (500, 6_400), (1_999, 6_400), (2_000, 6_400), (2_500, 6_400), (3_250, 6_464), (3_500, 6_528)]
        // Back 3.25 s after the cycle ending at frame 6400 was first seen.
        #expect(Self.changes(wakes) == [nil, nil, nil, .stopped, nil, .resumed(gap: .milliseconds(3_250)), nil])
    }

    @Test func thirtySecondsWithoutACycleReachTheLimitOnce() {
        let wakes: [(Int, Int64?)] = (0...31).map { ($0 * 1_000, 6_400) } + [(31_500, 6_464)]
        var expected = [CycleWatch.Change?](repeating: nil, count: 33)
        expected[2] = .stopped
        expected[30] = .limitReached
        expected[32] = .resumed(gap: .milliseconds(31_500))
        #expect(Self.changes(wakes) == expected)
    }

    /// A wake 2.5 s after the one before: the loop itself was held, and the
    /// 2 s count again from that wake.
    @Test func aLoopHeldItselfDoesNotTakeTheServerForStopped() {
        let wakes: [(Int, Int64?)] = [(0, 6_400), (500, 6_400), (3_000, 6_400), (4_000, 6_400), (4_999, 6_400), (5_000, 6_400)]
        #expect(Self.changes(wakes) == [nil, nil, nil, nil, nil, .stopped])
    }

    @Test func aServerThatNeverRanACycleStopsToo() {
        #expect(Self.changes([(0, nil), (1_000, nil), (2_000, nil), (2_100, 64)]) == [nil, nil, .stopped, .resumed(gap: .milliseconds(2_100))])
        #expect(Self.changes([(0, nil), (500, 64)]) == [nil, nil])
    }
}
