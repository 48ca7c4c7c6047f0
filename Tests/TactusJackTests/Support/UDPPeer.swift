import Foundation
import Glibc
import TactusCore

/// A UDP socket on 127.0.0.1 that a test speaks OSC through: it sends
/// datagrams to a port and waits, with a limit, for what comes back.
final class UDPPeer {
    let fd: Int32
    let port: Int

    /// Binds 127.0.0.1:`port` (0: a port the system chooses).
    init(port: Int = 0) throws {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        self.fd = fd
        guard fd >= 0 else { throw JackTestServerError("socket: \(String(cString: strerror(errno)))") }
        var address = Self.loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw JackTestServerError("bind 127.0.0.1:\(port): \(reason)")
        }
        var chosen = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &chosen) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: chosen.sin_port))
    }

    deinit { close(fd) }

    /// A port that was free a moment ago (bound and let go).
    static func freePort() throws -> Int {
        try UDPPeer().port
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    func send(_ bytes: [UInt8], to port: Int) {
        var address = Self.loopback(port: port)
        _ = bytes.withUnsafeBytes { data in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, data.baseAddress, data.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }

    func send(_ message: OSCMessage, to port: Int) {
        send(message.bytes, to: port)
    }

    /// The next datagram and the port it came from, or nil after `timeout`.
    func receive(timeout: Duration) -> (bytes: [UInt8], from: Int)? {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, milliseconds) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var sender = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let count = buffer.withUnsafeMutableBytes { bytes in
            withUnsafeMutablePointer(to: &sender) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(fd, bytes.baseAddress, bytes.count, 0, $0, &length) }
            }
        }
        guard count >= 0 else { return nil }
        return (Array(buffer.prefix(count)), Int(UInt16(bigEndian: sender.sin_port)))
    }

    /// The next OSC message, skipping any whose address is not `address`;
    /// nil when none came within `timeout`, not counting the time the
    /// machine stood still (``MachineStill``) nor the time `sender`, the
    /// program that answers, waited in the kernel (an fsync of what it saves
    /// before it answers has taken 50 s on a busy disk).
    func receive(_ address: String, from sender: TactusChild, timeout: Duration = .seconds(20)) -> (message: OSCMessage, from: Int)? {
        var account = TestWait.TimeAccount(limit: timeout, what: address)
        while true {
            if let (bytes, from) = receive(timeout: .milliseconds(200)), let packet = try? OSCPacket(decoding: bytes),
               let message = packet.messages.first(where: { $0.address == address }) {
                return (message, from)
            }
            guard (try? account.check(waitingInKernel: sender.isWaitingInKernel, detail: { "" })) != nil else { return nil }
        }
    }
}
