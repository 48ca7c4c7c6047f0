/// Formats ``JackPortInfo`` rows as the text table `tactus ports` prints:
///
/// ```
/// PORT               TYPE   DIR  PHYSICAL  CONNECTIONS
/// system:capture_1   audio  out  yes       -
/// system:playback_1  audio  in   yes       tactus:click
/// tactus:click       audio  out  no        system:playback_1, system:playback_2
/// ```
///
/// Columns are padded to their widest cell with two spaces between them; no
/// line has trailing spaces; every line ends with a newline.
public enum JackPortTable {
    public static let header = ["PORT", "TYPE", "DIR", "PHYSICAL", "CONNECTIONS"]

    public static func format(_ ports: [JackPortInfo]) -> String {
        let rows = [header] + ports.map { port in
            [
                port.name,
                port.type.description,
                port.direction.description,
                port.isPhysical ? "yes" : "no",
                port.connections.isEmpty ? "-" : port.connections.joined(separator: ", "),
            ]
        }
        var widths = Array(repeating: 0, count: header.count)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        var text = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                if column == row.count - 1 {
                    line += cell
                } else {
                    line += cell + String(repeating: " ", count: widths[column] - cell.count + 2)
                }
            }
            while line.hasSuffix(" ") {
                line.removeLast()
            }
            text += line + "\n"
        }
        return text
    }
}
