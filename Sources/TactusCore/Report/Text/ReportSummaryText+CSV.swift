extension ReportSummaryText {
    /// Every hit as a CSV row under a header line; times to 6 places, offsets
    /// to 3, as in the JSON. Text fields are quoted when they need it (RFC 4180).
    public static func csv(_ report: PracticeReport) -> String {
        var text = "frame,timeS,bar,beat,subdivision,offsetMs,note,velocity,channel,grade,countIn,muted,preset\n"
        for hit in report.hits {
            let fields = [
                "\(hit.frame)", NumberText.fixed(hit.timeS, 6), "\(hit.position.bar)", "\(hit.position.beat)",
                "\(hit.position.subdivision)", NumberText.fixed(hit.offsetMs, 3), "\(hit.note)", "\(hit.velocity)",
                "\(hit.channel)", hit.grade.rawValue, "\(hit.countIn)", "\(hit.muted)", quoted(hit.preset ?? ""),
            ]
            text += fields.joined(separator: ",") + "\n"
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
