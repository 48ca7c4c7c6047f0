import TactusEngine
import TactusSession

extension LiveSession {
    /// The JACK server has run no cycle for `CycleWatch.stoppedAfter` and
    /// not gone away (its process stopped, a netjack2 master gone quiet).
    /// tactus says so once and waits, while SIGINT, SIGTERM, SIGHUP and the
    /// q key still end the session. When cycles come back it says so and
    /// the session carries on where it stopped: the server's frames count
    /// its cycles, so the grid still matches what was played, and the stop
    /// is listed as the xrun JACK reports for it. At `CycleWatch.limit` the
    /// session's time stops at the last cycle (`server-lost`) and it ends as
    /// a lost server; with `--reconnect` the report so far is saved and the
    /// wait goes on, for this server's cycles (then the session carries on
    /// at the next bar, `reconnected`) or, once the server has been ended,
    /// for one started again. Returns nil once the session carries on, else
    /// how it ends.
    mutating func cyclesStopped(watch: inout CycleWatch, keys: KeyReader?, since began: ContinuousClock.Instant) -> Exit? {
        let server = host.serverName
        tell("JACK server '\(server)' has run no cycle for \(CycleWatch.stoppedAfter.components.seconds) s; waiting for it (Ctrl-C ends the session)")
        var lost: (interruption: SessionInterruption, at: ContinuousClock.Instant)?
        while true {
            if let number = signals.receivedSignal { return giveUp(.signal(number)) }
            if keys?.drain().contains(.quit) == true { return giveUp(.ended(.quit)) }
            if host.isShutDown {
                // Before the limit, the loop takes a server that went away as any other.
                guard let lost else { return nil }
                return waitForServer(after: lost.interruption, lostAt: lost.at, keys: keys)
            }
            switch watch.observe(cycleEnd: host.lastCycleEnd, at: ContinuousClock.now - began) {
            case .resumed(let gap)?:
                let back = "JACK server '\(server)' runs cycles again after \(SessionControl.tenths(gap.inSeconds)) s"
                guard let lost else {
                    tell(back + "; carrying on where it stopped")
                    return nil
                }
                carryOn(after: lost.interruption, gapSeconds: gap.inSeconds)
                tell(back + "; carrying on at bar \(lost.interruption.resumeBar)")
                return nil
            case .limitReached?:
                let reason = Self.noCycle(for: CycleWatch.limit)
                let interruption = lose(reason: reason)
                guard options.reconnect, let interruption else { return giveUp(.serverLost(reason)) }
                // Stopped, the engine plays nothing of the old grid when
                // cycles come back, and the grid it is given then starts it
                // again: loaded while it played, it would not report its start.
                host.send([.stop(at: .immediately)])
                lost = (interruption, ContinuousClock.now - CycleWatch.limit)
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
