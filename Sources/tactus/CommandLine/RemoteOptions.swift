import TactusCore
import TactusLive

/// The remote control options of `tactus run`: where it takes OSC commands.
struct RemoteOptions {
    static let optionTable: [Option<RemoteOptions>] = [
        Option("--osc-port", "N", "Take OSC commands on UDP port N, {range} (docs/remote-control.md; off by default; a port in use is exit 1).",
               .integer(in: 1...65_535, what: "a UDP port")) { $0.port = $1 },
        Option("--osc-address", "ADDR", "The IPv4 address the OSC port listens on (default: {default}, this machine only; 0.0.0.0 for a tablet on the network).",
               .parsed(expected: "an IPv4 address such as \(localAddress) or 0.0.0.0") { UDPAddress(host: $0, port: 0) == nil ? nil : $0 }, default: localAddress) {
            $0.address = $1
        },
    ]

    /// This machine only: where the OSC port listens unless told otherwise.
    static let localAddress = "127.0.0.1"

    var port: Int?
    var address = localAddress

    func validate() throws(CommandLineError) {
        if port == nil && address != Self.localAddress {
            throw .option("--osc-address", "needs --osc-port (the port to listen on)")
        }
    }

    /// The socket, bound, or nil without `--osc-port`. A port in use is exit 1.
    func open() throws(CommandLineError) -> RemoteControl? {
        guard let port else { return nil }
        do {
            return try RemoteControl(socket: UDPSocket(bindingTo: UDPAddress(host: address, port: port)!))
        } catch {
            throw .failure("--osc-port: cannot listen on UDP \(address):\(port): \(error)")
        }
    }
}
