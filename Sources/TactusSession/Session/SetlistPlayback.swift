import TactusCore
import TactusEngine

/// A setlist as a live session steps through it: the presets' grids at the
/// session's sample rate, the sound bank each preset clicks with, and which
/// preset is in force.
public struct SetlistPlayback: Sendable {
    public let setlist: Setlist
    /// The grid of each preset, in setlist order, at the session's sample rate.
    public let specs: [TimelineSpec]
    /// The engine sound bank of each preset (see `ClickPlayer`).
    public let soundBanks: [Int]
    /// The preset in force, or chosen while stopped.
    public internal(set) var index: Int
    /// A preset was chosen while stopped: the next start plays it on a fresh grid.
    public internal(set) var startsAfresh = false

    /// - Precondition (checked by the caller): `specs` and `soundBanks` have
    ///   one entry per preset and `index` is one of them; otherwise the
    ///   missing entries fall back to the first preset's.
    public init(setlist: Setlist, specs: [TimelineSpec], soundBanks: [Int], index: Int) {
        self.setlist = setlist
        self.specs = specs
        self.soundBanks = soundBanks
        self.index = min(max(index, 0), max(setlist.presets.count - 1, 0))
    }

    /// The name of the preset in force.
    public var presetName: String {
        setlist.presets.indices.contains(index) ? setlist.presets[index].name : setlist.name
    }

    /// The grid of the preset in force.
    public var spec: TimelineSpec? {
        specs.indices.contains(index) ? specs[index] : specs.first
    }

    /// The sound bank of the preset in force.
    public var soundBank: Int {
        soundBanks.indices.contains(index) ? soundBanks[index] : 0
    }
}
