import TactusSession
import TactusJack

extension LiveSession {
    /// Lists in the report what full rings and refused writes have lost so
    /// far, each when its count has grown (`SessionControl.lost`).
    mutating func followLosses(into step: inout SessionControl.Step) {
        let now = host.frameTimeNow ?? 0
        step.absorb(control.lost(.midiInput, total: host.droppedInput, at: now))
        step.absorb(control.lost(.engineReports, total: host.droppedEvents, at: now))
        step.absorb(control.lost(.midiOutput, total: host.refusedOutput, at: now))
        step.absorb(control.lost(.commands, total: host.refusedCommands, at: now))
        if control.audio != nil {
            step.absorb(control.lost(.audioSamples(ringBlocks: JackEngineHost.audioRingBlocks), total: host.lostAudio, at: now))
        }
        if let remote {
            step.absorb(control.lost(.oscPackets(queue: RemoteControl.queueCapacity), total: remote.droppedPackets, at: now))
        }
    }
}
