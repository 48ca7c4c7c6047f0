import Testing
@testable import TactusCore

@Suite struct ClickTrackTests {
    static let sound = ClickSound(name: "test", sampleRate: 48_000, accent: [1, 0.5, 0.25], beat: [0.5, 0.25], soft: [0.25], subdivision: [0.125, 0.0625])

    static func click(_ frame: Int64, _ level: ClickLevel) -> ClickEvent {
        ClickEvent(frame: frame, position: GridPosition(bar: 1, beat: 1), level: level)
    }

    @Test func clicksLandOnTheirFrames() {
        let clicks = [Self.click(102, .accent), Self.click(106, .beat), Self.click(109, .subdivision)]
        let audio = ClickTrack.render(clicks, sound: Self.sound, frames: 100..<112)
        #expect(audio == [0, 0, 1, 0.5, 0.25, 0, 0.5, 0.25, 0, 0.125, 0.0625, 0])
    }

    @Test func overlappingClicksAddAndClip() {
        let clicks = [Self.click(0, .accent), Self.click(1, .accent), Self.click(2, .soft)]
        let audio = ClickTrack.render(clicks, sound: Self.sound, frames: 0..<5)
        #expect(audio == [1, 1, 1, 0.25, 0]) // 1.5 and 1.0 clipped
    }

    @Test func clicksAtTheEdgesAreCut() {
        let clicks = [Self.click(8, .accent), Self.click(11, .accent), Self.click(12, .beat)]
        #expect(ClickTrack.render(clicks, sound: Self.sound, frames: 10..<13) == [0.25, 1, 1])
    }

    @Test func emptyRangeIsEmpty() {
        #expect(ClickTrack.render([Self.click(0, .accent)], sound: Self.sound, frames: 5..<5) == [])
    }

    @Test func timelineClicksRenderOnTheirFrames() throws {
        let timeline = try Timeline(spec: TimelineSpec(sampleRate: 48_000, tempo: Tempo(milliBPM: 90_000), meter: Meter(beats: 3, noteValue: 4), countInBars: 1))
        let end = timeline.frame(ofBar: 2)
        let clicks = timeline.clicks(in: 0..<end)
        #expect(clicks.map(\.frame) == [0, 32_000, 64_000, 96_000, 128_000, 160_000])
        #expect(clicks.map(\.level) == [.accent, .beat, .beat, .accent, .beat, .beat])
        let audio = ClickTrack.render(clicks, sound: Self.sound, frames: 0..<end)
        #expect(audio[31_999...32_002] == [0, 0.5, 0.25, 0])
        #expect(audio[96_000...96_003] == [1, 0.5, 0.25, 0])
        #expect(audio.filter { $0 != 0 }.count == 2 * 3 + 4 * 2)
    }

    @Test func blockRendererMatchesTheWholeRender() {
        var random = SplitMix64(seed: 7)
        var frame: Int64 = 3
        var clicks: [ClickEvent] = []
        while frame < 1000 {
            clicks.append(Self.click(frame, ClickLevel(rawValue: Int(random.next() % 4))!))
            frame += Int64(random.next() % 5)
        }
        let whole = ClickTrack.render(clicks, sound: Self.sound, frames: 0..<997)
        for blockFrames in [1, 2, 7, 64, 4096] {
            var renderer = ClickTrackRenderer(sound: Self.sound, frames: 0..<997, blockFrames: blockFrames)
            var streamed: [Float] = []
            for click in clicks {
                renderer.add(click) { streamed += $0 }
            }
            renderer.finish { streamed += $0 }
            #expect(streamed == whole, "blocks of \(blockFrames)")
        }
    }

    @Test func rendererCountsFromItsFirstFrame() {
        var renderer = ClickTrackRenderer(sound: Self.sound, frames: 50..<56, blockFrames: 4)
        var blocks: [[Float]] = []
        renderer.add(Self.click(51, .beat)) { blocks.append(Array($0)) }
        renderer.add(Self.click(54, .accent)) { blocks.append(Array($0)) }
        renderer.finish { blocks.append(Array($0)) }
        #expect(blocks == [[0, 0.5, 0.25, 0], [1, 0.5]])
    }
}
