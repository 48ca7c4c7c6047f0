extension ReportSummaryText {
    /// Every hit as a CSV row under a header line; times to 6 places, offsets
    /// to 3, as in the JSON. Text fields are quoted when they need it (RFC 4180).
    /// Strokes found in audio have no note or channel, and their level in dBFS
    /// where a note has its velocity (the column is then named levelDb). The
    /// last column is the note's voice (`ReportSettings.drumMap`).
    public static func csv(_ report: PracticeReport) -> String {
        let audio = report.hits.contains { $0.isAudio }
        let map = report.settings.drumMap
        var text = "frame,timeS,bar,beat,subdivision,offsetMs,note,\(audio ? "levelDb" : "velocity"),channel,grade,countIn,muted,preset,voice\n"
        for hit in report.hits {
            let fields = [
                "\(hit.frame)", NumberText.fixed(hit.timeS, 6), "\(hit.position.bar)", "\(hit.position.beat)",
                "\(hit.position.subdivision)", NumberText.fixed(hit.offsetMs, 3),
                hit.isAudio ? "" : "\(hit.note)", hit.levelDb.map { NumberText.fixed($0, 1) } ?? "\(hit.velocity)",
                hit.isAudio ? "" : "\(hit.channel)", hit.grade.rawValue, "\(hit.countIn)", "\(hit.muted)", quoted(hit.preset ?? ""),
                quoted(map.voice(note: hit.note, channel: hit.channel) ?? ""),
            ]
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }

    /// The free pulse of a take analysed in free time, one beat a row:
    /// `timeS,bar,beat,bpm`, its time to 0.1 ms and its local tempo to 0.01.
    public static func pulseCSV(_ pulse: PulseReport) -> String {
        var text = "timeS,bar,beat,bpm\n"
        for beat in pulse.beats {
            text += "\(NumberText.fixed(beat.timeS, 4)),\(beat.bar),\(beat.beat),\(NumberText.fixed(beat.bpm, 2))\n"
        }
        return text
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        var text = "\""
        for character in field {
            text += character == "\"" ? "\"\"" : String(character)
        }
        return text + "\""
    }
}
