import CALSA
import Glibc

/// The real sequencer over alsa-lib (`snd_seq_*`). Owns the `snd_seq_t`
/// handle and one queue; closes both on `close()` or deinit. Use it from one
/// thread at a time (the pedal reader thread), never from the JACK callback.
public final class ALSASequencer: SequencerBackend, @unchecked Sendable {
    /// The device alsa-lib's "hw" sequencer opens.
    public static let device = "/dev/snd/seq"

    private var handle: OpaquePointer?
    private var queue: Int32 = -1
    /// Times the kernel's input buffer overflowed and events were lost (`-ENOSPC`).
    public private(set) var overruns = 0

    public init() {}

    deinit {
        close()
    }

    static func reason(_ code: Int32) -> String {
        String(cString: snd_strerror(code))
    }

    private func check(_ code: Int32, _ function: String) throws(ALSAError) {
        if code < 0 { throw ALSAError.callFailed(function: function, reason: Self.reason(code)) }
    }

    private func openHandle() throws(ALSAError) -> OpaquePointer {
        guard let handle else { throw ALSAError.notOpen }
        return handle
    }

    /// `snd_seq_open("default", SND_SEQ_OPEN_DUPLEX, SND_SEQ_NONBLOCK)`,
    /// `snd_seq_set_client_name`, `snd_seq_alloc_named_queue`, `snd_seq_start_queue`.
    /// A missing device gives `.sequencerUnavailable`; alsa-lib's own stderr
    /// messages are silenced.
    public func open(clientName: String) throws(ALSAError) {
        close()
        calsa_silence_library_errors()
        var opened: OpaquePointer?
        let code = snd_seq_open(&opened, "default", SND_SEQ_OPEN_DUPLEX, SND_SEQ_NONBLOCK)
        guard code >= 0, let opened else {
            throw ALSAError.sequencerUnavailable(device: Self.device, reason: Self.reason(code < 0 ? code : -ENODEV))
        }
        handle = opened
        do {
            try check(snd_seq_set_client_name(opened, clientName), "snd_seq_set_client_name")
            let allocated = snd_seq_alloc_named_queue(opened, clientName)
            try check(allocated, "snd_seq_alloc_named_queue")
            queue = allocated
            try check(calsa_start_queue(opened, allocated), "snd_seq_start_queue")
            try check(snd_seq_drain_output(opened), "snd_seq_drain_output")
        } catch {
            close()
            throw error
        }
    }

    /// `snd_seq_client_id`.
    public var clientID: Int? {
        handle.map { Int(snd_seq_client_id($0)) }
    }

    /// `snd_seq_query_next_client` / `snd_seq_query_next_port` over every client.
    public func ports() throws(ALSAError) -> [ALSAPort] {
        let seq = try openHandle()
        var clientInfo: OpaquePointer?
        var portInfo: OpaquePointer?
        try check(snd_seq_client_info_malloc(&clientInfo), "snd_seq_client_info_malloc")
        defer { snd_seq_client_info_free(clientInfo) }
        try check(snd_seq_port_info_malloc(&portInfo), "snd_seq_port_info_malloc")
        defer { snd_seq_port_info_free(portInfo) }
        var result: [ALSAPort] = []
        snd_seq_client_info_set_client(clientInfo, -1)
        while snd_seq_query_next_client(seq, clientInfo) >= 0 {
            let client = snd_seq_client_info_get_client(clientInfo)
            let clientName = String(cString: snd_seq_client_info_get_name(clientInfo))
            snd_seq_port_info_set_client(portInfo, client)
            snd_seq_port_info_set_port(portInfo, -1)
            while snd_seq_query_next_port(seq, portInfo) >= 0 {
                result.append(ALSAPort(
                    address: ALSAAddress(client: Int(client), port: Int(snd_seq_port_info_get_port(portInfo))),
                    clientName: clientName, name: String(cString: snd_seq_port_info_get_name(portInfo)),
                    capabilities: snd_seq_port_info_get_capability(portInfo), types: snd_seq_port_info_get_type(portInfo)))
            }
        }
        return result
    }

    /// `snd_seq_create_port` with real-time timestamping on our queue.
    public func createInputPort(name: String) throws(ALSAError) -> ALSAAddress {
        let seq = try openHandle()
        var info: OpaquePointer?
        try check(snd_seq_port_info_malloc(&info), "snd_seq_port_info_malloc")
        defer { snd_seq_port_info_free(info) }
        snd_seq_port_info_set_name(info, name)
        snd_seq_port_info_set_capability(info, ALSAPort.capabilityWrite | ALSAPort.capabilitySubscribeWrite)
        snd_seq_port_info_set_type(info, ALSAPort.typeMIDIGeneric | ALSAPort.typeApplication)
        snd_seq_port_info_set_timestamping(info, 1)
        snd_seq_port_info_set_timestamp_real(info, 1)
        snd_seq_port_info_set_timestamp_queue(info, queue)
        try check(snd_seq_create_port(seq, info), "snd_seq_create_port")
        return ALSAAddress(client: Int(snd_seq_client_id(seq)), port: Int(snd_seq_port_info_get_port(info)))
    }

    /// `snd_seq_connect_from`.
    public func connect(from source: ALSAAddress, to port: ALSAAddress) throws(ALSAError) {
        let seq = try openHandle()
        try check(
            snd_seq_connect_from(seq, Int32(port.port), Int32(source.client), Int32(source.port)), "snd_seq_connect_from")
    }

    /// `snd_seq_get_queue_status` / `snd_seq_queue_status_get_real_time`.
    public func queueTime() throws(ALSAError) -> SequencerRealTime {
        let seq = try openHandle()
        var status: OpaquePointer?
        try check(snd_seq_queue_status_malloc(&status), "snd_seq_queue_status_malloc")
        defer { snd_seq_queue_status_free(status) }
        try check(snd_seq_get_queue_status(seq, queue, status), "snd_seq_get_queue_status")
        guard let time = snd_seq_queue_status_get_real_time(status)?.pointee else {
            throw ALSAError.callFailed(function: "snd_seq_queue_status_get_real_time", reason: "no time")
        }
        return SequencerRealTime(seconds: time.tv_sec, nanoseconds: time.tv_nsec)
    }

    /// `snd_seq_event_input`, after `poll` on the sequencer's descriptors.
    public func nextEvent(timeoutMilliseconds: Int32) throws(ALSAError) -> SequencerEvent? {
        let seq = try openHandle()
        if snd_seq_event_input_pending(seq, 1) <= 0 {
            let count = snd_seq_poll_descriptors_count(seq, Int16(POLLIN))
            guard count > 0 else { return nil }
            var descriptors = [pollfd](repeating: pollfd(), count: Int(count))
            let filled = snd_seq_poll_descriptors(seq, &descriptors, UInt32(count), Int16(POLLIN))
            let ready = poll(&descriptors, nfds_t(filled), timeoutMilliseconds)
            guard ready > 0 else { return nil }
        }
        var event: UnsafeMutablePointer<snd_seq_event_t>?
        let code = snd_seq_event_input(seq, &event)
        if code == -ENOSPC {
            overruns += 1
            return nil
        }
        if code == -EAGAIN { return nil }
        try check(code, "snd_seq_event_input")
        return event.map { SequencerEvent($0.pointee) }
    }

    /// `snd_seq_stop_queue`, `snd_seq_free_queue`, `snd_seq_close`.
    public func close() {
        guard let seq = handle else { return }
        if queue >= 0 {
            _ = calsa_stop_queue(seq, queue)
            _ = snd_seq_drain_output(seq)
            _ = snd_seq_free_queue(seq, queue)
        }
        _ = snd_seq_close(seq)
        handle = nil
        queue = -1
    }
}
