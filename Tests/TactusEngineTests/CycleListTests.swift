import Testing
@testable import TactusEngine

@Suite struct CycleListTests {
    /// A full list refuses and counts until it is emptied; the engine's
    /// reports past its room are counted, not lost unseen.
    @Test func aFullListRefusesAndCountsUntilEmptied() {
        var list = EngineEventList(capacity: 2)
        let appended = (1...4).map { list.append(.marked(frame: Int64($0), tag: Int32($0))) }
        #expect(appended == [true, true, false, false])
        #expect((list.count, list.refused) == (2, 2))
        #expect([list[0], list[1]] == [.marked(frame: 1, tag: 1), .marked(frame: 2, tag: 2)])
        list.removeAll()
        #expect((list.count, list.refused) == (0, 0))
    }

    @Test func reportsPastTheCycleListsRoomAreCountedAsRefused() {
        var driver = OfflineDriver(engine: Engine(sounds: [[1], [1], [1], [1]], maxEventsPerCycle: 3), period: 64)
        var output = OfflineDriver.Output()
        driver.cycle(commands: (1...5).map { .mark(tag: Int32($0)) }, into: &output)
        #expect(output.events == [.marked(frame: 0, tag: 1), .marked(frame: 0, tag: 2), .marked(frame: 0, tag: 3)])
        #expect(driver.engine.events.refused == 2)
    }
}
