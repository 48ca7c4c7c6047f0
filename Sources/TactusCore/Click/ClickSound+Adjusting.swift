extension ClickSound {
    /// Click volumes tactus takes (`--volume`, as klick's `-v`): a multiplier.
    public static let allowedVolume = 0.0...10.0
    /// Click pitches tactus takes (`--pitch`, as klick's `-w`): a multiplier.
    public static let allowedPitch = 0.25...4.0
    /// The volume and the pitch that leave a sound as it is, when none is given.
    public static let unchanged = 1.0

    /// Every level louder or softer by `volume` and higher or lower by
    /// `pitch`, as klick's `-v` and `-w` do: the samples are read `pitch`
    /// times as fast (linear interpolation between neighbours), so the click
    /// also gets shorter as it gets higher, then multiplied by `volume`.
    /// 1 and 1 leave the sound as it is; otherwise the name says what changed,
    /// so sounds adjusted differently are told apart.
    public func adjusted(volume: Double, pitch: Double) -> ClickSound {
        guard volume != 1 || pitch != 1 else { return self }
        var sound = self
        sound.buffers = buffers.map { Self.adjust($0, volume: Float(volume), pitch: pitch) }
        if volume != 1 { sound.name += " volume \(NumberText.plain(volume))" }
        if pitch != 1 { sound.name += " pitch \(NumberText.plain(pitch))" }
        return sound
    }

    static func adjust(_ samples: [Float], volume: Float, pitch: Double) -> [Float] {
        guard !samples.isEmpty else { return [] }
        guard pitch != 1 else { return samples.map { $0 * volume } }
        let count = Int((Double(samples.count - 1) / pitch).rounded(.down)) + 1
        return (0..<count).map { index in
            let position = Double(index) * pitch
            let whole = Int(position)
            let fraction = Float(position - Double(whole))
            let next = whole + 1 < samples.count ? samples[whole + 1] : samples[whole]
            return (samples[whole] * (1 - fraction) + next * fraction) * volume
        }
    }
}
