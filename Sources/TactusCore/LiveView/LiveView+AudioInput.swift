extension LiveView {
    /// `input  -12.0 dBFS  [##############------]  stroke -6.5 dBFS`: the
    /// meter spans -60 to 0 dBFS, one cell for 3 dB, and is red from
    /// -1 dBFS (the input about to clip); none without an audio input.
    static func audioInputLine(_ state: LiveViewState, width: Int) -> [[LiveSpan]] {
        guard let input = state.audioInput else { return [] }
        let clipping = input.levelDb >= LevelMeter.clippingDb
        let level = LiveSpan("input \(NumberText.fixed(input.levelDb, 1)) dBFS", clipping ? .warning : .plain)
        let stroke = LiveSpan("stroke " + (input.lastStrokeDb.map { NumberText.fixed($0, 1) + " dBFS" } ?? "-"))
        guard width >= 60 else { return [[level, LiveSpan("  "), stroke]] }
        let cells = LevelMeter.barCells
        let filled = LevelMeter.filledCells(input.levelDb)
        let meter = [LiveSpan("  [", .dim), LiveSpan(String(repeating: "#", count: filled), clipping ? .warning : .bold),
                     LiveSpan(String(repeating: "-", count: cells - filled), .dim), LiveSpan("]  ", .dim)]
        return [[level] + meter + [stroke]]
    }
}
