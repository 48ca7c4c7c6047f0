import Foundation
import TactusCore
import TactusEngine
import TactusSession
import TactusLive

/// The setlist of `tactus run --setlist`: read and checked before JACK is
/// touched, started where `SetlistStart` says, and every preset's click
/// sound loaded into one list of sound banks, so that changing presets while
/// playing loads nothing.
struct LiveSetlist {
    let start: SetlistStart
    /// Four buffers per bank; bank 0 is the starting preset's sound.
    private(set) var sounds: [[Float]] = []
    /// The bank of each preset.
    private(set) var soundBanks: [Int] = []

    init(name: String, preset: String?, state: PracticeState?, environment: [String: String]) throws(CommandLineError) {
        guard let found = ConfigSearch.resolve(name, kind: "setlists", environment: environment) else {
            throw .option("--setlist", "no file '\(name)' and no shipped setlist of that name (see Configs/setlists)")
        }
        let path = found.hasPrefix("/") ? found : FileManager.default.currentDirectoryPath + "/" + found
        let bytes = try FileSystem.read(found, limit: InputLimit.settings, what: "setlist")
        let setlist = try CommandLineError.catching(exitCode: .badInput) { try Setlist(json: bytes, file: found) }
        do {
            start = try SetlistStart(setlist: setlist, path: path, preset: preset, state: state)
        } catch {
            throw .option("--preset", error.description)
        }
    }

    var path: String { start.path }
    var setlist: Setlist { start.setlist }

    /// The starting preset with the flags on top.
    func practice(options: TimelineOptions) throws(CommandLineError) -> Practice {
        try Practice(
            preset: start.config(bpmGiven: options.overrides.bpm != nil), field: "presets[\(start.index)]", file: path, options: options)
    }

    /// Loads every preset's sound at `sampleRate`; the starting preset plays
    /// `session` (which the flags may have changed).
    mutating func loadSounds(session: ClickSound, options: TimelineOptions) throws(CommandLineError) {
        var names = [session.name]
        sounds = session.buffers
        soundBanks = []
        for (index, preset) in setlist.presets.enumerated() {
            if index == start.index {
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
}
