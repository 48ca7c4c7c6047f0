extension ClickSound {
    /// The click of a loopback measurement, the same on every level: 2 ms of
    /// a 1 kHz square wave at 0.8 that starts at full height on its first
    /// sample, so its onset is that sample whatever the gain of the loop.
    public static func loopback(sampleRate: Int) -> ClickSound {
        let half = max(sampleRate / 2_000, 1)
        let burst = (0..<(4 * half)).map { ($0 / half) % 2 == 0 ? Float(0.8) : Float(-0.8) }
        return ClickSound(name: "loopback", sampleRate: sampleRate, accent: burst, beat: burst, soft: burst, subdivision: burst)
    }
}
