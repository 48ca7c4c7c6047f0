/// Plain-text columns for terminal output: two spaces between columns, each
/// column as wide as its widest cell, no trailing spaces.
struct TextTable {
    var header: [String]
    /// Per column: right-aligned (numbers) or left-aligned (text).
    var rightAligned: [Bool]
    var rows: [[String]] = []

    /// The table, one line per row after the header, each ending in "\n".
    var text: String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        var text = ""
        for row in all {
            var cells: [String] = []
            for column in header.indices {
                let cell = row.indices.contains(column) ? row[column] : ""
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                cells.append(rightAligned.indices.contains(column) && rightAligned[column] ? padding + cell : cell + padding)
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}
