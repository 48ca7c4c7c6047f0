import Testing
@testable import TactusCore

@Suite struct PedalLearnerTests {
    @Test func messagesReadAsThePlayerSeesThem() {
        #expect(PedalLearner.describe(status: 0xB0, data1: 80, data2: 127) == "cc 80 value 127 on channel 1")
        #expect(PedalLearner.describe(status: 0x99, data1: 36, data2: 100) == "note 36 velocity 100 on channel 10")
        #expect(PedalLearner.describe(status: 0x99, data1: 36, data2: 0) == "note 36 off on channel 10")
        #expect(PedalLearner.describe(status: 0x8F, data1: 36, data2: 64) == "note 36 off on channel 16")
        #expect(PedalLearner.describe(status: 0xC1, data1: 4, data2: 0) == "program 4 on channel 2")
        #expect(PedalLearner.describe(status: 0xE0, data1: 0, data2: 64) == "message E0 00 40")
    }

    @Test func onlyPressesOfNewPedalsCount() {
        var learner = PedalLearner()
        #expect(learner.take(status: 0xB0, data1: 80, data2: 63) == nil)
        #expect(learner.take(status: 0xB0, data1: 80, data2: 64) == 0)
        #expect(learner.take(status: 0xB3, data1: 80, data2: 127) == nil)
        #expect(learner.take(status: 0x90, data1: 80, data2: 1) == 1)
        #expect(learner.take(status: 0x80, data1: 36, data2: 100) == nil)
        #expect(learner.take(status: 0xC0, data1: 80, data2: 0) == 2)
        #expect(learner.pedals.map(\.message) == [
            PedalMessage(kind: .cc, number: 80), PedalMessage(kind: .note, number: 80), PedalMessage(kind: .program, number: 80)])
        #expect(PedalLearner.json(learner.pedals[0].message) == #"{"type":"cc","number":80}"#)
    }

    @Test func actionsWithTheirAmountsAndNames() {
        #expect(PedalLearner.action(parsing: "tap") == .tap)
        #expect(PedalLearner.action(parsing: "tempo+") == .tempoUp(milliBPM: 5_000))
        #expect(PedalLearner.action(parsing: "tempo-=2.5") == .tempoDown(milliBPM: 2_500))
        #expect(PedalLearner.action(parsing: "tempo-scale=0.5") == .tempoScale(factor: 0.5))
        #expect(PedalLearner.action(parsing: "preset=Ballad") == .preset(name: "Ballad"))
        #expect(PedalLearner.action(parsing: "prev-preset") == .previousPreset)
        #expect(PedalLearner.action(parsing: "mute-toggle") == .muteToggle)
        for bad in ["", "jump", "tap=2", "tempo+=0", "tempo+=x", "tempo-scale", "tempo-scale=1", "preset", "preset= "] {
            #expect(PedalLearner.action(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func theWrittenMapReadsBackAsTheSameBindings() throws {
        var learner = PedalLearner()
        let actions: [PedalAction] = [.tempoUp(milliBPM: 2_000), .tempoScale(factor: 2), .preset(name: "Say \"hi\"\\now")]
        for (index, status) in [UInt8(0xB0), 0x90, 0xC0].enumerated() {
            let pedal = learner.take(status: status, data1: UInt8(60 + index), data2: 100)
            #expect(pedal == index)
            learner.bind(index, to: actions[index])
        }
        let text = PedalLearner.mapText(learner.bindings, description: "three")
        let map = try PedalMap(json: Array(text.utf8), file: "learned.json")
        #expect(map.bindings == learner.bindings)
        #expect(map.summary == "three")
        #expect(text.contains(#"{"message": {"type": "cc", "channel": "any", "number": 60, "min": 64}, "action": "tempo+", "amount": 2}"#))
    }
}
