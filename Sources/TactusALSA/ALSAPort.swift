/// One port as the sequencer lists it.
public struct ALSAPort: Hashable, Sendable, CustomStringConvertible {
    public var address: ALSAAddress
    public var clientName: String
    public var name: String
    /// `SND_SEQ_PORT_CAP_*` bits.
    public var capabilities: UInt32
    /// `SND_SEQ_PORT_TYPE_*` bits.
    public var types: UInt32

    // The values of the SND_SEQ_PORT_CAP_* / _TYPE_* macros (seq.h), kept here so
    // the model needs no C import.
    public static let capabilityRead: UInt32 = 1 << 0
    public static let capabilityWrite: UInt32 = 1 << 1
    public static let capabilitySubscribeRead: UInt32 = 1 << 5
    public static let capabilitySubscribeWrite: UInt32 = 1 << 6
    public static let capabilityNoExport: UInt32 = 1 << 7
    public static let typeMIDIGeneric: UInt32 = 1 << 1
    public static let typeHardware: UInt32 = 1 << 16
    public static let typeSoftware: UInt32 = 1 << 17
    public static let typeApplication: UInt32 = 1 << 20

    /// The system client (timer, announce) is 0: never a MIDI source.
    public static let systemClient = 0

    /// `Client Name:Port Name`, what patterns are matched against.
    public var fullName: String { "\(clientName):\(name)" }

    /// Whether MIDI can be read from it by subscribing: readable, subscribable,
    /// exported, and not the system client.
    public var isMIDISource: Bool {
        let needed = Self.capabilityRead | Self.capabilitySubscribeRead
        return capabilities & needed == needed && capabilities & Self.capabilityNoExport == 0
            && address.client != Self.systemClient
    }

    /// `20:0  nanoKONTROL2:nanoKONTROL2 MIDI 1`, as `tactus ports --alsa` prints it.
    public var description: String { "\(address)  \(fullName)" }
}
