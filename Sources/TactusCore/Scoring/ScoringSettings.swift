/// How hits are scored: the subdivision they are matched to, the windows,
/// which positions must be played, which notes count, and latency compensation.
public struct ScoringSettings: Hashable, Sendable {
    /// Grid positions per beat hits are matched to: 1, 2, 3, 4, 5, 6 or 8.
    public var subdivision: Int
    /// Swung eighths; only with `subdivision` 2.
    public var swing: Swing?
    public var windows: TimingWindows
    public var expected: ExpectedPositions
    /// A second note-on of the same note and channel within this many ms of the
    /// last one scored is a double trigger (a flam or a bouncing pad): it is
    /// not scored, only recorded as an event.
    public var doubleTriggerMs: Double
    public var noteFilter: NoteFilter
    public var latency: LatencyCompensation
    /// Score against click layer `layer` of the timeline (an index into its
    /// `spec.layers`; a layer over the bar) instead of the main click: its
    /// clicks are the beats, `subdivision` parts of each. Nil: the main click.
    public var layer: Int?

    public init(
        subdivision: Int = 1, swing: Swing? = nil, windows: TimingWindows = .standard,
        expected: ExpectedPositions = .everySubdivision, doubleTriggerMs: Double = 15,
        noteFilter: NoteFilter = .all, latency: LatencyCompensation = .none, layer: Int? = nil
    ) {
        self.subdivision = subdivision
        self.swing = swing
        self.windows = windows
        self.expected = expected
        self.doubleTriggerMs = doubleTriggerMs
        self.noteFilter = noteFilter
        self.latency = latency
        self.layer = layer
    }

    /// Throws the first setting that cannot be used.
    public func validate() throws(SettingError) {
        try Timeline.validateSubdivision(subdivision)
        if let swing {
            guard subdivision == 2 else {
                throw SettingError(field: "swing", message: "applies to eighths only; use subdivision 2, not \(subdivision)")
            }
            guard swing.long > 0, swing.short > 0 else {
                throw SettingError(field: "swing", message: "needs a long and a short part of 1 or more, got \(swing.long):\(swing.short)")
            }
        }
        try windows.validate()
        if case .pattern(let flags) = expected, flags.isEmpty {
            throw SettingError(field: "expected", message: "the pattern is empty; write x for a played slot and . for a rest")
        }
        guard doubleTriggerMs.isFinite, (0...100).contains(doubleTriggerMs) else {
            throw SettingError(field: "doubleTriggerMs", message: "must be between 0 and 100 ms, got \(doubleTriggerMs)")
        }
        try noteFilter.validate()
        try latency.validate()
        if let layer {
            guard layer >= 0, layer < ClickLayer.capacity else {
                throw SettingError(field: "layer", message: "must name one of the click's layers, got \(layer)")
            }
            guard swing == nil else {
                throw SettingError(field: "swing", message: "applies to the main click's eighths, not to a layer's")
            }
        }
    }
}
