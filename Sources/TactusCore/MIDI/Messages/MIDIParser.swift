/// Reads MIDI bytes into messages.
public enum MIDIParser {
    /// The messages in `bytes`, read as a continuation of a stream whose
    /// channel voice running status was `runningStatus`, and the running status
    /// at the end. Realtime bytes come out where they stand, even when they
    /// interrupt another message. A system exclusive message comes out when
    /// its F7 arrives; one cut short by another status byte or by the end of
    /// `bytes` is dropped, as is any message left incomplete at the end, and
    /// data bytes with no status to belong to. Never fails.
    public static func parse(_ bytes: [UInt8], runningStatus: UInt8? = nil) -> (messages: [MIDIMessage], runningStatus: UInt8?) {
        var parser = MIDIByteParser(runningStatus: runningStatus)
        var messages: [MIDIMessage] = []
        var systemExclusive: [UInt8]?
        for byte in bytes {
            if byte < 0xF8, let data = systemExclusive {
                if byte < 0x80 {
                    systemExclusive!.append(byte)
                    continue
                }
                if byte == 0xF7 {
                    messages.append(.systemExclusive(MIDISystemExclusive(data: data)))
                }
                systemExclusive = nil
            }
            if byte == 0xF0 {
                systemExclusive = []
            }
            if let message = parser.feed(byte) {
                messages.append(MIDIMessage(message))
            }
        }
        return (messages, parser.runningStatus)
    }
}
