extension MIDIFile {
    /// The longest system exclusive message, F0 and F7 included, that
    /// ``playback(sampleRate:)`` keeps.
    public static let longestPlayedSystemExclusive = 256

    /// Every channel message of every track (note on and off, control and
    /// program change, pitch bend, aftertouch) and every complete system
    /// exclusive message of at most ``longestPlayedSystemExclusive`` bytes,
    /// each at the frame of its tick at `sampleRate` (tick 0 at frame 0).
    /// Meta events are not messages and are left out. A note-on with
    /// velocity 0 is sent as the note-off it stands for (8n kk 00).
    public func playback(sampleRate: Int) -> MIDIPlayback {
        let map = tempoMap
        var placed: [(track: Int, order: Int, event: MIDIPlaybackEvent)] = []
        var skipped = 0
        for (trackIndex, track) in tracks.enumerated() {
            for (order, event) in track.events.enumerated() {
                let bytes: [UInt8]
                switch event.message {
                case .channelVoice(let message):
                    bytes = MIDIShortMessage.channelVoice(message).bytes
                case .systemExclusive(let data):
                    guard data.count + 1 <= Self.longestPlayedSystemExclusive, data.last == 0xF7,
                          data.dropLast().allSatisfy({ $0 < 0x80 })
                    else {
                        skipped += 1
                        continue
                    }
                    bytes = [0xF0] + data
                case .escape:
                    skipped += 1
                    continue
                case .meta:
                    continue
                }
                let frame = map.frame(atTick: event.tick, sampleRate: sampleRate)
                placed.append((trackIndex, order, MIDIPlaybackEvent(frame: frame, tick: event.tick, bytes: bytes)))
            }
        }
        placed.sort { ($0.event.tick, $0.track, $0.order) < ($1.event.tick, $1.track, $1.order) }
        return MIDIPlayback(events: placed.map(\.event), skippedSystemExclusive: skipped)
    }
}
