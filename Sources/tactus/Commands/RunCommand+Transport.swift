import TactusCore

extension RunCommand {
    /// Following the transport, its master sets tempo and meter: no speed
    /// trainer, no setlist.
    func validateTransport() throws(CommandLineError) {
        guard live.transport == .follow else { return }
        if timeline.overrides.speedTrainer != nil {
            throw .usage("--transport follow excludes --speed-trainer; the transport master sets the tempo")
        }
        if setlist != nil {
            throw .usage("--transport follow excludes --setlist; the transport master sets tempo and meter")
        }
    }

    /// Following the transport, the master sets the tempo: a config's speed
    /// trainer cannot.
    func checkTransport(_ practice: Practice) throws(CommandLineError) {
        if live.transport == .follow, practice.config.speedTrainer != nil, let path = timeline.configPath {
            throw .badInput(path, "speedTrainer: cannot run with --transport follow; the transport master sets the tempo")
        }
    }
}
