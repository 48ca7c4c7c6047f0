/// One entry of a pedal map: this message triggers that action.
public struct PedalBinding: Hashable, Sendable, CustomStringConvertible {
    public var message: PedalMessage
    public var action: PedalAction

    public init(message: PedalMessage, action: PedalAction) {
        self.message = message
        self.action = action
    }

    public var description: String { "\(message) → \(action)" }
}
