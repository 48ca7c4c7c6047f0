/// A voice rendered for one sample rate: one mono buffer per `ClickLevel`,
/// made once up front so playing a click is only copying samples.
public struct ClickSound: Hashable, Sendable {
    public var sampleRate: Int
    /// The voice's name, for messages.
    public var name: String
    /// One buffer per level, in `ClickLevel.rawValue` order.
    public internal(set) var buffers: [[Float]]

    /// Renders every level of `voice` at `sampleRate`.
    public init(voice: ClickVoice, sampleRate: Int) {
        self.sampleRate = sampleRate
        self.name = voice.name
        self.buffers = ClickLevel.allCases.map { voice.render($0, sampleRate: sampleRate) }
    }

    /// The built-in voice called `name` (see `ClickVoice.builtIn`).
    /// - Throws: `ClickSoundError` for any other name; files are the caller's to read.
    public init(named name: String, sampleRate: Int) throws(ClickSoundError) {
        guard let voice = ClickVoice(named: name) else { throw ClickSoundError(name: name) }
        self.init(voice: voice, sampleRate: sampleRate)
    }

    /// A sound from ready-made buffers (one per level).
    public init(name: String, sampleRate: Int, accent: [Float], beat: [Float], soft: [Float], subdivision: [Float]) {
        self.name = name
        self.sampleRate = sampleRate
        self.buffers = [accent, beat, soft, subdivision]
    }

    public subscript(level: ClickLevel) -> [Float] {
        buffers[level.rawValue]
    }
}

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

/// A `--sound` / `"sound"` value that names no voice.
public struct ClickSoundError: Error, Hashable, Sendable, CustomStringConvertible {
    public var name: String

    public var description: String {
        let names = ClickVoice.builtIn.map(\.name)
        return "unknown sound '\(name)'\(Suggestion.hint(for: name, among: names)); expected \(names.joined(separator: ", ")) or a .wav file"
    }
}
