import TactusCore
import TactusEngine
import TactusSession

extension LiveSession {
    /// Carries out the OSC commands that arrived: session commands as a
    /// pedal's (listed in the report with the message as their cause),
    /// queries answered, registrations kept (packets dropped are listed by
    /// `followLosses`).
    mutating func followRemote(into step: inout SessionControl.Step) {
        guard let remote else { return }
        for request in remote.drain() {
            switch request.command {
            case .query(let ask):
                guard let target = remote.target(ask, sender: request.sender) else { continue }
                remote.send(remoteState.message, to: target)
            case .register(let ask):
                guard let target = remote.target(ask, sender: request.sender) else { continue }
                // A client registering again (one that restarted, or whose
                // first answer was lost) is sent the state again, once listed.
                guard remote.subscribers.contains(target) || remote.subscribers.count < RemoteControl.subscriberCapacity else {
                    remote.reply(error: "\(RemoteControl.subscriberCapacity) clients are registered already", about: request.message.address, to: request.sender)
                    continue
                }
                if !remote.subscribers.contains(target) { remote.subscribers.append(target) }
                remote.send(remoteState.message, to: target)
            case .unregister(let ask):
                guard let target = remote.target(ask, sender: request.sender) else { continue }
                remote.subscribers.removeAll { $0 == target }
            default:
                do {
                    step.absorb(try control.perform(request.command, at: host.frameTimeNow ?? 0, cause: "osc \(request.message)"))
                } catch {
                    remote.reply(error: "\(error)", about: request.message.address, to: request.sender)
                }
            }
        }
    }

    /// What a remote surface is told about the session now: the grid the
    /// engine plays at the end of its last cycle.
    var remoteState: RemoteState {
        let spec = control.spec(inForceAt: host.lastCycleEnd ?? 0)
        return RemoteState(
            playing: control.playing, tempo: control.tempo, bar: live.state.bar, beat: live.state.beat, meter: spec.meter,
            subdivision: spec.subdivision, accents: spec.accents, muted: control.muted, preset: control.setlist?.presetName)
    }

    /// Tells the registered clients what changed since they were told last.
    func publishRemote() {
        guard let remote else { return }
        let state = remoteState
        defer { remote.published = state }
        guard let previous = remote.published, !remote.subscribers.isEmpty else { return }
        for message in state.changes(from: previous) {
            for target in remote.subscribers { remote.send(message, to: target) }
        }
    }
}

extension LiveSession {
    /// Tells the registered clients, before the socket closes, what changed
    /// since they were told last and, last, `/tactus/state/playing F`: the
    /// session is over, however it ended.
    func publishEnd() {
        guard let remote, let previous = remote.published, !remote.subscribers.isEmpty else { return }
        var state = remoteState
        state.playing = false
        let stopped = OSCMessage("/tactus/state/playing", [.bool(false)])
        let messages = state.changes(from: previous).filter { $0 != stopped } + [stopped]
        for message in messages {
            for target in remote.subscribers { remote.send(message, to: target) }
        }
    }
}

extension LiveSession {
    /// Started by a session manager: ports up, nothing playing until a
    /// start comes from a pedal, a key or OSC.
    mutating func waitStopped(_ programs: [EngineCommand]) {
        host.send(programs)
        control.waitStopped()
        say("stopped; waiting for a start (pedal, key or OSC)")
    }
}
