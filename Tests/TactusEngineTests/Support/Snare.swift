@testable import TactusEngine

/// Snare strokes (note 38, velocity 100, channel 10) at `frames`, as the engine reads them.
func snare(_ frames: [Int64]) -> [RawMIDIEvent] {
    frames.map { RawMIDIEvent(frame: $0, size: 3, status: 0x99, data1: 38, data2: 100) }
}
