/// A sequencer port address, `CLIENT:PORT` (e.g. `20:0`).
public struct ALSAAddress: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var client: Int
    public var port: Int

    init(client: Int, port: Int) {
        self.client = client
        self.port = port
    }

    /// Parses `CLIENT:PORT` with both numbers in 0–255.
    init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let client = Int(parts[0]), let port = Int(parts[1]),
              (0...255).contains(client), (0...255).contains(port) else {
            return nil
        }
        self.init(client: client, port: port)
    }

    public static func < (lhs: ALSAAddress, rhs: ALSAAddress) -> Bool {
        (lhs.client, lhs.port) < (rhs.client, rhs.port)
    }

    public var description: String { "\(client):\(port)" }
}
