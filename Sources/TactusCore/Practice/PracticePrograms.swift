/// The practice programs of a session besides its click: a speed trainer, random
/// muting of single beats and a practice timer, each optional.
///
/// An ungated speed trainer is already part of the timeline (its steps are
/// tempo changes at planned bars); the session only reports them as they come.
/// A gated one is judged bar by bar while playing.
public struct PracticePrograms: Hashable, Sendable {
    public var speedTrainer: SpeedTrainer?
    /// The random mute with the seed the session uses.
    public var randomMute: GapSchedule?
    public var timer: PracticeTimer?

    public init(speedTrainer: SpeedTrainer? = nil, randomMute: GapSchedule? = nil, timer: PracticeTimer? = nil) {
        self.speedTrainer = speedTrainer
        self.randomMute = randomMute
        self.timer = timer
    }

    public var isEmpty: Bool { speedTrainer == nil && randomMute == nil && timer == nil }
}
