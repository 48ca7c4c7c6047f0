extension SimulatedPlayer {
    /// What the player was made to do, in the terms findings use: the
    /// overall tendency (the mean plus the beats' average bias), each beat's
    /// bias against that average, the drift, the swing and the spread, e.g.
    /// "overall +3.8 ms, beats 1, 2, 3 +2.3 ms, beat 4 -6.8 ms from the
    /// average, drift -1.4 ms/min, straight 8ths, spread ±9.0 ms"; biased
    /// positions are named as the player was made to play them ("position
    /// 3.1 -6.0 ms", parts counted in `subdivision`).
    public func habits(beatsPerBar: Int) -> String {
        let beats = max(beatsPerBar, 1)
        let biases = (0..<beats).map { beatBiasMs.isEmpty ? 0 : beatBiasMs[$0 % beatBiasMs.count] }
        let average = biases.reduce(0, +) / Double(beats)
        var parts = ["overall \(NumberText.signed(meanOffsetMs + average, 1)) ms"]
        // Beats with the same bias against the average go together, in beat order.
        var groups: [(text: String, beats: [Int])] = []
        for (index, bias) in biases.enumerated() where abs(bias - average) >= 0.05 {
            let text = NumberText.signed(bias - average, 1)
            if let at = groups.firstIndex(where: { $0.text == text }) {
                groups[at].beats.append(index + 1)
            } else {
                groups.append((text, [index + 1]))
            }
        }
        if !groups.isEmpty {
            parts.append(groups.map { group in
                "beat\(group.beats.count > 1 ? "s" : "") \(group.beats.map(String.init).joined(separator: ", ")) \(group.text) ms"
            }.joined(separator: ", ") + " from the average")
        }
        if !positionBiasMs.isEmpty {
            parts.append(positionBiasMs.map { "position \($0.beat).\($0.part) \(NumberText.signed($0.ms, 1)) ms" }.joined(separator: ", "))
        }
        for (note, ms) in voiceBiasMs.sorted(by: { $0.key < $1.key }) {
            parts.append("\(DrumMap.generalMIDI.voice(note: Int(note), channel: 10) ?? "note \(note)") \(NumberText.signed(ms, 1)) ms")
        }
        if hiHatWithSnareMs != 0 { parts.append("hi-hat \(NumberText.signed(hiHatWithSnareMs, 1)) ms where the snare plays") }
        parts.append("drift \(NumberText.signed(driftMsPerMinute, 1)) ms/min")
        parts.append(swing.map { "8ths swung \(SwingEstimate.text(Double($0.long) / Double($0.long + $0.short)))" } ?? "straight 8ths")
        if subdivision == 4 { parts.append("16ths played") }
        parts.append("spread ±\(NumberText.fixed(spreadMs, 1)) ms")
        return parts.joined(separator: ", ")
    }
}
