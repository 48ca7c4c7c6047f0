import TactusCore
import TactusSession

/// What `tactus run` asks of the live loop beside the session itself (a
/// `SessionSetup`), as plain values its options set: the JACK client, its
/// connections, the sounds it loads, the transport, the view and how it
/// carries on.
public struct LiveOptions: Sendable {
    public var clientName = "tactus"
    public var server: String?
    public var connectClick: [String] = []
    public var connectClock: [String] = []
    public var connectInput: [String] = []
    public var connectPedal: [String] = []
    public var connectAudio: [String] = []
    /// `--auto-connect`: the click to the first two physical playback ports.
    public var autoConnect = false
    /// The click's four buffers per sound bank (with a setlist, every preset's).
    public var sounds: [[Float]] = []
    /// Each click layer's four buffers, in order.
    public var layerSounds: [[Float]] = []
    /// `--setlist`: where it starts, and each preset's sound bank in `sounds`.
    public var setlist: SetlistStart?
    public var soundBanks: [Int] = []
    public var alsaPedal: [String] = []
    public var alsaInput: [String] = []
    public var transport = TransportMode.off
    /// Wait stopped until a start (pedal, key, OSC): started by a session manager.
    public var startsStopped = false
    /// `--no-ui`: one line per bar instead of the live view.
    public var noUI = false
    /// `--reconnect`: wait for a server that went away and carry on.
    public var reconnect = false

    public init() {}
}
