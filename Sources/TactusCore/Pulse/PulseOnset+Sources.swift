import Foundation

extension PulseOnset {
    /// A MIDI file's note-ons that pass `filter`, at their times on the
    /// file's tempo map; the kick and crashes (as `map` names them) mark
    /// downbeats.
    public static func notes(of file: MIDIFile, filter: NoteFilter, map: DrumMap) -> [PulseOnset] {
        file.noteOns.compactMap { note in
            let channel = Int(note.channel) + 1
            guard filter.accepts(note: Int(note.note), channel: channel) else { return nil }
            return self.note(time: note.seconds, note: Int(note.note), velocity: Int(note.velocity), channel: channel, map: map)
        }
    }

    /// Strokes found in a recording, weighted by their level against the
    /// loudest (as amplitude).
    public static func strokes(_ strokes: [DetectedStroke], sampleRate: Int) -> [PulseOnset] {
        hits(strokes.map { .stroke(frame: $0.frame, levelDb: $0.levelDb) }, sampleRate: sampleRate, map: .generalMIDI)
    }

    /// A live take's hits at their frames: notes weighted by velocity (the
    /// kick and crashes, as `map` names them, mark downbeats), strokes by
    /// their level against the loudest (as amplitude).
    public static func hits(_ hits: [InputHit], sampleRate: Int, map: DrumMap) -> [PulseOnset] {
        let loudest = hits.compactMap(\.levelDb).max() ?? 0
        return hits.map { hit in
            let time = Double(hit.frame) / Double(sampleRate)
            if let level = hit.levelDb { return PulseOnset(time: time, weight: pow(10, (level - loudest) / 20)) }
            return note(time: time, note: hit.note, velocity: hit.velocity, channel: hit.channel, map: map)
        }
    }

    /// A note weighted by its velocity; the kick and crashes mark downbeats.
    static func note(time: Double, note: Int, velocity: Int, channel: Int, map: DrumMap) -> PulseOnset {
        let voice = map.voice(note: note, channel: channel)
        return PulseOnset(time: time, weight: Double(velocity) / 127, marksDownbeat: voice == "kick" || voice == "crash")
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
