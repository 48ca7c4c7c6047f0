import Testing
@testable import TactusJack

@Suite struct JackGraphLoopTests {
    static func port(_ name: String, _ direction: JackPortDirection, _ connections: [String]) -> JackPortInfo {
        JackPortInfo(name: name, type: .midi, direction: direction, isPhysical: false, connections: connections)
    }

    /// tactus play started by tactus' clock and playing into tactus' input.
    static let session = [
        port("tactus:clock", .output, ["tactus-play:clock_in"]),
        port("tactus:input", .input, ["tactus-play:out"]),
        port("tactus-play:out", .output, ["tactus:input"]),
        port("tactus-play:clock_in", .input, ["tactus:clock"]),
    ]

    @Test func aPlayerInTheSessionItIsStartedByIsInALoop() {
        #expect(JackGraphLoop.returns(to: "tactus-play", in: Self.session))
        #expect(JackGraphLoop.returns(to: "tactus", in: Self.session))
    }

    @Test func aLoopThroughAnotherClientCounts() {
        let ports = [
            Self.port("tactus:clock", .output, ["tactus-play:clock_in"]),
            Self.port("tactus-play:out", .output, ["mixer:in"]),
            Self.port("mixer:out", .output, ["tactus:input"]),
        ]
        #expect(JackGraphLoop.returns(to: "tactus-play", in: ports))
    }

    @Test func aChainWithoutTheWayBackIsNoLoop() {
        let ports = [
            Self.port("sender:midi_out", .output, ["tactus-play:clock_in"]),
            Self.port("tactus-play:out", .output, ["recorder:midi_in", "tactus:input"]),
            Self.port("tactus:clock", .output, ["recorder:midi_in"]),
        ]
        #expect(!JackGraphLoop.returns(to: "tactus-play", in: ports))
        #expect(!JackGraphLoop.returns(to: "nobody", in: ports))
    }
}
