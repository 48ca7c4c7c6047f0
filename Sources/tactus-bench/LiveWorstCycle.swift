import Foundation

/// The live worst-case process cycle, as tactus itself measured it on the
/// JACK thread, read from the report of the live run when it carries it.
enum LiveWorstCycle {
    static let title = "Live worst process cycle (µs, tactus' own meter)"

    static func row(reportPath: String?) -> BenchRow {
        guard let reportPath, let data = FileManager.default.contents(atPath: reportPath),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            return BenchRow(measurement: title, tactus: "n/a", note: "no report from a live tactus run")
        }
        let events = json["events"] as? [[String: Any]] ?? []
        let xruns = events.filter { $0["kind"] as? String == "xrun" }.count
        let seen = "tactus recorded \(xruns) xrun\(xruns == 1 ? "" : "s") in its report"
        if let value = find(in: json, keys: ["worstMicroseconds", "worstCycleMicroseconds"]) {
            return BenchRow(measurement: title, tactus: String(format: "%.0f", value), note: "from the live run's report; " + seen)
        }
        return BenchRow(
            measurement: title, tactus: "n/a",
            note: "tactus run does not put the host's cycle meter (JackEngineHost.worstCycleMicroseconds) in its report; " + seen)
    }

    /// The first number under one of `keys`, searching nested objects and arrays.
    static func find(in value: Any, keys: [String]) -> Double? {
        if let object = value as? [String: Any] {
            for key in keys {
                if let number = object[key] as? NSNumber { return number.doubleValue }
            }
            for child in object.values {
                if let found = find(in: child, keys: keys) { return found }
            }
        } else if let array = value as? [Any] {
            for child in array {
                if let found = find(in: child, keys: keys) { return found }
            }
        }
        return nil
    }
}
