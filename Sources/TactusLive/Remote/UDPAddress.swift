import Glibc

/// An IPv4 address and UDP port, as `sockaddr_in` holds them.
public struct UDPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address in network byte order.
    var host: UInt32
    var port: UInt16

    /// Reads a dotted IPv4 address (`inet_pton(3)`); `localhost` is 127.0.0.1.
    public init?(host text: String, port: Int) {
        guard (0...65_535).contains(port) else { return nil }
        var address = in_addr()
        guard inet_pton(AF_INET, text == "localhost" ? "127.0.0.1" : text, &address) == 1 else { return nil }
        host = address.s_addr
        self.port = UInt16(port)
    }

    init(_ address: sockaddr_in) {
        host = address.sin_addr.s_addr
        port = UInt16(bigEndian: address.sin_port)
    }

    var socketAddress: sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = host
        return address
    }

    /// `127.0.0.1:9000`.
    public var description: String {
        let bytes = withUnsafeBytes(of: host) { Array($0) }
        return bytes.map(String.init).joined(separator: ".") + ":\(port)"
    }

    /// The same host on another port.
    func with(port: Int) -> UDPAddress {
        var other = self
        other.port = UInt16(port)
        return other
    }
}

extension UDPAddress {
    /// `host` (a name or a dotted address) as IPv4 through `getaddrinfo(3)`,
    /// which may ask the resolver: for start-up, never the control loop.
    public static func resolve(host: String, port: Int) -> UDPAddress? {
        if let address = UDPAddress(host: host, port: port) { return address }
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &found) == 0, let first = found else { return nil }
        defer { freeaddrinfo(found) }
        guard let raw = first.pointee.ai_addr else { return nil }
        var address = raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UDPAddress($0.pointee) }
        address.port = UInt16(port)
        return address
    }
}
