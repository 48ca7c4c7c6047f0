import Foundation
import TactusCore
import TactusEngine
import TactusSession

/// The setlist of `tactus run --setlist`: read and checked before JACK is
/// touched, the starting preset chosen (`--preset`, else the one remembered
/// for this setlist, else the first), and every preset's click sound loaded
/// into one list of sound banks, so that changing presets while playing loads
/// nothing.
struct LiveSetlist {
    /// The setlist file, absolute (the key of the remembered state).
    let path: String
    let setlist: Setlist
    let startIndex: Int
    /// The state remembered from the last run with this setlist, if any.
    let remembered: PracticeState?
    /// Four buffers per bank; bank 0 is the starting preset's sound.
    private(set) var sounds: [[Float]] = []
    /// The bank of each preset.
    private(set) var soundBanks: [Int] = []

    init(name: String, preset: String?, state: PracticeState?, environment: [String: String]) throws(CommandLineError) {
        guard let found = ConfigSearch.resolve(name, kind: "setlists", environment: environment) else {
            throw .option("--setlist", "no file '\(name)' and no shipped setlist of that name (see Configs/setlists)")
        }
        path = found.hasPrefix("/") ? found : FileManager.default.currentDirectoryPath + "/" + found
        let bytes = try FileSystem.read(found, limit: InputLimit.settings, what: "setlist")
        setlist = try CommandLineError.catching(exitCode: .badInput) { try Setlist(json: bytes, file: found) }
        remembered = state?.setlist == path ? state : nil
        if let preset {
            do {
                startIndex = try setlist.index(named: preset)
            } catch {
                throw .option("--preset", error.description)
            }
        } else if let name = remembered?.preset, let index = try? setlist.index(named: name) {
            startIndex = index
        } else {
            startIndex = 0
        }
    }

    var startPreset: SetlistPreset { setlist.presets[startIndex] }

    /// The starting preset with the flags on top. A preset's own `bars` and
    /// `duration` do not end the session (only the flags do); the tempo
    /// remembered for this preset applies unless `--bpm` is given or the
    /// preset plans tempo changes.
    func practice(options: TimelineOptions) throws(CommandLineError) -> Practice {
        var base = startPreset.config
        base.bars = nil
        base.durationSeconds = nil
        if let tempo = remembered?.tempo, remembered?.preset == startPreset.name, options.overrides.bpm == nil,
           base.ramp == nil, base.tempoMap?.isEmpty ?? true {
            base.bpm = tempo
        }
        return try Practice(preset: base, field: "presets[\(startIndex)]", file: path, options: options)
    }

    /// Loads every preset's sound at `sampleRate`; the starting preset plays
    /// `session` (which the flags may have changed).
    mutating func loadSounds(session: ClickSound, options: TimelineOptions) throws(CommandLineError) {
        var names = [session.name]
        sounds = session.buffers
        soundBanks = []
        for (index, preset) in setlist.presets.enumerated() {
            if index == startIndex {
                soundBanks.append(0)
                continue
            }
            let name = preset.config.sound ?? PracticeConfig.defaultSound
            let sound = try Practice.sound(name, sampleRate: session.sampleRate, relativeTo: path) { .badInput(path, "presets[\(index)].sound: \($0)") }
                .adjusted(volume: options.overrides.volume ?? preset.config.volume ?? 1,
                          pitch: options.overrides.pitch ?? preset.config.pitch ?? 1)
            if let bank = names.firstIndex(of: sound.name) {
                soundBanks.append(bank)
            } else {
                names.append(sound.name)
                sounds += sound.buffers
                soundBanks.append(names.count - 1)
            }
        }
    }

    /// The presets' grids at the server's rate, for the session control.
    func playback(sampleRate: Int, start spec: TimelineSpec) throws(CommandLineError) -> SetlistPlayback {
        var specs: [TimelineSpec] = []
        for (index, preset) in setlist.presets.enumerated() {
            var config = preset.config
            config.bars = nil
            config.durationSeconds = nil
            do {
                var presetSpec = index == startIndex ? spec : try config.timelineSpec()
                presetSpec.sampleRate = sampleRate
                specs.append(presetSpec)
            } catch {
                throw .badInput(path, "presets[\(index)].\(error.description)")
            }
        }
        return SetlistPlayback(setlist: setlist, specs: specs, soundBanks: soundBanks, index: startIndex)
    }
}
