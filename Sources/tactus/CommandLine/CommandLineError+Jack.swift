import TactusJack

extension CommandLineError {
    /// A JACK failure: exit 3 when there is no server to talk to (none
    /// running, gone, or not usable), 1 for anything else.
    static func jack(_ error: JackError) -> CommandLineError {
        switch error {
        case .serverUnreachable, .serverShutDown, .clientOpenFailed, .serverMismatch:
            return CommandLineError(error.description, exitCode: .unavailable)
        default:
            return CommandLineError(error.description, exitCode: .failure)
        }
    }
}
