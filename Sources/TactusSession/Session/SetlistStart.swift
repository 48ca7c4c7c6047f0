import TactusCore

/// Where a live session starts in a setlist: the preset asked for
/// (`--preset`), else the one remembered for this setlist, else the first;
/// its settings, with the tempo remembered for it; and every preset's grid
/// for the session control. The file and the sounds are read by the caller.
public struct SetlistStart: Sendable {
    public let setlist: Setlist
    /// The setlist file, absolute (the key of the remembered state).
    public let path: String
    public let index: Int
    /// The state remembered from the last run with this setlist, if any.
    public let remembered: PracticeState?

    /// - Throws: `SetlistSelectionError` when `preset` names none of the presets.
    public init(setlist: Setlist, path: String, preset: String?, state: PracticeState?) throws(SetlistSelectionError) {
        self.setlist = setlist
        self.path = path
        remembered = state?.setlist == path ? state : nil
        if let preset {
            index = try setlist.index(named: preset)
        } else if let name = remembered?.preset, let found = try? setlist.index(named: name) {
            index = found
        } else {
            index = 0
        }
    }

    public var preset: SetlistPreset { setlist.presets[index] }

    /// The starting preset's settings. A preset's own `bars` and `duration`
    /// do not end the session (only the flags do); the tempo remembered for
    /// this preset applies unless `bpmGiven` (`--bpm`) or the preset plans
    /// tempo changes.
    public func config(bpmGiven: Bool) -> PracticeConfig {
        var base = Self.playing(preset.config)
        if let tempo = remembered?.tempo, remembered?.preset == preset.name, !bpmGiven,
           base.ramp == nil, base.tempoMap?.isEmpty ?? true {
            base.bpm = tempo
        }
        return base
    }

    /// The presets' grids at `sampleRate`, the starting one's `start` (the
    /// flags on top of it), for the session control.
    /// - Throws: the first preset that gives no grid, as `presets[N].field: …`.
    public func playback(sampleRate: Int, start: TimelineSpec, soundBanks: [Int]) throws(SettingError) -> SetlistPlayback {
        var specs: [TimelineSpec] = []
        for (index, preset) in setlist.presets.enumerated() {
            do {
                var spec = index == self.index ? start : try Self.playing(preset.config).timelineSpec()
                spec.sampleRate = sampleRate
                specs.append(spec)
            } catch {
                throw SettingError("presets[\(index)].\(error.description)")
            }
        }
        return SetlistPlayback(setlist: setlist, specs: specs, soundBanks: soundBanks, index: index)
    }

    /// `config` without its own end: a preset plays until the session ends.
    static func playing(_ config: PracticeConfig) -> PracticeConfig {
        var config = config
        config.bars = nil
        config.durationSeconds = nil
        return config
    }
}
