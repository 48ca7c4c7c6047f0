/// MIDI pedals and controllers read through the ALSA sequencer: one input
/// port subscribed to the sources named by `--alsa-pedal` patterns, events
/// turned into short messages stamped with JACK frames. Runs on a
/// non-realtime thread; the control loop feeds the messages to its `PedalMap`.
public struct ALSAPedalInput<Backend: SequencerBackend> {
    public private(set) var backend: Backend
    /// Our input port, once started.
    public private(set) var port: ALSAAddress?
    /// The sources subscribed to.
    public private(set) var sources: [ALSAPort] = []
    /// Queue time to JACK frames; nil until `anchor` is called.
    public private(set) var mapping: SequencerFrameMapping?

    public init(backend: Backend) {
        self.backend = backend
    }

    /// Opens the sequencer, creates input port `portName`, and subscribes it to
    /// the one source each pattern names (see `ALSAPortPattern`). On an error
    /// the sequencer is closed again.
    @discardableResult
    public mutating func start(clientName: String, portName: String, patterns: [ALSAPortPattern]) throws(ALSAError)
        -> [ALSAPort]
    {
        try backend.open(clientName: clientName)
        do {
            let available = try backend.ports()
            var chosen: [ALSAPort] = []
            for pattern in patterns {
                let source = try pattern.resolve(in: available)
                if !chosen.contains(source) { chosen.append(source) }
            }
            let ours = try backend.createInputPort(name: portName)
            for source in chosen {
                try backend.connect(from: source.address, to: ours)
            }
            port = ours
            sources = chosen
            return chosen
        } catch {
            backend.close()
            throw error
        }
    }

    /// Takes the reference pair: the queue's time now and `frame`, the JACK
    /// frame read right before or after (`jack_frame_time`). Call again every
    /// few seconds to follow clock drift.
    public mutating func anchor(frame: Int64, sampleRate: Int, periodFrames: Int64) throws(ALSAError) {
        let time = try backend.queueTime()
        mapping = SequencerFrameMapping(
            referenceTime: time, referenceFrame: frame, sampleRate: sampleRate, uncertaintyFrames: periodFrames)
    }

    /// The next MIDI short message, waiting at most `timeoutMilliseconds`;
    /// events without a short-message form are skipped (within the same wait).
    public mutating func next(timeoutMilliseconds: Int32) throws(ALSAError) -> ALSAInputEvent? {
        var timeout = timeoutMilliseconds
        while let event = try backend.nextEvent(timeoutMilliseconds: timeout) {
            if let message = event.midiMessage {
                let frame = event.time.flatMap { time in mapping?.frame(at: time) }
                return ALSAInputEvent(message: message, source: event.source, frame: frame)
            }
            timeout = 0
        }
        return nil
    }

    /// Closes the sequencer.
    public mutating func stop() {
        backend.close()
        port = nil
        sources = []
        mapping = nil
    }
}

/// A MIDI message that came in through the ALSA sequencer, with its JACK frame.
public struct ALSAInputEvent: Hashable, Sendable {
    public var message: ALSAMIDIMessage
    public var source: ALSAAddress
    /// The absolute JACK frame, ± the mapping's uncertainty; nil when the event
    /// had no real-time stamp or no reference pair was taken yet (use "now").
    public var frame: Int64?
}
