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
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var line = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }.joined()
            while line.hasSuffix(" ") {
                line.removeLast()
            }
            return line + "\n"
        }.joined()
    }
}
