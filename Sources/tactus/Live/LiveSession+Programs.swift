import Foundation
import TactusCore
import TactusEngine
import TactusSession

extension LiveSession {
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
