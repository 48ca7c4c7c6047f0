import TactusCore
import TactusEngine

/// The JACK process callback that runs the engine: reads the cycle's MIDI
/// input, drains commands, lets the engine render the click and the clock,
/// writes the clock to JACK and forwards the engine's reports. Nonisolated
/// and C-callable, in a file of its own so nothing captures main-actor state.
enum JackEngineDriver {
    static let process: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        JackEngineDriver.run(context.assumingMemoryBound(to: JackEngineState.self), frames: frames)
        return 0
    }

    /// One cycle, in this order: reads the MIDI and audio inputs, takes the
    /// commands, the transport and the new xruns, runs the engine, carries
    /// out its transport request, writes its MIDI, forwards its reports and
    /// publishes the meters. Without the click port's buffer (JACK gave
    /// none) it returns before it takes anything, so the commands and the
    /// xruns wait for the next cycle, and clears the clock port so nothing
    /// is sent twice; the next cycle counts this one as skipped.
    /// Realtime: only wait-free JACK calls.
    @_noLocks @_noAllocation
    static func run(_ state: UnsafeMutablePointer<JackEngineState>, frames: UInt32) {
        guard let click = JackRealtime.audioBuffer(state.pointee.clickPort, frames: frames).baseAddress else {
            if let clock = JackRealtime.midiBuffer(state.pointee.clockPort, frames: frames) { JackRealtime.clearMIDI(clock) }
            return
        }
        let started = state.pointee.meters.pointee.cycleMeter.startCycle()
        let cycleStart = state.pointee.frameClock.extend(JackRealtime.lastFrameTime(state.pointee.client))
        let meters = state.pointee.meters
        if state.pointee.playerCount == 0 {
            read(state.pointee.inputPort, frames: frames, into: &state.pointee.input, meters: meters)
        } else {
            readPlayers(state, frames: frames, meters: meters)
        }
        read(state.pointee.pedalPort, frames: frames, into: &state.pointee.pedal, meters: meters)
        var input = 0
        while input < state.pointee.audioCount {
            readAudio(
                state, port: state.pointee.audioPorts[input], source: state.pointee.audioSources[input], frames: frames,
                at: cycleStart)
            input += 1
        }
        let count = state.pointee.commands.pop(into: state.pointee.commandBuffer)
        let commands = UnsafeBufferPointer(rebasing: state.pointee.commandBuffer[0..<count])
        let expected = meters.pointee.expectedNextStart.load(ordering: .relaxed)
        let xruns = state.pointee.signals.pointee.xruns.load(ordering: .relaxed)
        var cycle = EngineCycle(
            transport: readTransport(state, commands: count),
            xruns: state.pointee.xrunWatch.newXruns(count: xruns, cycleStart: cycleStart, expectedStart: expected))
        processEngine(state, frames: Int(frames), at: cycleStart, audio: click, commands: commands, cycle: &cycle)
        carryOut(cycle.transportRequest, client: state.pointee.client)
        writeClock(state, frames: frames)

        var index = 0
        while index < state.pointee.engine.events.count {
            // A full ring counts what it refuses itself (`droppedCount`).
            var event = state.pointee.engine.events[index]
            state.pointee.events.push(&event)
            index += 1
        }
        let refused = state.pointee.engine.events.refused
        if refused > 0 { meters.pointee.droppedEvents.wrappingAdd(refused, ordering: .relaxed) }
        if index > 0 { JackCallbacks.postUnlessPending(state.pointee.wake) }
        if expected >= 0 && expected != cycleStart {
            meters.pointee.skippedCycles.wrappingAdd(1, ordering: .relaxed)
        }
        meters.pointee.expectedNextStart.store(cycleStart &+ Int64(frames), ordering: .relaxed)
        meters.pointee.lastCycleStart.store(cycleStart, ordering: .releasing)
        meters.pointee.cycleMeter.record(
            since: started, budget: CycleBudget(frames: Int(frames), sampleRate: state.pointee.sampleRate))
    }

    /// Realtime: the engine call, with the state's parts passed separately.
    @_noLocks @_noAllocation
    static func processEngine(
        _ state: UnsafeMutablePointer<JackEngineState>, frames: Int, at cycleStart: Int64,
        audio: UnsafeMutablePointer<Float>, commands: UnsafeBufferPointer<EngineCommand>, cycle: inout EngineCycle
    ) {
        withUnsafeMutablePointer(to: &state.pointee.input) { input in
            withUnsafeMutablePointer(to: &state.pointee.pedal) { pedal in
                state.pointee.engine.process(
                    frames: frames, at: cycleStart, audio: audio, input: input.pointee, pedal: pedal.pointee,
                    commands: commands, cycle: &cycle)
            }
        }
    }

    /// Realtime: every player port's events into the one input list, each
    /// stamped with its player's index (in port order, each port's in time order).
    @_noLocks @_noAllocation
    static func readPlayers(
        _ state: UnsafeMutablePointer<JackEngineState>, frames: UInt32, meters: UnsafeMutablePointer<JackEngineMeters>
    ) {
        state.pointee.input.removeAll()
        var player = 0
        while player < state.pointee.playerCount {
            read(
                state.pointee.playerPorts[player], frames: frames, into: &state.pointee.input, meters: meters,
                player: state.pointee.playerIndices[player], clear: false)
            player += 1
        }
    }

    /// Realtime: copies the cycle's short MIDI events of `port` into `list`
    /// with frames relative to the cycle; longer ones (sysex) are skipped and
    /// counted. `player` stamps each event; `clear` empties the list first.
    @_noLocks @_noAllocation
    static func read(
        _ port: JackPort, frames: UInt32, into list: inout MIDIEventList,
        meters: UnsafeMutablePointer<JackEngineMeters>, player: UInt8 = 0, clear: Bool = true
    ) {
        if clear { list.removeAll() }
        guard let buffer = JackRealtime.midiBuffer(port, frames: frames) else { return }
        let count = JackRealtime.midiEventCount(buffer)
        var index: UInt32 = 0
        while index < count {
            if let event = JackRealtime.midiEvent(buffer, at: index) {
                let size = event.bytes.count
                if size >= 1 && size <= 3 {
                    let appended = list.append(RawMIDIEvent(
                        frame: Int64(truncatingIfNeeded: event.time), size: UInt8(truncatingIfNeeded: size),
                        status: event.bytes[0], data1: size > 1 ? event.bytes[1] : 0, data2: size > 2 ? event.bytes[2] : 0,
                        player: player))
                    if !appended { meters.pointee.droppedInput.wrappingAdd(1, ordering: .relaxed) }
                } else {
                    meters.pointee.skippedLong.wrappingAdd(1, ordering: .relaxed)
                }
            }
            index += 1
        }
    }

    /// Realtime: the cycle's samples of the audio input `port`, the first at
    /// `cycleStart`, onto the audio ring in blocks stamped with `source`
    /// (as the offline driver puts its input); what a full ring refuses is
    /// counted as lost.
    @_noLocks @_noAllocation
    static func readAudio(
        _ state: UnsafeMutablePointer<JackEngineState>, port: JackPort, source: Int, frames: UInt32, at cycleStart: Int64
    ) {
        let samples = UnsafeBufferPointer(JackRealtime.audioBuffer(port, frames: frames))
        let lost = state.pointee.audio.push(samples, at: cycleStart, source: source, through: &state.pointee.audioBlock)
        if lost > 0 { state.pointee.meters.pointee.lostAudio.wrappingAdd(lost, ordering: .relaxed) }
    }

    /// Realtime: clears the clock port and writes the engine's MIDI output.
    @_noLocks @_noAllocation
    static func writeClock(_ state: UnsafeMutablePointer<JackEngineState>, frames: UInt32) {
        guard let buffer = JackRealtime.midiBuffer(state.pointee.clockPort, frames: frames) else { return }
        JackRealtime.clearMIDI(buffer)
        var bytes: (UInt8, UInt8, UInt8) = (0, 0, 0)
        var index = 0
        while index < state.pointee.engine.midiOut.count {
            let event = state.pointee.engine.midiOut[index]
            bytes = (event.status, event.data1, event.data2)
            let written = withUnsafeBytes(of: &bytes) { raw in
                JackRealtime.writeMIDI(
                    buffer, time: UInt32(truncatingIfNeeded: event.frame),
                    bytes: UnsafeBufferPointer(
                        start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: Int(event.size)))
            }
            if !written { state.pointee.meters.pointee.refusedOutput.wrappingAdd(1, ordering: .relaxed) }
            index += 1
        }
        let refused = state.pointee.engine.midiOut.refused
        if refused > 0 { state.pointee.meters.pointee.refusedOutput.wrappingAdd(refused, ordering: .relaxed) }
    }
}
