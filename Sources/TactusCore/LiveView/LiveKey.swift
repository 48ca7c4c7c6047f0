/// What a key does in the live view.
public enum LiveKey: String, Hashable, Sendable, CaseIterable {
    /// Space: start or stop.
    case startStop
    /// `+` (or `=`, or the up arrow): tempo up.
    case tempoUp
    /// `-` (or `_`, or the down arrow): tempo down.
    case tempoDown
    /// `t`: one tap of tap tempo.
    case tap
    /// `n` (or the right arrow): next preset.
    case nextPreset
    /// `p` (or the left arrow): previous preset.
    case previousPreset
    /// `m`: mute or unmute the click.
    case mute
    /// `q`, Escape on its own or Ctrl-C: quit.
    case quit

    /// The bytes that press the key (a letter in either case), the first as
    /// the legend names it, and the final byte of the arrow key's escape
    /// sequence (`ESC [ A`) that presses it too; the one list of bindings.
    public var bindings: (bytes: [UInt8], arrow: UInt8?) {
        switch self {
        case .startStop: (Array(" ".utf8), nil)
        case .tempoUp: (Array("+=".utf8), UInt8(ascii: "A"))
        case .tempoDown: (Array("-_".utf8), UInt8(ascii: "B"))
        case .tap: (Array("tT".utf8), nil)
        case .nextPreset: (Array("nN".utf8), UInt8(ascii: "C"))
        case .previousPreset: (Array("pP".utf8), UInt8(ascii: "D"))
        case .mute: (Array("mM".utf8), nil)
        case .quit: (Array("qQ".utf8) + [0x03], nil)
        }
    }

    /// The key's first byte as the legend names it: `space`, `+`, `t`.
    public var name: String {
        let byte = bindings.bytes[0]
        return byte == UInt8(ascii: " ") ? "space" : String(UnicodeScalar(byte))
    }

    /// The keys as the live view's last line shows them (`short`: their
    /// names, then what they do; dropped by `priority` when the line is
    /// narrow, highest first) and as help says them (`long`).
    public static let legend: [(keys: [LiveKey], short: String, long: String, priority: Int)] = [
        ([.startStop], "space start/stop", "space start/stop", 0),
        ([.tempoUp, .tempoDown], "+/- tempo", "+ and - tempo", 1),
        ([.tap], "t tap", "t tap", 2),
        ([.nextPreset, .previousPreset], "n/p preset", "n/p next/previous preset", 4),
        ([.mute], "m mute", "m mute", 3),
        ([.quit], "q quit", "q quit", 0),
    ]

    /// "space start/stop, + and - tempo, …, q quit".
    public static var legendText: String { legend.map(\.long).joined(separator: ", ") }

    /// The action of one plain key byte; nil for keys without one.
    init?(byte: UInt8) {
        guard let key = Self.allCases.first(where: { $0.bindings.bytes.contains(byte) }) else { return nil }
        self = key
    }

    /// The action of the arrow key whose escape sequence ends in `byte`.
    init?(arrow byte: UInt8) {
        guard let key = Self.allCases.first(where: { $0.bindings.arrow == byte }) else { return nil }
        self = key
    }

    /// The actions in the bytes of one read from the terminal, in order.
    /// Escape sequences (arrows, function keys) are read whole: the arrows act,
    /// the rest are ignored; a lone Escape at the end of the read quits.
    public static func keys(in bytes: some Collection<UInt8>) -> [LiveKey] {
        let bytes = Array(bytes)
        var keys: [LiveKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == 0x1B else {
                if let key = LiveKey(byte: byte) { keys.append(key) }
                continue
            }
            guard index < bytes.count else {
                keys.append(.quit)
                break
            }
            let introducer = bytes[index]
            guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
                // Alt+key arrives as Escape then the key: the key alone acts.
                continue
            }
            index += 1
            // Parameters and intermediates run up to a final byte 0x40–0x7E.
            while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            if let key = LiveKey(arrow: bytes[index]) { keys.append(key) }
            index += 1
        }
        return keys
    }
}
