/// Where a report's hits came from.
public struct ReportSource: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Played live through JACK.
        case live
        /// Scored from a recorded MIDI file.
        case analyze
        /// Rebuilt from a session journal after an interrupted session.
        case recovered
    }

    public var kind: Kind
    /// The MIDI file analysed or the journal recovered, if any.
    public var file: String?
    /// Anything else worth knowing, e.g. "server default, client tactus".
    public var detail: String?
    /// What the JACK process callback cost during a live session.
    public var processCycle: ProcessCycleCost?

    public init(kind: Kind, file: String? = nil, detail: String? = nil, processCycle: ProcessCycleCost? = nil) {
        self.kind = kind
        self.file = file
        self.detail = detail
        self.processCycle = processCycle
    }
}

/// The process callback's cost over a live session, from the engine host's
/// own meter: JACK's microsecond clock around each cycle's work (wall time,
/// preemption included) and the process thread's CPU clock (its own work,
/// plus interrupts handled meanwhile on kernels without IRQ time accounting).
/// A cycle whose CPU time fits the period cannot have caused an xrun.
/// The period and CPU fields are absent in reports written before they existed.
public struct ProcessCycleCost: Hashable, Sendable, Codable {
    public var cycles: Int
    public var worstMicroseconds: Int
    public var meanMicroseconds: Double
    /// The period at the session's last buffer size.
    public var periodMicroseconds: Double?
    /// Cycles longer than the period in wall time.
    public var cyclesOverPeriod: Int?
    /// The slowest cycle in the process thread's CPU time.
    public var worstCPUMicroseconds: Int?
    /// Which cycle that was, counting from 1.
    public var worstCPUCycle: Int?
    /// Cycles whose CPU time alone was longer than the period.
    public var cyclesOverPeriodCPU: Int?
    /// Cycles timed on the CPU clock, which the CPU fields cover (every
    /// cycle in reports written before this field existed).
    public var cpuTimedCycles: Int?

    public init(
        cycles: Int, worstMicroseconds: Int, meanMicroseconds: Double, periodMicroseconds: Double? = nil,
        cyclesOverPeriod: Int? = nil, worstCPUMicroseconds: Int? = nil, worstCPUCycle: Int? = nil,
        cyclesOverPeriodCPU: Int? = nil, cpuTimedCycles: Int? = nil
    ) {
        self.cycles = cycles
        self.worstMicroseconds = worstMicroseconds
        self.meanMicroseconds = meanMicroseconds
        self.periodMicroseconds = periodMicroseconds
        self.cyclesOverPeriod = cyclesOverPeriod
        self.worstCPUMicroseconds = worstCPUMicroseconds
        self.worstCPUCycle = worstCPUCycle
        self.cyclesOverPeriodCPU = cyclesOverPeriodCPU
        self.cpuTimedCycles = cpuTimedCycles
    }
}
