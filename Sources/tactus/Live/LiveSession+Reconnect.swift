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
        let reason = host.shutdownReason ?? "the server shut down"
        let clock = ContinuousClock()
        let lostAt = clock.now
        let events = host.drainEvents()
        var step = control.handle(events)
        let lost = control.serverLost(at: host.lastCycleEnd ?? control.timeline.startFrame, reason: reason)
        step.absorb(lost.step)
        journal.append(step.journal)
        journal.flush()
        show(step)
        guard command.reconnect, step.ending == nil else { return .serverLost(reason) }

        let server = host.serverName
        var saved = "not saved"
        do {
            let report = control.report(
                createdAt: SessionFiles.timestamp(startedAt), source: Self.source(host), settings: startSettings)
            let written = try save(report)
            saved = "saved to \(written.path)" + (written.problem.map { " (\(files.reportPath): \($0))" } ?? "")
        } catch {
            tell(error.message)
        }
        tell("JACK server '\(server)' went away (\(reason)); the report so far is \(saved); waiting for the server to come back (Ctrl-C ends the session)")
        host.close()

        var lastTry: ContinuousClock.Instant?
        var lastProblem: String?
        while true {
            if let number = signals.receivedSignal { return .signal(number) }
            if keys?.drain().contains(.quit) == true { return .ended(.quit) }
            if lastTry.map({ clock.now - $0 >= .milliseconds(250) }) ?? true {
                lastTry = clock.now
                switch openServer() {
                case .success(let returned):
                    resume(on: returned, after: lost.interruption, gapSeconds: (clock.now - lostAt).inSeconds)
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
    static func openHost(
        _ command: RunCommand, _ practice: Practice, _ setlist: LiveSetlist?
    ) throws(JackError) -> JackEngineHost {
        try JackEngineHost(
            name: command.clientName, server: command.server, sounds: setlist?.sounds ?? practice.sound.buffers, layerSounds: practice.layerSounds,
            players: command.players.map(\.name),
            audioPlayers: Set(command.players.filter(\.isAudio).map(\.name)), audioInput: !command.connectAudio.isEmpty)
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
            try JackEngineHost.open(for: RunCommand.name, failure: ServerProblem.init) { try Self.openHost(command, practice, setlist) } ready: {
                try $0.awaitCycles(within: .seconds(2), at: control.timeline.sampleRate)
            }
        }
    }

    /// Takes the returned server: the ports are connected again, the grid
    /// moves so the next bar starts `--lead-ms` from now, and the engine gets it.
    mutating func resume(on returned: JackEngineHost, after interruption: SessionInterruption, gapSeconds: Double) {
        host = returned
        latencyGeneration = -1
        // The ALSA reader stamps its messages with the old server's frames.
        alsa?.stop()
        alsa = Self.startALSA(command, host: host)
        do {
            try Self.connect(host, command)
            try Self.connectPlayers(host, command)
        } catch {
            tell(error.message)
        }
        host.send(control.engineSettings())
        let now = host.frameTimeNow ?? 0
        let start = now + Int64(command.leadMs) * Int64(control.timeline.sampleRate) / 1000
        let step = control.reconnect(after: interruption, at: now, startingAt: start, gapSeconds: gapSeconds)
        journal.append(step.journal)
        journal.flush()
        switch command.transport {
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
        tell("JACK server '\(host.serverName)' is back after \(SessionControl.tenths(gapSeconds)) s; carrying on at bar \(interruption.resumeBar)")
    }

    /// Tells the player: in the live view when there is one, else on stderr.
    mutating func tell(_ message: String) {
        if interactive {
            view.feedback = .message(message)
            TerminalScreen.draw(LiveView.render(view, width: TerminalScreen.size().columns, color: color))
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
