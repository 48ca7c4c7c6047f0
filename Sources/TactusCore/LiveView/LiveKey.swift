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

    /// The keys as the live view's last line shows them (`short`, dropped
    /// by `priority` when the line is narrow, highest first) and as help
    /// says them (`long`); the one list of them.
    public static let legend: [(short: String, long: String, priority: Int)] = [
        ("space start/stop", "space start/stop", 0),
        ("+/- tempo", "+ and - tempo", 1),
        ("t tap", "t tap", 2),
        ("n/p preset", "n/p next/previous preset", 4),
        ("m mute", "m mute", 3),
        ("q quit", "q quit", 0),
    ]

    /// "space start/stop, + and - tempo, …, q quit".
    public static var legendText: String { legend.map(\.long).joined(separator: ", ") }

    /// The action of one plain key byte; nil for keys without one.
    public init?(byte: UInt8) {
        switch byte {
        case UInt8(ascii: " "): self = .startStop
        case UInt8(ascii: "+"), UInt8(ascii: "="): self = .tempoUp
        case UInt8(ascii: "-"), UInt8(ascii: "_"): self = .tempoDown
        case UInt8(ascii: "t"), UInt8(ascii: "T"): self = .tap
        case UInt8(ascii: "n"), UInt8(ascii: "N"): self = .nextPreset
        case UInt8(ascii: "p"), UInt8(ascii: "P"): self = .previousPreset
        case UInt8(ascii: "m"), UInt8(ascii: "M"): self = .mute
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03: self = .quit
        default: return nil
        }
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
            switch bytes[index] {
            case UInt8(ascii: "A"): keys.append(.tempoUp)
            case UInt8(ascii: "B"): keys.append(.tempoDown)
            case UInt8(ascii: "C"): keys.append(.nextPreset)
            case UInt8(ascii: "D"): keys.append(.previousPreset)
            default: break
            }
            index += 1
        }
        return keys
    }
}
