import Foundation
import TactusSession

extension LiveSession {
    /// The JACK server has run no cycle for `CycleWatch.stoppedAfter` and
    /// not gone away (its process stopped, a netjack2 master gone quiet).
    /// As for a server that went away, the session's time stops at the end
    /// of its last cycle (`server-lost`); tactus says so once and waits,
    /// while SIGINT, SIGTERM, SIGHUP and the q key still end the session.
    /// When cycles come back it says so and carries on at the next bar
    /// (`reconnected`, as on a server's return). At `CycleWatch.limit` the
    /// session ends as a lost server; with `--reconnect` the report so far
    /// is saved and the wait goes on: for this server's cycles, or, once
    /// the server has been ended, for one started again. Returns nil once
    /// the session carries on, else how it ends.
    mutating func cyclesStopped(watch: inout CycleWatch, keys: KeyReader?, since began: ContinuousClock.Instant) -> Exit? {
        let server = host.serverName
        let lostAt = ContinuousClock.now - CycleWatch.stoppedAfter
        let stopped = Self.noCycle(for: CycleWatch.stoppedAfter)
        guard let interruption = lose(reason: stopped) else { return giveUp(.serverLost(stopped)) }
        // Stopped, the engine plays nothing of the old grid when cycles come
        // back, and the grid it is given then starts it again: loaded while
        // it played, the grid would not report its start.
        host.send([.stop(at: .immediately)])
        tell("JACK server '\(server)' has run no cycle for \(CycleWatch.stoppedAfter.components.seconds) s; waiting for it (Ctrl-C ends the session)")
        while true {
            if let number = signals.receivedSignal { return giveUp(.signal(number)) }
            if keys?.drain().contains(.quit) == true { return giveUp(.ended(.quit)) }
            if host.isShutDown {
                guard command.reconnect else { return .serverLost(host.shutdownReason ?? "the server shut down") }
                return waitForServer(after: interruption, lostAt: lostAt, keys: keys)
            }
            switch watch.observe(cycleEnd: host.lastCycleEnd, at: ContinuousClock.now - began) {
            case .resumed(let gap)?:
                carryOn(after: interruption, gapSeconds: gap.inSeconds)
                tell("JACK server '\(server)' runs cycles again after \(SessionControl.tenths(gap.inSeconds)) s; carrying on at bar \(interruption.resumeBar)")
                return nil
            case .limitReached?:
                let limit = Self.noCycle(for: CycleWatch.limit)
                guard command.reconnect else { return giveUp(.serverLost(limit)) }
                let saved = saveSoFar()
                tell("JACK server '\(server)' has run no cycle for \(CycleWatch.limit.components.seconds) s; the report so far is \(saved); waiting for it to run cycles or be restarted (Ctrl-C ends the session)")
            case .stopped?, nil:
                break
            }
            _ = host.waitForNotification(timeout: .milliseconds(20))
        }
    }

    /// "ran no cycle for 2 s"
    static func noCycle(for duration: Duration) -> String {
        "ran no cycle for \(duration.components.seconds) s"
    }

    /// Ends the session on a server that runs no cycles: the client is given
    /// up, not closed, since a stopped server answers no request and
    /// `jack_client_close` would wait for it for ever.
    func giveUp(_ exit: Exit) -> Exit {
        host.giveUp(reason: Self.noCycle(for: CycleWatch.stoppedAfter))
        return exit
    }
}
