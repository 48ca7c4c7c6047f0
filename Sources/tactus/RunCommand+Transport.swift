extension RunCommand {
    /// Following the transport, the master sets the tempo: a config's speed
    /// trainer cannot.
    func checkTransport(_ practice: Practice) throws(CommandLineError) {
        if transport == .follow, practice.config.speedTrainer != nil, let path = timeline.configPath {
            throw .badInput(path, "speedTrainer: cannot run with --transport follow; the transport master sets the tempo")
        }
    }
}
