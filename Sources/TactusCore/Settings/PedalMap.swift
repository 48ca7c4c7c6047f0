/// Which pedal messages do what: a list of bindings, plus the last value seen
/// of every controller so that a controller triggers once per press.
///
/// A control change triggers when it crosses from below its binding's
/// `minimum` to at or above it: a sustain pedal sends 127 then 0, one trigger
/// per press. Before any value has been seen a controller counts as 0
/// (released), so the first press after start-up triggers. Pedals in toggle
/// mode (127 on one press, 0 on the next) trigger on every other press; set
/// them to momentary.
public struct PedalMap: Equatable, Sendable {
    /// The bindings in file order; when several match a message the first wins
    /// (the JSON reader refuses overlapping bindings).
    public private(set) var bindings: [PedalBinding]
    /// Free text from the file's `"description"`.
    public var summary: String?
    /// Last value of each controller: index `(channel - 1) * 128 + controller`.
    private var controllerValues: [UInt8]

    public init(bindings: [PedalBinding], summary: String? = nil) {
        self.bindings = bindings
        self.summary = summary
        self.controllerValues = Array(repeating: 0, count: 16 * 128)
    }

    /// The action a short MIDI message triggers, if any. Mutating because a
    /// control change is compared with the previous value of its controller.
    public mutating func action(status: UInt8, data1: UInt8, data2: UInt8) -> PedalAction? {
        let channel = Int(status & 0x0F) + 1
        let number = data1 & 0x7F
        switch status & 0xF0 {
        case 0x90 where data2 > 0:
            return firstAction(kind: .note, channel: channel, number: number) { _ in true }
        case 0xB0:
            let slot = (channel - 1) * 128 + Int(number)
            let previous = controllerValues[slot]
            let value = data2 & 0x7F
            controllerValues[slot] = value
            return firstAction(kind: .cc, channel: channel, number: number) { message in
                previous < message.minimum && value >= message.minimum
            }
        case 0xC0:
            return firstAction(kind: .program, channel: channel, number: number) { _ in true }
        default:
            return nil
        }
    }

    /// Forgets the controller values (e.g. after the pedal was reconnected).
    public mutating func resetControllers() {
        controllerValues = Array(repeating: 0, count: 16 * 128)
    }

    private func firstAction(
        kind: PedalMessage.Kind, channel: Int, number: UInt8, triggers: (PedalMessage) -> Bool
    ) -> PedalAction? {
        for binding in bindings {
            let message = binding.message
            guard message.kind == kind, message.number == number, message.listens(onChannel: channel) else { continue }
            return triggers(message) ? binding.action : nil
        }
        return nil
    }
}
