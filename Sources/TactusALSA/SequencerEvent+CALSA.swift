import CALSA

extension SequencerEvent {
    /// Copies what tactus reads out of a `snd_seq_event_t`: type, channel,
    /// note/velocity or param/value, source, and the real-time stamp when
    /// `snd_seq_ev_is_real` says it has one.
    init(_ event: snd_seq_event_t) {
        let kind = Kind(type: event.type)
        var copy = event
        let time: SequencerRealTime? = calsa_ev_is_real(&copy) != 0
            ? SequencerRealTime(seconds: event.time.time.tv_sec, nanoseconds: event.time.time.tv_nsec) : nil
        let source = ALSAAddress(client: Int(event.source.client), port: Int(event.source.port))
        switch kind {
        case .noteOn, .noteOff, .keyPressure:
            let note = event.data.note
            self.init(
                kind: kind, channel: note.channel, number: UInt32(note.note), value: Int32(note.velocity), source: source,
                time: time)
        default:
            let control = event.data.control
            self.init(
                kind: kind, channel: control.channel, number: control.param, value: control.value, source: source, time: time)
        }
    }
}
