import TactusCore
import TactusEngine

extension JackEngineDriver {
    /// Realtime: reads the transport for the engine when it leads or follows
    /// it, or may be told to in this cycle's commands.
    @_noLocks @_noAllocation
    static func readTransport(_ state: UnsafeMutablePointer<JackEngineState>, commands: Int) -> TransportSample? {
        guard commands > 0 || state.pointee.engine.readsTransport else {
            return nil
        }
        let position = JackRealtime.transportQuery(state.pointee.client)
        var rolling = false
        switch position.state {
        case .rolling: rolling = true
        case .stopped, .starting, .looping, .netStarting: break
        }
        var sample = TransportSample(rolling: rolling, frame: Int64(truncatingIfNeeded: position.frame))
        if let bbt = position.bbt {
            sample.bbt = TransportBBT(
                bar: bbt.bar, beat: bbt.beat, tick: bbt.tick, barStartTick: bbt.barStartTick,
                beatsPerBar: Double(bbt.beatsPerBar), beatType: Double(bbt.beatType), ticksPerBeat: bbt.ticksPerBeat,
                beatsPerMinute: bbt.beatsPerMinute)
        }
        return sample
    }

    /// Realtime: carries out what the engine asked of the transport, with
    /// libjack's realtime-safe transport calls.
    @_noLocks @_noAllocation
    static func carryOut(_ request: TransportRequest, client: JackClientHandle) {
        if let frame = request.locate {
            _ = JackRealtime.locateTransport(client, frame: UInt32(truncatingIfNeeded: frame))
        }
        if request.start { JackRealtime.startTransport(client) }
        if request.stop { JackRealtime.stopTransport(client) }
    }
}

/// The timebase callback of a host that leads the transport: bar, beat and
/// tick for any transport frame, from the engine's grid.
enum JackEngineTimebase {
    static let function: JackTimebaseFunction = { frame, _, _, bbt, context in
        guard let context else { return false }
        return fill(context.assumingMemoryBound(to: JackEngineState.self), frame: frame, into: bbt)
    }

    /// Realtime: runs on the process thread right after the process callback,
    /// so it reads the engine the callback just left.
    @_noLocks @_noAllocation
    static func fill(_ state: UnsafeMutablePointer<JackEngineState>, frame: UInt32, into bbt: UnsafeMutableRawPointer) -> Bool {
        guard let position = state.pointee.engine.transportBBT(atTransportFrame: Int64(truncatingIfNeeded: frame)) else {
            return false
        }
        bbt.storeBytes(of: JackBBT(
            bar: position.bar, beat: position.beat, tick: position.tick, barStartTick: position.barStartTick,
            beatsPerBar: Float(position.beatsPerBar), beatType: Float(position.beatType),
            ticksPerBeat: position.ticksPerBeat, beatsPerMinute: position.beatsPerMinute), as: JackBBT.self)
        return true
    }
}
