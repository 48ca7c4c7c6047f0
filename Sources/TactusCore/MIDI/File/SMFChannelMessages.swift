/// Which channel messages `MIDIFile.read` keeps: all of them, or only the
/// note-ons (all scoring needs: a recorded performance's note-offs, pedal and
/// controller messages would take memory and nothing else). Meta and system
/// exclusive events are kept either way, and each track ends where it would
/// with all of them.
public enum SMFChannelMessages: Sendable {
    case all
    case noteOns
}
