import TactusCore
import TactusEngine

extension SessionControl {
    /// Starts the practice programs with the session. Returns the commands to
    /// send with the timeline (random muting) and the journal lines saying
    /// what runs. An ungated speed trainer must already be in the timeline
    /// (`PracticeConfig.timelineSpec()` puts it there); it is only reported
    /// here, step by step, as the bars come.
    public mutating func start(_ programs: PracticePrograms) throws(SettingError) -> Step {
        var step = Step()
        var state = SessionPrograms()
        state.programs = programs
        let frame = timeline.originFrame
        state.lastFrame = frame
        if let trainer = programs.speedTrainer {
            try trainer.validate()
            if trainer.gate != nil {
                state.trainer = try SpeedTrainerProgress(trainer: trainer)
            } else {
                state.scheduled = trainer.tempoChanges(startBar: 1)
            }
            step.absorb(programEvent(Self.describe(trainer), at: frame))
        }
        if let schedule = programs.randomMute {
            try schedule.validate()
            if let command = EngineCommand.randomMute(schedule) {
                step.commands.append(command)
            }
            if case .randomBeats(let percent, let seed) = schedule {
                step.absorb(programEvent("random mute: \(Self.number(percent))% of beats from bar 1, seed \(seed)", at: frame))
            }
        }
        if let timer = programs.timer {
            try timer.validate()
            let rest = timer.restFrames > 0 ? ", then \(PracticeTimer.clock(frames: timer.restFrames, sampleRate: timer.sampleRate)) rest" : ""
            step.absorb(programEvent(
                "practice timer: \(PracticeTimer.clock(frames: timer.playFrames, sampleRate: timer.sampleRate)) playing\(rest)", at: frame))
        }
        self.programs = state
        return step
    }

    /// Runs the programs up to `frame`, with the bars the scorer just completed.
    mutating func advancePrograms(to frame: Int64, completedBars: [CompletedBar]) -> Step {
        var step = Step()
        for bar in completedBars { step.absorb(judge(bar)) }
        step.absorb(reachScheduledSteps(at: frame))
        step.absorb(runTimer(to: frame))
        return step
    }

    /// Feeds a completed bar to a gated trainer and carries out its decision:
    /// a tempo change from the next bar, or the end of the session.
    mutating func judge(_ bar: CompletedBar) -> Step {
        var step = Step()
        guard var trainer = programs.trainer, programs.pendingTag == nil,
              bar.summary.bar >= max(programs.trainerCountsFromBar, 1) else { return step }
        let decision = trainer.barEnded(bar.summary)
        programs.trainer = trainer
        guard let decision else { return step }
        let frame = timeline.frame(ofBar: bar.summary.bar + 1)
        switch decision.action {
        case .setTempo(let target):
            let tag = nextTag
            nextTag += 1
            causes[tag] = "speed trainer: " + decision.reason
            programs.pendingTag = tag
            programs.pendingDecision = decision
            step.commands.append(.setTempo(milliBPM: target.milliBPM, at: .nextBar, cause: tag))
            step.feedback = .message("speed trainer: \(LiveView.bpmText(target)) BPM from the next bar")
            step.notices.append("speed trainer: " + decision.reason)
        case .stop:
            programs.stopBar = decision.bar
            step.absorb(programEvent("speed trainer: " + decision.reason, at: frame))
            step.notices.append("speed trainer: " + decision.reason)
            step.ending = .trainerFinished
        }
        return step
    }

    /// The cause of a tempo change the engine applied, when the trainer asked
    /// for it: its reason, naming the bar it really took effect at. Later bars
    /// count towards the new tempo.
    mutating func programCause(tag: Int32, bar: Int) -> String? {
        guard tag == programs.pendingTag, let decision = programs.pendingDecision else { return nil }
        programs.pendingTag = nil
        programs.pendingDecision = nil
        programs.trainerCountsFromBar = bar
        causes.removeValue(forKey: tag)
        var reason = decision.reason
        let planned = " from bar \(decision.bar)"
        if reason.hasSuffix(planned) {
            reason = String(reason.dropLast(planned.count)) + " from bar \(bar)"
        }
        return "speed trainer: " + reason
    }

    /// Reports the ungated trainer's steps as their bars begin (unless a
    /// pedal or key change replaced the plan).
    mutating func reachScheduledSteps(at frame: Int64) -> Step {
        var step = Step()
        while let next = programs.scheduled.first, frame >= timeline.frame(ofBar: next.bar) {
            programs.scheduled.removeFirst()
            guard let planned = next.tempo, timeline.tempo(atBar: next.bar) == planned,
                  let trainer = programs.programs.speedTrainer else { continue }
            tempo = planned
            step.absorb(record(ReportTempoChange(
                frame: timeline.frame(ofBar: next.bar), bar: next.bar, tempo: planned,
                cause: "speed trainer: \(planned) BPM from bar \(next.bar), every \(trainer.barsPerStep) bars up to \(trainer.target) BPM")))
            step.feedback = .tempo(from: trainer.stepDown(from: planned), to: planned)
        }
        return step
    }

    /// Counts the time played and reminds the player to rest when a playing
    /// period is over (once per round), and when the rest is over.
    mutating func runTimer(to frame: Int64) -> Step {
        var step = Step()
        guard let timer = programs.programs.timer else { return step }
        let before = programs.playedFrames
        if let last = programs.lastFrame {
            let from = max(last, timeline.originFrame)
            if frame > from { programs.playedFrames += frame - from }
        }
        programs.lastFrame = frame
        let rate = timer.sampleRate
        if let round = timer.reminder(after: before, upTo: programs.playedFrames) {
            let played = PracticeTimer.clock(frames: timer.playFrames, sampleRate: rate)
            let text = timer.restFrames > 0
                ? "practice timer: \(played) played (round \(round)); rest for \(PracticeTimer.clock(frames: timer.restFrames, sampleRate: rate))"
                : "practice timer: \(played) played (round \(round)); take a short break"
            programs.reminder = text
            programs.reminderShownAt = programs.playedFrames
            step.notices.append(text)
            step.absorb(programEvent(text, at: frame))
        }
        let phase = timer.status(elapsedFrames: programs.playedFrames).phase
        if programs.lastPhase == .rest && phase == .play {
            let text = "practice timer: rest over"
            programs.reminder = nil
            step.notices.append(text)
            step.absorb(programEvent(text, at: frame))
        }
        if timer.restFrames == 0, programs.reminder != nil, programs.playedFrames - programs.reminderShownAt >= Int64(rate) * 10 {
            // Without a rest period the reminder stays up for ten seconds.
            programs.reminder = nil
        }
        programs.lastPhase = phase
        return step
    }

    /// Logs a beat random muting left silent.
    mutating func recordMutedBeat(at frame: Int64) -> Step {
        let position = timeline.nearest(to: frame, subdivision: 1, swing: nil).position
        return record(SessionEvent(kind: .mutedBeat, frame: frame, detail: "bar \(position.bar) beat \(position.beat)"))
    }

    mutating func programEvent(_ detail: String, at frame: Int64) -> Step {
        record(SessionEvent(kind: .program, frame: frame, detail: detail))
    }

    /// "speed trainer: 80 → 120 BPM, +5 every 4 bars, gated at ±10.0 ms mean and 15.0 ms SD, then hold".
    static func describe(_ trainer: SpeedTrainer) -> String {
        let gate = trainer.gate.map { " when |mean| ≤ \(number($0.maxMeanOffsetMs)) ms and SD ≤ \(number($0.maxSdMs)) ms" } ?? ""
        return "speed trainer: \(trainer.start) → \(trainer.target) BPM, +\(trainer.step) every \(trainer.barsPerStep) bars\(gate), then \(trainer.atTarget.rawValue)"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
