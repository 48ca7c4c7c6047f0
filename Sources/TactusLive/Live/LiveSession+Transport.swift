import Foundation
import TactusCore
import TactusEngine
import TactusSession
import TactusJack

extension LiveSession {
    /// Following the transport: hands the start of `timeline` to it.
    mutating func waitForTransport(_ timeline: Timeline) {
        let config = asked.config
        let unit = config.beatUnit ?? config.meter?.defaultBeatUnit
        let preferred = config.meter.flatMap { meter in unit.map { (meter: meter, beatUnit: $0) } }
        follower = TransportFollower(spec: timeline.spec, preferred: preferred)
        host.followTransport()
        say("waiting for the JACK transport to roll")
    }

    /// The engine's reports into the session control, through the transport
    /// follower when following (`processed`: the end of the engine's last
    /// cycle, which the reports count in); what happened to the transport is said
    /// (shown in the live view, printed without it).
    mutating func handleEngineEvents(_ events: [EngineEvent], processed: Int64) -> SessionControl.Step {
        var step: SessionControl.Step
        if var follower {
            step = follower.handle(events, at: processed, control: &control)
            self.follower = follower
        } else {
            step = control.handle(events)
            if let late = control.transportRolledOff(events) {
                let ms = String(format: "%.1f", Double(late) * 1000 / Double(control.timeline.sampleRate))
                step.feedback = .message("the transport rolled \(late) frames (\(ms) ms) off bar 1")
            }
        }
        if !interactive, case .message(let text)? = step.feedback, Self.transportMessages.contains(where: text.hasPrefix) {
            writeForPlayer(text + "\n")
        }
        return step
    }

    /// How the follower's and the master's messages begin.
    static let transportMessages = ["following the transport", "transport master:", "the transport rolled"]

    /// A line about the transport: in the live view, or printed without it.
    mutating func say(_ text: String) {
        if interactive {
            live.state.feedback = .message(text)
        } else {
            writeForPlayer(text + "\n")
        }
    }
}
