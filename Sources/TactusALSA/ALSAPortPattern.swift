/// Which ALSA ports `--alsa-pedal PATTERN` means:
/// - `CLIENT:PORT` in numbers (`20:0`): that address;
/// - `CLIENT NAME:PORT` with a numeric port (`nanoKONTROL2:0`): the port of the
///   client with that name (case-insensitive);
/// - `/regex/`: ports whose `Client:Port` name the regex matches (anywhere;
///   Swift regex syntax, `(?i)` for case-insensitive);
/// - anything else: ports whose `Client:Port` name is that text, ignoring case,
///   or else contains it.
/// Only MIDI sources (readable, subscribable, exported) are considered.
public struct ALSAPortPattern: Hashable, Sendable, CustomStringConvertible {
    public enum Rule: Hashable, Sendable {
        case address(ALSAAddress)
        case clientPort(clientName: String, port: Int)
        case regex(String)
        case text(String)
    }

    public var rule: Rule
    /// The pattern as given.
    public var text: String

    /// Reads a pattern; a `/regex/` that does not compile is an error.
    public init(parsing text: String) throws(ALSAError) {
        self.text = text
        if let address = ALSAAddress(parsing: text) {
            rule = .address(address)
        } else if text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") {
            let source = String(text.dropFirst().dropLast())
            do {
                _ = try Regex(source)
            } catch {
                throw ALSAError.invalidPattern(pattern: text, reason: "not a regular expression")
            }
            rule = .regex(source)
        } else if let colon = text.lastIndex(of: ":"), colon != text.startIndex,
                  let port = Int(text[text.index(after: colon)...]), (0...255).contains(port) {
            rule = .clientPort(clientName: String(text[..<colon]), port: port)
        } else if text.isEmpty {
            throw ALSAError.invalidPattern(pattern: text, reason: "empty")
        } else {
            rule = .text(text)
        }
    }

    /// The MIDI sources among `ports` that the pattern names, in address order.
    /// For plain text, ports whose whole name equals it win over ports that merely contain it.
    public func matches(in ports: [ALSAPort]) -> [ALSAPort] {
        let sources = ports.filter(\.isMIDISource).sorted { $0.address < $1.address }
        switch rule {
        case .address(let address):
            return sources.filter { $0.address == address }
        case .clientPort(let clientName, let port):
            return sources.filter { $0.address.port == port && $0.clientName.lowercased() == clientName.lowercased() }
        case .regex(let source):
            guard let regex = try? Regex(source) else { return [] }
            return sources.filter { (try? regex.firstMatch(in: $0.fullName)) != nil }
        case .text(let text):
            let wanted = text.lowercased()
            let exact = sources.filter { $0.fullName.lowercased() == wanted }
            return exact.isEmpty ? sources.filter { $0.fullName.lowercased().contains(wanted) } : exact
        }
    }

    /// The one MIDI source the pattern names; an error lists the sources when
    /// none match or the matches when several do.
    public func resolve(in ports: [ALSAPort]) throws(ALSAError) -> ALSAPort {
        let found = matches(in: ports)
        if found.count == 1 { return found[0] }
        if found.isEmpty {
            let available = ports.filter(\.isMIDISource).sorted { $0.address < $1.address }
            throw ALSAError.noMatchingPort(pattern: text, available: available.map { "\($0.address) \($0.fullName)" })
        }
        throw ALSAError.ambiguousPort(pattern: text, matches: found.map { "\($0.address) \($0.fullName)" })
    }

    public var description: String { text }
}
