import Testing
import TactusJack

@Suite struct JackFrameClockTests {
    @Test func extendsAcrossTheWrapOfJackFrameTime() {
        var clock = JackFrameClock()
        let frames: [UInt32] = [0, 64, 4_294_967_232, 0, 64, 4_294_967_232, 128]
        let extended = frames.map { clock.extend($0) }
        #expect(extended == [0, 64, 4_294_967_232, 4_294_967_296, 4_294_967_360, 8_589_934_528, 8_589_934_720])
    }

    @Test func startsFromTheFirstFrameTimeSeen() {
        var clock = JackFrameClock()
        #expect(clock.extend(1_000_000) == 1_000_000)
        #expect(clock.extend(1_000_064) == 1_000_064)
    }
}
