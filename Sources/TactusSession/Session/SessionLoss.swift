import TactusCore

/// What a full ring or a refused write can lose on its way, each listed in
/// the report's events (`dropped`) with the count so far whenever it has
/// grown (`SessionControl.lost`): nothing is lost without the report saying so.
public enum SessionLoss: Hashable, Sendable {
    /// MIDI input the engine's list for a cycle had no room for.
    case midiInput
    /// The engine's reports (hits, clicks, xruns) its list or its ring to the
    /// control side had no room for.
    case engineReports
    /// MIDI output (the clock, its Start and Stop) the JACK port refused.
    case midiOutput
    /// Commands to the engine its ring refused.
    case commands
    /// OSC packets that were not OSC or found `queue` commands waiting.
    case oscPackets(queue: Int)
    /// Captured audio the ring to the control side, `ringBlocks` long, refused.
    case audioSamples(ringBlocks: Int)

    func detail(_ total: Int) -> String {
        switch self {
        case .midiInput: "MIDI input events dropped (the cycle's list was full): \(total) in all"
        case .engineReports: "engine reports dropped (the ring to the control thread was full): \(total) in all"
        case .midiOutput: "MIDI output events JACK refused (the port's buffer was full): \(total) in all"
        case .commands: "commands to the engine refused (its ring was full): \(total) in all"
        case .oscPackets(let queue): "OSC packets dropped (not OSC, or \(queue) waiting): \(total) in all"
        case .audioSamples(let blocks): "audio input samples lost (the control thread fell \(blocks) blocks behind): \(total) in all"
        }
    }

    /// Whether the count belongs to the JACK server's client, and so starts
    /// again from 0 on a new server.
    var isTheServers: Bool {
        if case .oscPackets = self { false } else { true }
    }
}

extension SessionControl {
    /// `total` of `loss` in all so far: listed in the report's events at
    /// `frame` when it has grown since it was last listed (before the
    /// session's end).
    public mutating func lost(_ loss: SessionLoss, total: Int, at frame: Int64) -> Step {
        guard isSessions(frame), total > listedLosses[loss, default: 0] else { return Step() }
        listedLosses[loss] = total
        return record(SessionEvent(kind: .dropped, frame: frame, detail: loss.detail(total)))
    }
}
