/// The MIDI sources `tactus ports --alsa` lists.
public enum ALSAMIDISources {
    /// Opens `backend`, lists its ports and closes it again: the MIDI sources
    /// in address order, our own client left out.
    public static func list<Backend: SequencerBackend>(
        using backend: inout Backend, clientName: String = "tactus"
    ) throws(ALSAError) -> [ALSAPort] {
        try backend.open(clientName: clientName)
        defer { backend.close() }
        let ourClient = backend.clientID
        return try backend.ports()
            .filter { $0.isMIDISource && $0.address.client != ourClient }
            .sorted { $0.address < $1.address }
    }

    /// The same over the real sequencer; fails with `.sequencerUnavailable`
    /// where there is no /dev/snd/seq.
    public static func list(clientName: String = "tactus") throws(ALSAError) -> [ALSAPort] {
        var sequencer = ALSASequencer()
        return try list(using: &sequencer, clientName: clientName)
    }
}
