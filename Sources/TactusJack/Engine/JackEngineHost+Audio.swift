import TactusCore

extension JackEngineHost {
    /// The short name of the audio input: `audio-in`.
    public static let audioPortName = "audio-in"

    /// Blocks in the audio ring: 4096 blocks of up to 64 samples, over a
    /// second of audio at 192 kHz with periods of 64 frames or more, five at 48 kHz.
    public static let audioRingBlocks = 4096

    /// Full names of the audio output ports `pattern` reaches now (what an
    /// auto-connection to the audio input would connect).
    public func audioSources(matching pattern: JackPortPattern) -> [String] {
        (try? client.peers(matching: pattern, type: .audio, direction: .input)) ?? []
    }
}
