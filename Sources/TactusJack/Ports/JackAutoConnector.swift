import Foundation
import Synchronization

/// Applies a client's auto-connection rules on its own thread: the port
/// registration callback only posts a semaphore, and this worker lists the
/// ports and connects the ones that newly match. JACK forbids server calls
/// from inside its callbacks, so the connecting never happens there.
///
/// A peer is connected once, when it first matches; a connection someone
/// removes later is left alone until that peer disappears and comes back.
/// A new port usually belongs to a client that is not active yet, and JACK
/// refuses to connect it until it is, so failed connections are retried every
/// ``retryInterval`` and reported only if they still fail after ``patience``.
/// jackd announces a client's ports only when that client activates; a pass
/// every 5 s also catches ports registered by clients that never do.
final class JackAutoConnector: @unchecked Sendable {
    struct Rule {
        let port: String
        let type: JackPortType
        let direction: JackPortDirection
        let pattern: JackPortPattern
        var matched: Set<String> = []
        var failingSince: [String: ContinuousClock.Instant] = [:]
        var reported: Set<String> = []
    }

    static let retryInterval = Duration.milliseconds(100)
    static let patience = Duration.seconds(2)

    private weak var client: JackClient?
    private let signals: JackSignalsBox
    private let rules = Mutex<[Rule]>([])
    private let failures = Mutex<[JackError]>([])
    private let stopped = Atomic<Bool>(false)
    /// Passes asked for so far, and how many of them a finished pass had seen.
    private let requested = Atomic<Int>(0)
    private let reconciled = Atomic<Int>(0)

    init(client: JackClient, signals: JackSignalsBox) {
        self.client = client
        self.signals = signals
        let thread = Thread { [self] in run() }
        thread.name = "jack-autoconnect"
        thread.start()
    }

    func add(_ rule: Rule) {
        rules.withLock { $0.append(rule) }
        requestReconcile()
    }

    /// Forgets what matched before, so every match is connected again (after
    /// activation, when JACK has dropped all connections).
    func clientActivated() {
        rules.withLock { rules in
            for index in rules.indices {
                rules[index].matched = []
                rules[index].failingSince = [:]
            }
        }
        requestReconcile()
    }

    func requestReconcile() {
        requested.wrappingAdd(1, ordering: .releasing)
        JackCallbacks.post(signals.pointer.pointee.portsChanged)
    }

    /// Waits, up to `timeout`, until a pass that began after every request
    /// made so far has ended: the connections asked for until now to ports
    /// that exist are made (or failed once, and are being retried). Returns
    /// whether such a pass ended in time.
    func settle(timeout: Duration) -> Bool {
        let target = requested.load(ordering: .acquiring)
        let deadline = ContinuousClock.now + timeout
        while reconciled.load(ordering: .acquiring) < target {
            if ContinuousClock.now >= deadline { return false }
            usleep(2_000)
        }
        return true
    }

    func stop() {
        stopped.store(true, ordering: .releasing)
        requestReconcile()
    }

    func takeFailures() -> [JackError] {
        failures.withLock { failures in
            defer { failures = [] }
            return failures
        }
    }

    private func run() {
        var retrying = false
        while !stopped.load(ordering: .acquiring) {
            let timeout = retrying ? JackAutoConnector.retryInterval : .seconds(5)
            _ = JackClientSignals.wait(signals.pointer.pointee.portsChanged, timeout: timeout)
            guard !stopped.load(ordering: .acquiring), let client else { return }
            let seen = requested.load(ordering: .acquiring)
            retrying = reconcile(client)
            reconciled.store(seen, ordering: .releasing)
        }
    }

    /// Connects every newly matching peer; returns whether a connection
    /// failed that is still worth retrying soon (not reported yet).
    private func reconcile(_ client: JackClient) -> Bool {
        guard client.isActive, !client.isShutDown else { return false }
        var updated = rules.withLock { $0 }
        var failed: [JackError] = []
        let now = ContinuousClock.now
        for index in updated.indices {
            var rule = updated[index]
            guard let peers = try? client.peers(matching: rule.pattern, type: rule.type, direction: rule.direction) else {
                continue
            }
            let present = Set(peers)
            rule.matched.formIntersection(present)
            rule.reported.formIntersection(present)
            rule.failingSince = rule.failingSince.filter { present.contains($0.key) }
            for peer in peers where !rule.matched.contains(peer) {
                do {
                    try rule.direction == .output ? client.connect(rule.port, peer) : client.connect(peer, rule.port)
                    rule.matched.insert(peer)
                    rule.failingSince[peer] = nil
                } catch {
                    let since = rule.failingSince[peer] ?? now
                    rule.failingSince[peer] = since
                    if now - since >= JackAutoConnector.patience, !rule.reported.contains(peer) {
                        rule.reported.insert(peer)
                        failed.append(error)
                    }
                }
            }
            updated[index] = rule
        }
        rules.withLock { rules in
            // Rules are only ever appended, so the ones read above are still in place.
            for index in updated.indices where index < rules.count {
                rules[index] = updated[index]
            }
        }
        if !failed.isEmpty {
            failures.withLock { $0.append(contentsOf: failed) }
            client.wake()
        }
        return updated.contains { rule in rule.failingSince.keys.contains { !rule.reported.contains($0) } }
    }
}
