/// The part of a recorded MIDI file one player of an ensemble played:
/// a track or a MIDI channel, both counted from 1.
public enum PlayerPart: Hashable, Sendable, CustomStringConvertible {
    case track(Int)
    case channel(Int)

    /// `track:N` (N from 1) or `channel:N` (1–16); nil otherwise.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[1]), number >= 1 else { return nil }
        switch parts[0] {
        case "track": self = .track(number)
        case "channel" where number <= 16: self = .channel(number)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .track(let number): "track:\(number)"
        case .channel(let number): "channel:\(number)"
        }
    }

    /// Whether a note-on on `channel` (0–15) of track `track` (0-based) belongs to this part.
    public func contains(track: Int, channel: UInt8) -> Bool {
        switch self {
        case .track(let number): track == number - 1
        case .channel(let number): Int(channel) == number - 1
        }
    }
}

extension MIDIFile {
    /// The file with only the note-ons of `part` left; every other event
    /// (tempo, time signatures, track ends) stays, so the grid is the same.
    public func keepingNotes(of part: PlayerPart) -> MIDIFile {
        keepingNoteOns { track, channel, _ in part.contains(track: track, channel: channel) }
    }

    /// The file with only the note-ons `keep` keeps (given the track from 0,
    /// the channel 0–15 and the note); every other event stays.
    public func keepingNoteOns(_ keep: (_ track: Int, _ channel: UInt8, _ note: UInt8) -> Bool) -> MIDIFile {
        var file = self
        for index in file.tracks.indices {
            file.tracks[index].events.removeAll { event in
                guard case .channelVoice(.noteOn(let channel, let note, let velocity)) = event.message, velocity > 0 else { return false }
                return !keep(index, channel, note)
            }
        }
        return file
    }

    /// Why `part` is not in this file ("the file has 2 tracks"), or nil when it is.
    public func lacks(_ part: PlayerPart) -> String? {
        switch part {
        case .track(let number) where number > tracks.count:
            return "the file has \(tracks.count) track\(tracks.count == 1 ? "" : "s")"
        case .track:
            return nil
        case .channel(let number):
            return noteOns.contains { $0.channel == UInt8(number - 1) } ? nil : "the file has no notes on channel \(number)"
        }
    }
}
