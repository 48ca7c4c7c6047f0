import Foundation
import TactusCore
import TactusEngine
import TactusSession
import TactusJack

/// The control thread of `tactus run`: opens the JACK client, loads the
/// timeline, then sleeps until there is work — engine reports into the
/// session control, commands back to the engine, journal to disk, screen or
/// bar lines to the player — until the session ends, and writes the report
/// on every way out.
public struct LiveSession {
    let options: LiveOptions
    /// The session asked for. Until the client is open, `input.device` is
    /// the one `--device` names, and each player's `port` and `input.device`
    /// are what `--player` connects them to and `--player-device` names.
    let asked: SessionSetup
    let files: SessionFiles
    let startedAt: Date
    var host: JackEngineHost
    let journal: JournalFile
    var control: SessionControl
    /// What the live view shows (`live.state`) and the bar lines say.
    var live: LiveViewModel
    let interactive: Bool
    let color: Bool
    let signals = SignalWatch()
    /// The settings the report states (those the session started with).
    let startSettings: ReportSettings
    var alsa: ALSAReader?
    /// Following the JACK transport (`--transport follow`).
    var follower: TransportFollower?
    /// JACK's graph and latency notifications seen (see `followLatencies`).
    var latencyGeneration = 0
    /// The OSC port (`--osc-port`), if any.
    public var remote: RemoteControl?
    /// The session manager that started tactus, if one did.
    public var sessionManager: SessionManagerLink?
    /// Each audio input's level (by source), for the live view.
    var inputLevels: [Int: LevelMeter] = [:]

    public init(options: LiveOptions, session asked: SessionSetup, files: SessionFiles, startedAt: Date) throws(CommandLineError) {
        self.options = options
        self.asked = asked
        self.files = files
        self.startedAt = startedAt
        host = try JackEngineHost.open(for: "run", cycles: true, sampleRate: asked.config.sampleRate) {
            try Self.openHost(options, players: asked.players)
        }
        try Self.connect(host, options)
        try Self.connectPlayers(host, asked.players)
        // The auto-connector makes the connections on a thread of its own:
        // wait until those to ports that exist are made, then let JACK's
        // latencies follow, so the latencies read here (each player's click
        // path too) include them. Read before, a player's path could be
        // taken for the click's every connection, the far end of a netjack2
        // link included, until the next graph change.
        if !host.settleAutoConnections(timeout: .seconds(2)) {
            FileHandle.standardError.write(Data(
                "tactus run: the port connections asked for were not all made within 2 s; the latencies are read without them and again once they are\n".utf8))
        }
        _ = host.waitForNotification(timeout: .milliseconds(50))
        latencyGeneration = host.latencyGeneration
        var setup = try Self.setup(asked, options, host: host)
        // What asks the server or the system is done before the start is
        // chosen: on a loaded machine such a call can take longer than the
        // lead, and the first clicks would be gone before the timeline arrived.
        if options.transport == .master {
            do {
                try host.leadTransport()
            } catch {
                throw CommandLineError("cannot become the JACK transport master: \(error)", exitCode: .unavailable)
            }
        }
        alsa = Self.startALSA(options, host: host)
        setup.alsaUncertaintyFrames = alsa?.uncertaintyFrames
        if let setlist = options.setlist {
            do {
                setup.setlist = try setlist.playback(sampleRate: setup.sampleRate, start: setup.playedSpec, soundBanks: options.soundBanks)
            } catch {
                throw .badInput(setlist.path, error.description)
            }
        }
        setup.frameNow = host.frameTimeNow ?? 0
        setup.lastCycleStart = host.lastCycleStart
        let started = try CommandLineError.catching { try setup.start() }
        control = started.control
        host.send(control.engineSettings())
        startSettings = started.settings
        let programs = started.programs
        let timeline = control.timeline
        let input = started.calibration
        // The timeline goes to the engine before anything is written to a
        // file or the terminal: the journal's fsync on a busy disk, or a slow
        // reader of standard output, can take longer than the lead, and the
        // first clicks would be gone. Following, the transport starts it.
        if options.transport != .follow && !options.startsStopped {
            host.send(programs.commands)
            host.send(control.play())
        }
        journal = try JournalFile(path: files.journalPath)
        journal.append(SessionJournal.line(.header(JournalHeader(
            createdAt: SessionFiles.timestamp(startedAt), source: Self.source(host), settings: startSettings,
            originFrame: timeline.originFrame, players: control.players.journalPlayers))))
        journal.append(programs.journal)
        journal.flush()
        interactive = !options.noUI && TerminalScreen.isTerminal(STDOUT_FILENO) && TerminalScreen.isTerminal(STDIN_FILENO)
        color = TerminalControl.usesColor(environment: ProcessInfo.processInfo.environment, isTerminal: interactive)
        live = LiveViewModel(control, drumMap: asked.drumMap)
        if interactive {
            live.state.feedback = .message(input.line)
        } else {
            writeForPlayer(([input.line] + started.playerLines).joined(separator: "\n") + "\n")
        }
        if options.transport == .follow {
            host.send(programs.commands)
            waitForTransport(timeline)
        }
        if options.startsStopped { waitStopped(programs.commands) }
    }

    static func connect(_ host: JackEngineHost, _ options: LiveOptions) throws(CommandLineError) {
        var rules: [(port: JackPort, patterns: [String], option: String)] = [
            (host.clickPort, options.connectClick, "--connect-click"), (host.clockPort, options.connectClock, "--connect-clock"),
            (host.inputPort, options.connectInput, "--connect-input"), (host.pedalPort, options.connectPedal, "--connect-pedal"),
        ]
        if let port = host.audioPort { rules.append((port, options.connectAudio, "--connect-audio")) }
        try host.connect(rules, for: "run")
        if options.autoConnect {
            try CommandLineError.catching(exitCode: .unavailable) { try host.connectClickToSystemPlayback() }
        }
    }

    /// Where the session ran and, once cycles have run, what the process
    /// callback cost.
    static func source(_ host: JackEngineHost) -> ReportSource {
        let detail = "JACK server '\(host.serverName)', \(host.sampleRate) Hz, \(host.bufferSize) frames"
        return ReportSource(kind: .live, detail: detail, processCycle: host.processCycleCost)
    }

    /// Why the loop stopped.
    enum Exit {
        case ended(SessionControl.Ending)
        case signal(Int32)
        case serverLost(String)
    }

    public mutating func run() throws(CommandLineError) -> ExitCode {
        // Closed here, not left to the host's deinit: the wake-ups handed to
        // the OSC remote and the session manager hold the host, and the
        // remote's thread keeps its own past the session, to the process's
        // exit. A client that exit drops mid-cycle holds a synchronous server
        // (and every client on it) for its timeout.
        defer { host.close() }
        if interactive { _ = TerminalScreen.enter() }
        let exit = loop()
        if interactive { TerminalScreen.restore() }
        return try finish(exit)
    }

    mutating func loop() -> Exit {
        var throttle = RedrawThrottle()
        let clock = ContinuousClock()
        let began = clock.now
        let woken = host
        signals.onSignal { woken.wake() }
        remote?.onMessage { woken.wake() }
        sessionManager?.control.onMessage { woken.wake() }
        let keys = interactive ? KeyReader { woken.wake() } : nil
        defer { keys?.stop() }
        var drawn: LiveViewState?
        var watch = CycleWatch()
        while true {
            if let number = signals.receivedSignal { return .signal(number) }
            if host.isShutDown {
                if let exit = serverWentAway(keys: keys) { return exit }
                continue
            }
            if watch.observe(cycleEnd: host.lastCycleEnd, at: clock.now - began) == .stopped {
                if let exit = cyclesStopped(watch: &watch, keys: keys, since: began) { return exit }
                continue
            }
            // Every input up to the end of the engine's last cycle is in the
            // ring once that end is published: read it before draining, and
            // score up to it. JACK's frame time (`frameTimeNow`) is estimated
            // from the wall clock and runs ahead of cycles that come late.
            let processed = host.lastCycleEnd
            let events = host.drainEvents()
            var step = handleEngineEvents(events, processed: processed ?? 0)
            if let alsa { step.absorb(control.handle(alsa.drain())) }
            scoreAudio(into: &step)
            if let processed, let through = control.scoredThrough(processed) {
                step.absorb(control.advance(to: through))
            }
            for key in keys?.drain() ?? [] {
                step.absorb(control.press(key, at: host.frameTimeNow ?? 0))
            }
            followRemote(into: &step)
            followLatencies(into: &step)
            if !step.commands.isEmpty { host.send(step.commands) }
            followLosses(into: &step)
            journal.append(step.journal)
            if !step.completedBars.isEmpty { journal.flush() }
            show(step)
            publishRemote()
            followSessionManager()
            let elapsed = clock.now - began
            let nanoseconds = UInt64(elapsed.components.seconds) * 1_000_000_000 + UInt64(elapsed.components.attoseconds / 1_000_000_000)
            if interactive, throttle.shouldDraw(atNs: nanoseconds, changed: live.state != drawn) {
                TerminalScreen.draw(LiveView.render(live.state, width: TerminalScreen.size().columns, color: color))
                drawn = live.state
            }
            if let ending = step.ending { return .ended(ending) }
            _ = host.waitForNotification(timeout: sleepTime(redraw: throttle, nowNs: nanoseconds))
        }
    }

    mutating func show(_ step: SessionControl.Step) {
        let lines = live.show(
            step, of: control, frameNow: host.frameTimeNow, droppedEvents: host.droppedEvents + host.droppedInput,
            droppedOSCPackets: remote?.droppedPackets, lostAudio: host.lostAudio,
            inputLevelDb: inputLevels.values.map(\.levelDb).max() ?? LevelMeter.floorDb, interactive: interactive)
        for line in lines { writeForPlayer(line + "\n") }
    }

    /// Writes lines for the player on stdout — or on stderr when the report
    /// itself goes to stdout (`--report -`), so they are not mixed into it.
    func writeForPlayer(_ text: String) {
        if OutputFile.isStandardOutput(files.reportPath) {
            FileHandle.standardError.write(Data(text.utf8))
        } else {
            StandardStreams.write(text)
        }
    }

    /// Stops the engine, closes the scoring, writes the report (always) and
    /// says how the session ended.
    mutating func finish(_ exit: Exit) throws(CommandLineError) -> ExitCode {
        let now: Int64
        switch exit {
        case .ended(let ending):
            now = ending == .quit ? (host.frameTimeNow ?? 0) : (control.endFrame ?? host.frameTimeNow ?? 0)
        case .signal, .serverLost:
            now = host.frameTimeNow ?? host.lastCycleEnd ?? control.timeline.originFrame
        }
        // A quit or a signal found after the session's end closes it at the end.
        let endFrame = control.end(reachedAt: now) ?? now
        if !host.isShutDown {
            host.send(control.end(followingTransport: follower != nil))
            _ = host.waitForNotification(timeout: .milliseconds(20))
            let events = host.drainEvents()
            var step = control.handle(events)
            scoreAudio(into: &step)
            step.absorb(control.flushAudio())
            journal.append(step.journal)
        }
        alsa?.stop()
        publishEnd()
        rememberState()
        let final = control.finish(at: endFrame)
        journal.append(final.journal)
        journal.settle()
        var report = control.report(
            createdAt: SessionFiles.timestamp(startedAt), source: Self.source(host), settings: startSettings)
        var noPulse: String?
        if control.pulse?.free == true {
            do {
                report = try control.freeReport(
                    createdAt: report.createdAt, source: report.source, settings: startSettings, endFrame: endFrame)
            } catch {
                noPulse = error.message
            }
        }
        let saved = try save(report)
        journal.remove()
        let summary = ReportSummaryText.show(report.summaryAsWritten(), hints: ScoringHint.hints(for: report))
        writeForPlayer(summary + (summary.hasSuffix("\n") ? "" : "\n") + "report: \(saved.path)\n")
        switch exit {
        case .ended, .signal:
            if let noPulse {
                throw CommandLineError(
                    "\(noPulse); the report scores it against the starting tempo (\(saved.path))",
                    exitCode: .badInput)
            }
            if let problem = saved.problem {
                throw .failure("\(files.reportPath): \(problem); the report is saved to \(saved.path) instead")
            }
            return .success
        case .serverLost(let reason):
            throw CommandLineError("JACK server '\(host.serverName)' went away (\(reason)); report saved to \(saved.path)", exitCode: .unavailable)
        }
    }
}
