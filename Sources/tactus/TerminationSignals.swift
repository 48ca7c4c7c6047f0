import Glibc
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM as a request to stop: the handler only sets
/// a flag, which the control loop polls and then shuts down cleanly.
enum TerminationSignals {
    private static let received = Atomic<Bool>(false)

    /// Installs the handler for SIGINT and SIGTERM, and unblocks them (a
    /// parent may have started tactus with them blocked); call it before
    /// starting threads, which inherit the signal mask.
    static func install() {
        _ = received.load(ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Whether a stop was asked for since `install()`.
    static var isRequested: Bool {
        received.load(ordering: .acquiring)
    }

    private static let handler: @convention(c) (Int32) -> Void = { _ in
        TerminationSignals.received.store(true, ordering: .releasing)
    }
}
