/// The ALSA sequencer calls tactus makes, behind a protocol so that the input
/// logic runs against a recorded fake in tests. Used from one non-realtime
/// thread; every call may block briefly.
public protocol SequencerBackend {
    /// Opens the sequencer as client `clientName` and starts a queue whose
    /// real-time clock stamps incoming events.
    mutating func open(clientName: String) throws(ALSAError)
    /// Our client number while open.
    var clientID: Int? { get }
    /// Every port of every client.
    func ports() throws(ALSAError) -> [ALSAPort]
    /// Creates a writable, subscribable port whose incoming events are stamped
    /// with the queue's real time; returns its address.
    mutating func createInputPort(name: String) throws(ALSAError) -> ALSAAddress
    /// Subscribes `port` (one of ours) to events from `source`.
    mutating func connect(from source: ALSAAddress, to port: ALSAAddress) throws(ALSAError)
    /// The queue's current real time.
    func queueTime() throws(ALSAError) -> SequencerRealTime
    /// The next incoming event, waiting at most `timeoutMilliseconds`; nil when none came.
    mutating func nextEvent(timeoutMilliseconds: Int32) throws(ALSAError) -> SequencerEvent?
    /// Stops the queue and closes the sequencer; harmless when not open.
    mutating func close()
}
