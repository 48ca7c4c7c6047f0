import Foundation
import Synchronization
import TactusALSA
import TactusEngine
import TactusJack

/// `--alsa-pedal` and `--alsa-input`: MIDI devices read straight from the
/// ALSA sequencer on a thread of their own (never the process thread), their
/// messages stamped with JACK frames and handed to the control loop as if
/// they had come in on `tactus:pedal` or `tactus:input`.
///
/// Timing: each message's sequencer time is mapped to a JACK frame through a
/// reference pair (sequencer queue time, `frameTimeNow`) taken every two
/// seconds; the result is good to about ± one JACK period
/// (`uncertaintyFrames`, also stated in the report's settings).
final class ALSAReader: @unchecked Sendable {
    private let received = Mutex<[EngineEvent]>([])
    private let running = Atomic<Bool>(true)
    private var thread: Thread?
    /// The sources subscribed to, for the start-up line.
    let sources: [String]
    let uncertaintyFrames: Int64

    private struct Input: @unchecked Sendable {
        var pedal: ALSAPedalInput<ALSASequencer>
        var input: ALSAPedalInput<ALSASequencer>?
    }

    /// Opens the sequencer and subscribes to every pattern (one sequencer
    /// client with a `pedal` and an `input` port). Throws `ALSAError` when the
    /// sequencer is missing or a pattern matches no port.
    init(clientName: String, pedalPatterns: [String], inputPatterns: [String], host: JackEngineHost) throws(ALSAError) {
        var pedal = ALSAPedalInput(backend: ALSASequencer())
        var sources: [String] = []
        let pedalPorts = try pedal.start(
            clientName: clientName, portName: "pedal", patterns: try pedalPatterns.map { text throws(ALSAError) in try ALSAPortPattern(parsing: text) })
        sources += pedalPorts.map(\.fullName)
        var input: ALSAPedalInput<ALSASequencer>?
        if !inputPatterns.isEmpty {
            var reader = ALSAPedalInput(backend: ALSASequencer())
            do {
                let ports = try reader.start(
                    clientName: clientName + "-input", portName: "input",
                    patterns: try inputPatterns.map { text throws(ALSAError) in try ALSAPortPattern(parsing: text) })
                sources += ports.map(\.fullName)
            } catch {
                pedal.stop()
                throw error
            }
            input = reader
        }
        self.sources = sources
        uncertaintyFrames = Int64(host.bufferSize)
        let state = Input(pedal: pedal, input: input)
        let sampleRate = host.sampleRate
        let period = uncertaintyFrames
        thread = Thread { [self] in
            self.read(state, host: host, sampleRate: sampleRate, period: period)
        }
        thread?.name = "tactus ALSA"
        thread?.start()
    }

    private func read(_ state: Input, host: JackEngineHost, sampleRate: Int, period: Int64) {
        var state = state
        var anchoredAt = ContinuousClock.now - .seconds(10)
        while running.load(ordering: .acquiring) {
            if ContinuousClock.now - anchoredAt >= .seconds(2), let frame = host.frameTimeNow {
                try? state.pedal.anchor(frame: frame, sampleRate: sampleRate, periodFrames: period)
                try? state.input?.anchor(frame: frame, sampleRate: sampleRate, periodFrames: period)
                anchoredAt = .now
            }
            var events: [EngineEvent] = []
            let wait: Int32 = state.input == nil ? 50 : 25
            if let event = try? state.pedal.next(timeoutMilliseconds: wait) {
                events.append(.pedal(Self.midi(event, host: host)))
            }
            if state.input != nil, let event = try? state.input?.next(timeoutMilliseconds: 25) {
                events.append(.input(Self.midi(event, host: host)))
            }
            if !events.isEmpty {
                received.withLock { $0 += events }
                host.wake()
            }
        }
        state.pedal.stop()
        state.input?.stop()
    }

    private static func midi(_ event: ALSAInputEvent, host: JackEngineHost) -> RawMIDIEvent {
        let frame = event.frame ?? host.frameTimeNow ?? 0
        let message = event.message
        return RawMIDIEvent(
            frame: frame, size: UInt8(truncatingIfNeeded: message.size), status: message.status,
            data1: message.data1, data2: message.data2)
    }

    /// Takes the messages read so far, in frame order.
    func drain() -> [EngineEvent] {
        received.withLock { events in
            defer { events = [] }
            return events.sorted { $0.frame < $1.frame }
        }
    }

    /// Stops the thread and closes the sequencer.
    func stop() {
        running.store(false, ordering: .releasing)
        while thread?.isFinished == false { usleep(5_000) }
    }
}
