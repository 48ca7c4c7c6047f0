import Glibc

/// A bound UDP socket (`socket(2)`, `bind(2)`, `recvfrom(2)`, `sendto(2)`).
/// One thread receives, any thread sends; `close()` once, after the
/// receiving thread has ended.
public final class UDPSocket: Sendable {
    /// Why the socket could not be opened: the call and `strerror(3)`'s text.
    public struct Failure: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    let fd: Int32
    /// Where it is bound (the port the system chose when asked for 0).
    let address: UDPAddress

    public init(bindingTo address: UDPAddress) throws(Failure) {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
        var bound = address.socketAddress
        let result = withUnsafePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            throw Failure(call: "bind", code: code)
        }
        var chosen = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &chosen) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        self.address = UDPAddress(chosen)
    }

    /// The next datagram without waiting, or nil when none is there.
    /// Datagrams longer than `limit` come cut short (and fail to decode).
    func receive(limit: Int = 65_536) -> (bytes: [UInt8], from: UDPAddress)? {
        var sender = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { bytes in
            withUnsafeMutablePointer(to: &sender) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    recvfrom(fd, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT), $0, &length)
                }
            }
        }
        guard count >= 0 else { return nil }
        return (Array(buffer.prefix(count)), UDPAddress(sender))
    }

    /// Sends one datagram without waiting; false when it could not go.
    @discardableResult
    func send(_ bytes: [UInt8], to target: UDPAddress) -> Bool {
        var address = target.socketAddress
        let sent = bytes.withUnsafeBytes { data in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, data.baseAddress, data.count, Int32(MSG_DONTWAIT), $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        return sent == bytes.count
    }

    func close() {
        Glibc.close(fd)
    }
}
