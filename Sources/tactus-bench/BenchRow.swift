import Foundation

/// One line of the results table: what tactus measured, what the peer
/// measured in the same run (if any) and their ratio.
struct BenchRow {
    var measurement: String
    var tactus: String
    var peerName = ""
    var peer = ""
    var ratio = ""
    var note = ""

    /// A row whose ratio is tactus/peer, when both are measured and the peer is not zero.
    static func compared(
        _ measurement: String, tactus: Double?, peerName: String, peer: Double?, digits: Int, note: String = ""
    ) -> BenchRow {
        var ratio = ""
        if let tactus, let peer, peer != 0 {
            ratio = String(format: "%.2f", tactus / peer)
        }
        return BenchRow(
            measurement: measurement, tactus: BenchRow.format(tactus, digits: digits), peerName: peerName,
            peer: BenchRow.format(peer, digits: digits), ratio: ratio, note: note)
    }

    static func format(_ value: Double?, digits: Int) -> String {
        guard let value else { return "n/a" }
        return String(format: "%.\(digits)f", value)
    }

    /// Minutes as "5" or "2.5".
    static func minutes(_ value: Double) -> String {
        value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    /// The hits a tactus report at `path` counts in its summary, if it can be read.
    static func scoredHits(reportAt path: String) -> Int? {
        (try? Data(contentsOf: URL(fileURLWithPath: path)))
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
            .flatMap { ($0["summary"] as? [String: Any])?["hits"] as? Int }
    }
}
