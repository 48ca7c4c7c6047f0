import Foundation
import TactusCore
import TactusEngine

extension LiveSession {
    /// The settings to save: those the session started with, the tempo,
    /// meter, subdivision, accents and gap in force.
    var currentSettings: PracticeConfig {
        var config = asked.config
        let spec = control.pendingSpec ?? control.timeline.spec
        config.bpm = control.tempo
        config.meter = spec.meter
        config.beatUnit = spec.beatUnit
        config.subdivision = spec.subdivision
        config.accents = spec.accents
        config.gap = spec.gap
        return config
    }

    /// Answers the session manager's save and tells it when the settings
    /// are dirty or clean again.
    func followSessionManager() {
        guard let link = sessionManager else { return }
        let current = currentSettings
        if link.saved == nil { link.saved = current }
        for message in link.control.drainSessionMessages() {
            guard case .save? = NSMMessage(message) else { continue }
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try OutputFile.write(Array(try encoder.encode(current)) + [0x0A], to: link.settingsPath)
                rememberState()
                link.saved = current
                link.send(NSMClientMessage.reply(to: "/nsm/client/save", "saved \(link.settingsPath)"))
            } catch {
                link.send(NSMClientMessage.error(to: "/nsm/client/save", .general, "cannot write \(link.settingsPath): \(error)"))
            }
        }
        let dirty = current != link.saved
        if dirty != link.toldDirty {
            link.toldDirty = dirty
            link.send(NSMClientMessage.dirty(dirty))
        }
    }
}
