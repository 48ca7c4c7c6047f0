import TactusJack

/// What `play --start-on-clock` says while it waits for MIDI Start, each
/// line once: that it waits, and — when the clock already runs or was
/// picked up mid-song (Continue, Song Position) — how to send a Start.
struct ClockNotices {
    /// Clock ticks that mean the clock runs: one quarter note's worth.
    static let runningTicks = 24

    private var saidWaiting = false
    private var saidRunning = false
    private var saidMidSong = false

    mutating func lines(for player: JackMIDIPlayer, source: String) -> [String] {
        var lines: [String] = []
        if !saidWaiting {
            saidWaiting = true
            lines.append("waiting for MIDI Start from \(source); start the transport there (Ctrl-C gives up)")
        }
        if !saidMidSong, player.midSongStartsBeforeStart > 0 {
            saidMidSong = true
            saidRunning = true
            lines.append("\(source) continued mid-song (Song Position or Continue); tick 0 waits for a Start from the top: stop the transport, return to the start and play")
        } else if !saidRunning, player.clockTicksBeforeStart >= Self.runningTicks {
            saidRunning = true
            lines.append("\(source) is already running without having sent Start; stop it and start it from the top (tactus run: end the session and run it again)")
        }
        return lines
    }
}
