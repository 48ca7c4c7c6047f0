import Foundation
import TactusCore
import TactusEngine
import TactusSession

extension LiveSession {
    /// The practice programs of the config, with a fresh seed for random
    /// muting when the config names none (the report says which was used).
    static func programs(_ practice: Practice, sampleRate: Int) -> PracticePrograms {
        let seed = practice.config.randomMute?.seed ?? UInt64.random(in: 0...RandomMute.largestSeed)
        return practice.config.programs(sampleRate: sampleRate, seed: seed)
    }

    /// Shows what the programs did in this step: the timer and the reminder
    /// in the live view, their notices as lines without it.
    mutating func showPrograms(_ step: SessionControl.Step) {
        view.timer = control.programs.timerStatus
        view.reminder = control.programs.reminder
        if !interactive {
            for notice in step.notices { writeForPlayer(notice + "\n") }
        }
    }
}
