import Glibc
import TactusJack

/// A JACK client that records what its inputs receive, frame-exactly: audio
/// onsets and MIDI events, stamped with absolute frames
/// (`jack_last_frame_time()` + offset) in the process callback, into memory
/// allocated before activation. The suite reads the tracks afterwards.
final class BenchRecorder {
    let trackNames: [String]
    /// The recorder's own client, which it opened; `host` closes it.
    private let client: JackClient
    private let host: JackProcessHost<RecorderState>

    /// An input per entry of `tracks` (audio or MIDI), each with room for `capacity` entries.
    init(server: String, name: String, tracks: [(name: String, isAudio: Bool)], capacity: Int, minimumSilence: Int) throws {
        client = try BenchRecorder.connect(name: name, server: server)
        trackNames = tracks.map(\.name)
        let storage = UnsafeMutablePointer<RecorderTrack>.allocate(capacity: tracks.count)
        for (index, track) in tracks.enumerated() {
            let port = try client.registerPort(name: track.name, type: track.isAudio ? .audio : .midi, direction: .input)
            (storage + index).initialize(to: RecorderTrack(
                port: port, isAudio: track.isAudio, capacity: capacity, minimumSilence: minimumSilence))
        }
        host = try JackProcessHost(
            client, state: RecorderState(
                client: client.handle, tracks: storage, trackCount: tracks.count, minimumSilence: minimumSilence),
            process: RecorderState.process)
        try host.activate()
    }

    private var state: UnsafeMutablePointer<RecorderState> { host.state }

    /// Xruns the server reported since the recorder opened.
    var xrunCount: Int { client.xrunCount }

    /// The server's period, in frames.
    var bufferSize: Int { client.bufferSize }

    /// Moves JACK's transport to frame 0 and starts it rolling.
    func rollTransport() throws {
        try client.locateTransport(frame: 0)
        try client.startTransport()
    }

    /// Opens the client, retrying for up to 10 s while the server starts.
    static func connect(name: String, server: String) throws -> JackClient {
        let deadline = Monotonic.nanoseconds() + 10_000_000_000
        while true {
            do {
                return try JackClient(name: name, server: server)
            } catch {
                if Monotonic.nanoseconds() >= deadline {
                    throw BenchError("no JACK server '\(server)' to record from: \(error)")
                }
                usleep(100_000)
            }
        }
    }

    /// The full name of a track's input port.
    func portName(_ track: String) -> String {
        "\(client.name):\(track)"
    }

    private func slot(_ track: String) -> UnsafeMutablePointer<RecorderTrack>? {
        trackNames.firstIndex(of: track).map { state.pointee.tracks + $0 }
    }

    /// Frames (and status bytes: 0 for audio onsets) recorded on `track`.
    func entries(_ track: String) -> [(frame: Int64, status: UInt8)] {
        guard let slot = slot(track) else { return [] }
        return Array(UnsafeBufferPointer(start: slot.pointee.entries, count: count(track)))
    }

    /// Entries on all tracks that did not fit.
    var dropped: Int {
        (0..<trackNames.count).map { (state.pointee.tracks + $0).pointee.dropped.load(ordering: .relaxed) }.reduce(0, +)
    }

    /// How many entries `track` holds so far.
    func count(_ track: String) -> Int {
        slot(track)?.pointee.count.load(ordering: .acquiring) ?? 0
    }

    /// The current absolute frame (`jack_frame_time`, extended like the cycle starts).
    var frameNow: Int64 {
        client.frameTime(after: state.pointee.lastStart.load(ordering: .acquiring))
    }

    /// Waits until something is connected to `track`'s port, up to `timeout` seconds.
    func waitForConnection(_ track: String, timeout: Double) -> Bool {
        Monotonic.poll(timeout: timeout, every: 1_000) { (try? client.connections(of: portName(track)))?.isEmpty == false }
    }

    /// Waits until `track` has an entry, up to `timeout` seconds; its first frame.
    func waitForFirst(_ track: String, timeout: Double) -> Int64? {
        Monotonic.poll(timeout: timeout, every: 500) { count(track) > 0 } ? entries(track).first?.frame : nil
    }
}
