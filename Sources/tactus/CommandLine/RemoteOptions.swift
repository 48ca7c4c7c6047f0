/// The remote control options of `tactus run`: where it takes OSC commands.
struct RemoteOptions {
    static let options: [OptionHelp] = [
        OptionHelp("--osc-port N", "Take OSC commands on UDP port N, 1–65535 (docs/remote-control.md; off by default; a port in use is exit 1)."),
        OptionHelp("--osc-address ADDR", "The IPv4 address the OSC port listens on (default: 127.0.0.1, this machine only; 0.0.0.0 for a tablet on the network)."),
    ]

    var port: Int?
    var address = "127.0.0.1"

    /// Takes one of these options; false for any other.
    mutating func parse(option: String, from arguments: inout ArgumentCursor) throws(CommandLineError) -> Bool {
        switch option {
        case "--osc-port":
            let text = try arguments.value(placeholder: "N")
            guard let value = Int(text), (1...65_535).contains(value) else {
                throw .option(option, "expected a UDP port from 1 to 65535, got '\(text)'")
            }
            port = value
        case "--osc-address":
            let text = try arguments.value(placeholder: "ADDR")
            guard UDPAddress(host: text, port: 0) != nil else {
                throw .option(option, "expected an IPv4 address such as 127.0.0.1 or 0.0.0.0, got '\(text)'")
            }
            address = text
        default:
            return false
        }
        return true
    }

    func validate() throws(CommandLineError) {
        if port == nil && address != "127.0.0.1" {
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
