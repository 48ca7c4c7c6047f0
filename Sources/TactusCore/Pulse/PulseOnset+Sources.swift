import Foundation

extension PulseOnset {
    /// A MIDI file's note-ons that pass `filter`, at their times on the
    /// file's tempo map; the kick and crashes (as `map` names them) mark
    /// downbeats.
    public static func notes(of file: MIDIFile, filter: NoteFilter, map: DrumMap) -> [PulseOnset] {
        file.noteOns.compactMap { note in
            let channel = Int(note.channel) + 1
            guard filter.accepts(note: Int(note.note), channel: channel) else { return nil }
            let voice = map.voice(note: Int(note.note), channel: channel)
            return PulseOnset(
                time: note.seconds, weight: Double(note.velocity) / 127, marksDownbeat: voice == "kick" || voice == "crash")
        }
    }

    /// Strokes found in a recording, weighted by their level against the
    /// loudest (as amplitude).
    public static func strokes(_ strokes: [DetectedStroke], sampleRate: Int) -> [PulseOnset] {
        let loudest = strokes.map(\.levelDb).max() ?? 0
        return strokes.map { stroke in
            let amplitude = pow(10, (stroke.levelDb - loudest) / 20)
            return PulseOnset(time: Double(stroke.frame) / Double(sampleRate), weight: amplitude)
        }
    }
}

extension PulseSettings {
    /// The pulse of `meter`'s beat (its default beat unit) within `bpmRange`.
    public init(meter: Meter, bpmRange: ClosedRange<Double> = PulseSettings.defaultRange) {
        let unit = meter.defaultBeatUnit
        self.init(
            beatsPerBar: meter.beatsPerBar(in: unit) ?? meter.beats, beatDivision: meter.isCompound ? 3 : 2, bpmRange: bpmRange)
    }
}
