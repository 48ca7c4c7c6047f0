extension DisplayWidth {
    /// `text` broken at spaces into lines of at most `width` columns; a word
    /// wider than a line is cut across lines. Always at least one line.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width >= 1 else { return [""] }
        var lines: [String] = []
        var line = ""
        for piece in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(piece)
            let joined = line.isEmpty ? word : line + " " + word
            if of(joined) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            while of(word) > width {
                let head = prefix(word, width: width)
                // A wide character in a one-column line cannot be placed: drop it.
                let taken = head.isEmpty ? String(word.prefix(1)) : head
                if !head.isEmpty { lines.append(head) }
                word.removeFirst(taken.count)
            }
            line = word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
