import Testing
import TactusJack

@Suite struct JackXrunWatchTests {
    @Test func anXrunIsStampedWhereTheLastCycleEnded() {
        var watch = JackXrunWatch()
        #expect(watch.newXruns(count: 0, cycleStart: 48_000, expectedStart: 48_000) == nil)
        let stamped = watch.newXruns(count: 1, cycleStart: 48_064, expectedStart: 48_064)
        #expect(stamped?.count == 1 && stamped?.frame == 48_064)
        #expect(watch.newXruns(count: 1, cycleStart: 48_128, expectedStart: 48_128) == nil)
        #expect(watch.seen == 1)
    }

    @Test func skippedCyclesPutTheXrunAtTheStartOfTheGap() {
        var watch = JackXrunWatch(seen: 3)
        // Cycles 48 064 and 48 128 never ran: the xruns happened where the gap begins.
        let stamped = watch.newXruns(count: 5, cycleStart: 48_192, expectedStart: 48_064)
        #expect(stamped?.count == 2 && stamped?.frame == 48_064)
        #expect(watch.seen == 5)
    }

    @Test func beforeAnyCycleTheCycleItselfIsTheFrame() {
        var watch = JackXrunWatch()
        let stamped = watch.newXruns(count: 1, cycleStart: 1_024, expectedStart: -1)
        #expect(stamped?.count == 1 && stamped?.frame == 1_024)
    }
}
