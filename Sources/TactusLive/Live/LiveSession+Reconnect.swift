import Foundation
import TactusCore
import TactusEngine
import TactusSession
import TactusJack

extension LiveSession {
    /// The JACK server went away. The loss is scored and listed, the journal
    /// flushed; without `--reconnect` the session ends there. With it, the
    /// report so far is saved, and tactus waits for the server to come back —
    /// trying a new client every 250 ms, while SIGINT, SIGTERM, SIGHUP and the
    /// q key still end the session — then reconnects the ports by the same
    /// rules and carries on at the next bar, in the same report and journal.
    /// Returns nil once the session carries on, else how it ends. `keys`, the
    /// live view's reader, is the one place keys arrive, here as in the loop.
    mutating func serverWentAway(keys: KeyReader?) -> Exit? {
        let reason = host.shutdownReason
        let lostAt = ContinuousClock.now
        guard let interruption = lose(reason: reason), options.reconnect else { return .serverLost(reason) }
        return waitForServer(after: interruption, lostAt: lostAt, keys: keys)
    }

    /// The session's time stops at the end of the server's last cycle
    /// (`SessionControl.serverLost`), its last reports handled first; the
    /// journal is flushed. Nil when no bar is left to play.
    mutating func lose(reason: String) -> SessionInterruption? {
        var step = control.handle(host.drainEvents())
        let lost = control.serverLost(at: host.lastCycleEnd ?? control.timeline.startFrame, reason: reason)
        step.absorb(lost.step)
        journal.append(step.journal)
        journal.flush()
        show(step)
        return step.ending == nil ? lost.interruption : nil
    }

    /// The report so far, saved: where, for the player.
    mutating func saveSoFar() -> String {
        do {
            let report = control.report(
                createdAt: SessionFiles.timestamp(startedAt), source: Self.source(host), settings: startSettings)
            let written = try save(report)
            return "saved to \(written.path)" + (written.problem.map { " (\(files.reportPath): \($0))" } ?? "")
        } catch {
            tell(error.message)
            return "not saved"
        }
    }

    /// The wait for a server that went away (`lostAt`) to come back, after
    /// `interruption`; nil once the session carries on on it.
    mutating func waitForServer(after interruption: SessionInterruption, lostAt: ContinuousClock.Instant, keys: KeyReader?) -> Exit? {
        let saved = saveSoFar()
        tell("JACK server '\(host.serverName)' went away (\(host.shutdownReason)); the report so far is \(saved); waiting for the server to come back (Ctrl-C ends the session)")
        host.close()

        let clock = ContinuousClock()
        var lastTry: ContinuousClock.Instant?
        var lastProblem: String?
        while true {
            if let number = signals.receivedSignal { return .signal(number) }
            if keys?.drain().contains(.quit) == true { return .ended(.quit) }
            if lastTry.map({ clock.now - $0 >= .milliseconds(250) }) ?? true {
                lastTry = clock.now
                switch openServer() {
                case .success(let returned):
                    resume(on: returned, after: interruption, gapSeconds: (clock.now - lostAt).inSeconds)
                    signals.onSignal { returned.wake() }
                    keys?.onKeys { returned.wake() }
                    remote?.onMessage { returned.wake() }
                    sessionManager?.control.onMessage { returned.wake() }
                    return nil
                case .failure(let problem):
                    if let text = problem.message, text != lastProblem { tell(text) }
                    lastProblem = problem.message
                }
            }
            usleep(20_000)
        }
    }

    /// Why a try at the returning server failed; `message` is nil while it
    /// simply is not there yet.
    struct ServerProblem: Error {
        let message: String?
    }

    /// The session's JACK client (not yet active), at the start and on the server's return.
    static func openHost(_ options: LiveOptions, players: [SessionSetup.Player]) throws(JackError) -> JackEngineHost {
        try JackEngineHost(
            name: options.clientName, server: options.server, sounds: options.sounds, layerSounds: options.layerSounds,
            players: players.map(\.name), audioPlayers: Set(players.filter(\.isAudio).map(\.name)), audioInput: !options.connectAudio.isEmpty)
    }

    /// A new engine host on the session's server, running cycles at the
    /// session's sample rate, checked as at the start
    /// (``JackEngineHost/awaitCycles(within:at:)``). Unlike the start, which
    /// plays at the server's rate unless one is asked for, a session under
    /// way keeps its rate: its grid, journal and report count its frames. A
    /// server back at another rate is a problem to wait out, not the
    /// session's end: tactus says so and tries again until the server is
    /// restarted at the session's rate. It waits 2 s for cycles rather than
    /// 5, as keys and signals are read only between tries.
    func openServer() -> Result<JackEngineHost, ServerProblem> {
        Result { () throws(ServerProblem) in
            try JackEngineHost.open(for: "run", failure: ServerProblem.init) { try Self.openHost(options, players: asked.players) } ready: {
                try $0.awaitCycles(within: .seconds(2), at: control.timeline.sampleRate)
            }
        }
    }

    /// Takes the returned server: the ports are connected again, and the
    /// session carries on on it (`carryOn`).
    mutating func resume(on returned: JackEngineHost, after interruption: SessionInterruption, gapSeconds: Double) {
        host = returned
        latencyGeneration = -1
        // The ALSA reader stamps its messages with the old server's frames.
        alsa?.stop()
        alsa = Self.startALSA(options, host: host)
        do {
            try Self.connect(host, options)
            try Self.connectPlayers(host, asked.players)
        } catch {
            tell(error.message)
        }
        carryOn(after: interruption, gapSeconds: gapSeconds)
        tell("JACK server '\(host.serverName)' is back after \(SessionControl.tenths(gapSeconds)) s; carrying on at bar \(interruption.resumeBar)")
    }

    /// Carries the session on on `host` after `interruption`, `gapSeconds`
    /// long: the grid moves so the next bar starts `--lead-ms` from now, and
    /// the engine gets it.
    mutating func carryOn(after interruption: SessionInterruption, gapSeconds: Double) {
        host.send(control.engineSettings())
        let now = host.frameTimeNow ?? 0
        let start = now + Int64(asked.leadMs) * Int64(control.timeline.sampleRate) / 1000
        let step = control.reconnect(after: interruption, at: now, startingAt: start, gapSeconds: gapSeconds)
        journal.append(step.journal)
        journal.flush()
        switch options.transport {
        case .off:
            host.send(step.commands)
        case .master:
            do {
                try host.leadTransport()
            } catch {
                tell("cannot become the JACK transport master again: \(error)")
            }
            host.send(step.commands)
        case .follow:
            // The transport's master sets the grid again when it rolls.
            host.followTransport()
            follower?.serverReturned()
            tell("waiting for the JACK transport to roll")
        }
        show(step)
    }

    /// Tells the player: in the live view when there is one, else on stderr.
    mutating func tell(_ message: String) {
        if interactive {
            live.state.feedback = .message(message)
            TerminalScreen.draw(LiveView.render(live.state, width: TerminalScreen.size().columns, color: color))
        } else {
            FileHandle.standardError.write(Data("tactus run: \(message)\n".utf8))
        }
    }
}

extension LiveSession.ServerProblem {
    /// What JACK refused; nothing to say while no server runs.
    init(_ error: any Error) {
        if case .serverUnreachable? = error as? JackError { message = nil } else { message = "\(error)" }
    }
}
