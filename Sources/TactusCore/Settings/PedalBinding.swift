/// One entry of a pedal map: this message triggers that action.
public struct PedalBinding: Hashable, Sendable, CustomStringConvertible {
    public var message: PedalMessage
    public var action: PedalAction

    public var description: String { "\(message) → \(action)" }
}
