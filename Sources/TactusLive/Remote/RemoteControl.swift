import Foundation
import Synchronization
import TactusCore

/// The OSC port of `tactus run`. A thread of its own sleeps in `poll(2)`
/// until a datagram or the stop pipe is readable, decodes what came, sends
/// `/tactus/error` back for a message that is no command, and queues the
/// commands for the control loop, which it wakes. Packets that are not OSC
/// are dropped and counted. Nothing here touches the realtime thread.
///
/// The socket that talks to a session manager (`server` set) takes only
/// the NSM protocol's messages, and only from the server's host; they wait
/// in a queue of their own.
public final class RemoteControl: @unchecked Sendable {
    /// Commands waiting for the control loop; more are dropped and counted.
    static let queueCapacity = 256
    /// Clients registered for changes; more are refused with an error.
    static let subscriberCapacity = 16

    let socket: UDPSocket
    /// The session manager this socket talks to, if it is that socket.
    let server: UDPAddress?
    private let queue = Mutex<[RemoteRequest]>([])
    private let sessionQueue = Mutex<[OSCMessage]>([])
    private let wake = Mutex<(@Sendable () -> Void)?>(nil)
    private let dropped = Atomic<Int>(0)
    private let stopPipe: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    /// Control loop only: who is told about changes, and what they were told last.
    var subscribers: [UDPAddress] = []
    var published: RemoteState?

    public init(socket: UDPSocket, server: UDPAddress? = nil) {
        self.socket = socket
        self.server = server
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        stopPipe = (ends[0], ends[1])
        let thread = Thread { [self] in
            self.read()
            self.finished.signal()
        }
        thread.name = "tactus osc"
        thread.start()
    }

    /// Calls `action` (on the OSC thread) after commands arrived.
    public func onMessage(_ action: @escaping @Sendable () -> Void) {
        wake.withLock { $0 = action }
    }

    /// Packets dropped: not OSC, or the queue full.
    var droppedPackets: Int { dropped.load(ordering: .relaxed) }

    private func read() {
        while true {
            var descriptors = [
                pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || descriptors[1].revents != 0 { break }
            var arrived = false
            while let (bytes, sender) = socket.receive() {
                arrived = take(bytes, from: sender) || arrived
            }
            if arrived { wake.withLock { $0 }?() }
        }
        close(stopPipe.read)
    }

    /// Decodes one datagram; true when commands were queued.
    private func take(_ bytes: [UInt8], from sender: UDPAddress) -> Bool {
        let packet: OSCPacket
        do {
            packet = try OSCPacket(decoding: bytes)
        } catch {
            dropped.add(1, ordering: .relaxed)
            return false
        }
        if let server {
            let messages = packet.messages.filter { NSMMessage.isSessionManagerAddress($0.address) }
            guard sender.host == server.host, !messages.isEmpty else {
                dropped.add(1, ordering: .relaxed)
                return false
            }
            sessionQueue.withLock { $0 += messages.prefix(max(Self.queueCapacity - $0.count, 0)) }
            return true
        }
        var requests: [RemoteRequest] = []
        for message in packet.messages {
            do {
                requests.append(RemoteRequest(command: try RemoteCommand(message), message: message, sender: sender))
            } catch {
                reply(error: error.message, about: error.field, to: sender)
            }
        }
        guard !requests.isEmpty else { return false }
        let refused = queue.withLock { queue in
            let room = max(Self.queueCapacity - queue.count, 0)
            queue += requests.prefix(room)
            return requests.count - min(room, requests.count)
        }
        if refused > 0 { dropped.add(refused, ordering: .relaxed) }
        return refused < requests.count
    }

    /// Takes the commands that arrived since the last call, in order.
    func drain() -> [RemoteRequest] {
        queue.withLock { queue in
            defer { queue = [] }
            return queue
        }
    }

    /// Takes the session manager's messages that arrived since the last call, in order.
    public func drainSessionMessages() -> [OSCMessage] {
        sessionQueue.withLock { queue in
            defer { queue = [] }
            return queue
        }
    }

    /// `/tactus/error ADDRESS MESSAGE` to `target`.
    func reply(error message: String, about address: String, to target: UDPAddress) {
        socket.send(OSCMessage("/tactus/error", [.string(address), .string(message)]).bytes, to: target)
    }

    public func send(_ message: OSCMessage, to target: UDPAddress) {
        socket.send(message.bytes, to: target)
    }

    /// Where a reply to `sender` asked to go; nil for a host that is no IPv4 address.
    func target(_ ask: RemoteReturn, sender: UDPAddress) -> UDPAddress? {
        switch ask {
        case .sender: sender
        case .senderHost(let port): sender.with(port: port)
        case .address(let host, let port): UDPAddress(host: host, port: port)
        }
    }

    /// Ends the thread and closes the socket (waiting at most a second for the thread).
    public func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        close(stopPipe.write)
        if finished.wait(timeout: .now() + 1) == .success { socket.close() }
    }
}
