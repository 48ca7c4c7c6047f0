import TactusEngine

extension JackEngineHost {
    /// Leads the JACK transport: becomes timebase master
    /// (`jack_set_timebase_callback`) publishing bar, beat and tick from the
    /// engine's grid, with transport frame f at absolute frame `originFrame + f`
    /// (bar 1 + f); stops the transport and locates it to frame 0 (bar 1) now,
    /// rolls it from there when playing reaches bar 1, and stops it when
    /// playing stops. See ``TransportBBT`` for what is published.
    ///
    /// - Parameter conditional: Fail with ``JackError/timebaseMasterTaken``
    ///   instead of taking over from another master.
    public func leadTransport(conditional: Bool = false) throws(JackError) {
        try client.becomeTimebaseMaster(JackEngineTimebase.function, context: UnsafeMutableRawPointer(state), conditional: conditional)
        try client.stopTransport()
        try client.locateTransport(frame: 0)
        send([.leadTransport(true)])
    }

    /// Follows the JACK transport: the engine reports it and keeps the grids
    /// a ``TransportFollower`` plans on it.
    public func followTransport() {
        send([.followTransport(true)])
    }
}
