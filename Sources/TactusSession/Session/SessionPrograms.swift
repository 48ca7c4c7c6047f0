import TactusCore
import TactusEngine

/// Where the practice programs of a session stand: a gated speed trainer's
/// progress and the tempo change it waits for, the planned steps of an
/// ungated one not yet reached, and the practice timer's playing time.
public struct SessionPrograms: Sendable {
    public internal(set) var programs = PracticePrograms()
    /// A gated trainer, judged bar by bar.
    public internal(set) var trainer: SpeedTrainerProgress?
    /// Bars before this one were played before the trainer's last change took
    /// effect, at the tempo it judged already: they are not counted again.
    var trainerCountsFromBar = 1
    /// The trainer's tempo change sent and not yet applied by the engine.
    var pendingTag: Int32?
    var pendingDecision: SpeedTrainerDecision?
    /// An ungated trainer's planned steps not yet reached.
    var scheduled: [TempoChange] = []
    /// A trainer that reached its target stops the session before this bar.
    public internal(set) var stopBar: Int?
    /// Frames played from bar 1 on, stops left out.
    public internal(set) var playedFrames: Int64 = 0
    var lastFrame: Int64?
    var lastPhase = PracticeTimer.Phase.play
    /// The rest reminder, shown while the rest lasts.
    public internal(set) var reminder: String?
    var reminderShownAt: Int64 = 0

    public init() {}

    /// The practice timer's phase and time left, when there is a timer.
    public var timerStatus: PracticeTimer.Status? {
        programs.timer?.status(elapsedFrames: playedFrames)
    }
}
