import Testing
import TactusCore
@testable import TactusEngine

/// Click layers in the engine: on the frames the timeline lists, mixed after
/// the main click so that they change nothing of it, the same in any cycle
/// length, and after a tempo change on the new grid.
@Suite struct EngineLayerTests {
    /// Each layer level a distinct value below the main click's: 1/16 accent, 1/32 the others.
    static let layerSounds: [[Float]] = [[0.0625], [0.03125], [0.015625], [0.0078125]]

    static func render(_ spec: TimelineSpec, layerSounds: [[Float]] = layerSounds, period: Int, until end: Int64) throws -> [Float] {
        let timeline = try Timeline(spec: spec)
        var driver = OfflineDriver(engine: Engine(sounds: impulseSounds, layerSounds: layerSounds), period: period)
        var samples: [Float] = []
        driver.render(until: end, commands: EngineCommand.load(timeline, play: true)) { samples += $0 }
        return samples
    }

    @Test func aLayerPlaysTheTimelinesFramesAndChangesNothingOfTheClick() throws {
        // 7/8 at 97 eighths with a count-in, five clicks a bar.
        var spec = TimelineSpec(tempo: Tempo(bpm: 97), meter: Meter(beats: 7, noteValue: 8), subdivision: 2, countInBars: 1)
        let end: Int64 = 48_000 * 20
        let plain = try Self.render(spec, period: 64, until: end)
        spec.layers = [ClickLayer(count: 5)]
        let layered = try Self.render(spec, period: 64, until: end)
        let timeline = try Timeline(spec: spec)
        let layer = timeline.layerClicks(0, in: 0..<end)
        #expect(layer.count == 19)   // 20 s: the count-in and 3 bars and a half of 4.33 s, five a bar
        // With and without: the difference is the layer's clicks alone, on its frames.
        let difference = zip(layered, plain).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(difference.map { Int64($0.offset) } == layer.map(\.frame))
        #expect(difference.map { $0.element.0 - $0.element.1 } == layer.map { $0.level == .accent ? 0.0625 : 0.03125 })
        // Where no layer click starts, every sample is the click's own.
        let layerFrames = Set(layer.map(\.frame))
        #expect(layered.indices.filter { !layerFrames.contains(Int64($0)) }.allSatisfy { layered[$0] == plain[$0] })
    }

    /// The MIDI clock and the engine's reports are the same with layers and
    /// without (two layers over a ramp and a meter change).
    @Test func layersLeaveTheClockAndTheReportsAlone() throws {
        func run(_ layers: [ClickLayer]) throws -> OfflineDriver.Output {
            let spec = TimelineSpec(
                tempo: Tempo(bpm: 100), countInBars: 1,
                changes: [TempoChange(bar: 2, tempo: Tempo(bpm: 130), rampBars: 2), TempoChange(bar: 5, meter: Meter(beats: 5, noteValue: 8))],
                layers: layers)
            var driver = OfflineDriver(engine: Engine(sounds: impulseSounds, layerSounds: Self.layerSounds + Self.layerSounds), period: 64)
            var output = OfflineDriver.Output()
            driver.cycle(commands: EngineCommand.load(try Timeline(spec: spec), play: true), into: &output)
            driver.run(until: 48_000 * 20, into: &output)
            return output
        }
        let plain = try run([])
        let layered = try run([ClickLayer(count: 3), ClickLayer(count: 2, span: .beat)])
        #expect(layered.midi == plain.midi)
        #expect(layered.events == plain.events)
        #expect(plain.midi.count > 500)
        #expect(layered.audio != plain.audio)
    }

    /// The render's long blocks and JACK's short periods give the same samples.
    @Test func theSameSamplesInAnyCycleLength() throws {
        let spec = TimelineSpec(
            tempo: Tempo(bpm: 133), subdivision: 3,
            changes: [TempoChange(bar: 3, tempo: Tempo(bpm: 90), rampBars: 4)],
            layers: [ClickLayer(count: 3), ClickLayer(count: 5, span: .beat, accents: AccentPattern(parsing: "xoooo"))])
        let sounds: [[Float]] = (0..<8).map { [Float]($0 < 4 ? [0.5, 0.25, 0.125] : [0.2, 0.1]) }
        let end: Int64 = 48_000 * 16
        let short = try Self.render(spec, layerSounds: sounds, period: 64, until: end)
        #expect(short == (try Self.render(spec, layerSounds: sounds, period: 4_096, until: end)))
        #expect(short == (try Self.render(spec, layerSounds: sounds, period: 65_536, until: end)))
    }

    /// A tempo change while playing moves the layer with the grid: 120 BPM,
    /// then 60 from bar 2's downbeat; two clicks a bar.
    @Test func aTempoChangeWhilePlayingCarriesTheLayer() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 120), layers: [ClickLayer(count: 2)])
        let timeline = try Timeline(spec: spec)
        var driver = OfflineDriver(engine: Engine(sounds: [[0], [0], [0], [0]], layerSounds: Self.layerSounds), period: 64)
        var output = OfflineDriver.Output()
        driver.cycle(commands: EngineCommand.load(timeline, play: true), into: &output)
        driver.run(until: 24_000, into: &output)
        driver.cycle(commands: [.setTempo(milliBPM: 60_000, at: .nextBar)], into: &output)
        driver.run(until: 96_000 + 192_000 * 2, into: &output)
        // Bar 1 at 120: 0 and 48 000; bars 2 and 3 at 60 (192 000 frames a bar): halves of them.
        #expect(onsets(output.audio).map(\.frame) == [0, 48_000, 96_000, 192_000, 288_000, 384_000])
    }
}
