/// `tactus learn`: which pedal messages are presses, how they read, and the
/// pedal map they make once each is given an action.
///
/// A press is what a pedal map would trigger on: a note-on with velocity,
/// a control change at or above 64, a program change. Pedals are told apart
/// by message type and number (any channel), so pressing the same pedal again
/// is recognised.
public struct PedalLearner: Sendable {
    /// The pedals pressed so far, in the order first pressed, and the action
    /// each was given (nil: not yet, or skipped).
    public private(set) var pedals: [(message: PedalMessage, action: PedalAction?)] = []

    public init() {}

    /// `cc 80 value 127 on channel 1`, `note 36 velocity 100 on channel 10`,
    /// `program 4 on channel 1`; other messages by their bytes.
    public static func describe(status: UInt8, data1: UInt8, data2: UInt8) -> String {
        let channel = Int(status & 0x0F) + 1
        switch status & 0xF0 {
        case 0xB0: return "cc \(data1) value \(data2) on channel \(channel)"
        case 0x90 where data2 > 0: return "note \(data1) velocity \(data2) on channel \(channel)"
        case 0x80, 0x90: return "note \(data1) off on channel \(channel)"
        case 0xC0: return "program \(data1) on channel \(channel)"
        default:
            return "message " + [status, data1, data2].map { byte in
                let hex = String(byte, radix: 16, uppercase: true)
                return hex.count == 1 ? "0" + hex : hex
            }.joined(separator: " ")
        }
    }

    /// The binding message for a press, or nil when the message is not one
    /// (a release, a note-off, anything else).
    public static func press(status: UInt8, data1: UInt8, data2: UInt8) -> PedalMessage? {
        let number = data1 & 0x7F
        switch status & 0xF0 {
        case 0xB0 where data2 >= PedalMessage.defaultMinimum: return PedalMessage(kind: .cc, number: number)
        case 0x90 where data2 > 0: return PedalMessage(kind: .note, number: number)
        case 0xC0: return PedalMessage(kind: .program, number: number)
        default: return nil
        }
    }

    /// The message as it would be written in a pedal map: `{"type":"cc","number":80}`.
    public static func json(_ message: PedalMessage) -> String {
        "{\"type\":\"\(message.kind.rawValue)\",\"number\":\(message.number)}"
    }

    /// Takes one message; returns the pedal's index when it is a press of a
    /// pedal not seen before.
    public mutating func take(status: UInt8, data1: UInt8, data2: UInt8) -> Int? {
        guard let message = Self.press(status: status, data1: data1, data2: data2),
              !pedals.contains(where: { $0.message.overlaps(message) })
        else { return nil }
        pedals.append((message, nil))
        return pedals.count - 1
    }

    /// Gives pedal `index` its action.
    public mutating func bind(_ index: Int, to action: PedalAction?) {
        guard pedals.indices.contains(index) else { return }
        pedals[index].action = action
    }

    /// The bindings made so far, in the order pressed.
    public var bindings: [PedalBinding] {
        pedals.compactMap { pedal in pedal.action.map { PedalBinding(message: pedal.message, action: $0) } }
    }

    /// Reads an action as `tactus learn` takes it: a name from
    /// `PedalAction.names`, with `=VALUE` for `tempo+`/`tempo-` (BPM),
    /// `tempo-scale` (factor) and `preset` (name): `tempo+=2`, `preset=Ballad`.
    public static func action(parsing text: String) -> PedalAction? {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard let name = parts.first else { return nil }
        let value = parts.count > 1 ? parts[1] : nil
        switch name {
        case "tempo+", "tempo-":
            var step = PedalAction.defaultTempoStepMilliBPM
            if let value {
                guard let bpm = Double(value), bpm > 0, bpm <= 380 else { return nil }
                step = Tempo(bpm: bpm).milliBPM
                guard step > 0 else { return nil }
            }
            return name == "tempo+" ? .tempoUp(milliBPM: step) : .tempoDown(milliBPM: step)
        case "tempo-scale":
            guard let value, let factor = Double(value), factor >= 0.1, factor <= 10, factor != 1 else { return nil }
            return .tempoScale(factor: factor)
        case "preset":
            guard let value, !value.allSatisfy(\.isWhitespace) else { return nil }
            return .preset(name: value)
        default:
            guard value == nil else { return nil }
            return PedalAction.withoutArgument.first { $0.name == name }
        }
    }

    /// The pedal map file text for `bindings` (which `PedalMap(json:file:)` reads back).
    public static func mapText(_ bindings: [PedalBinding], description: String) -> String {
        var lines: [String] = []
        for binding in bindings {
            let message = binding.message
            var entry = "{\"message\": {\"type\": \"\(message.kind.rawValue)\", \"channel\": "
                + (message.channel.map(String.init) ?? "\"any\"") + ", \"number\": \(message.number)"
            if message.kind == .cc { entry += ", \"min\": \(message.minimum)" }
            entry += "}, \"action\": \"\(binding.action.name)\""
            switch binding.action {
            case .tempoUp(let step), .tempoDown(let step): entry += ", \"amount\": \(Tempo(milliBPM: step))"
            case .tempoScale(let factor): entry += ", \"amount\": \(NumberText.plain(factor))"
            case .preset(let name): entry += ", \"name\": \(jsonString(name))"
            default: break
            }
            lines.append("    " + entry + "}")
        }
        return "{\n  \"description\": \(jsonString(description)),\n  \"bindings\": [\n"
            + lines.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
