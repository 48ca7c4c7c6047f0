/// Terminal columns taken by text: one per character, two for East Asian
/// wide and fullwidth characters and emoji. Control characters are shown as
/// `?` (`printable`), so nothing from a file or a port can move the cursor.
enum DisplayWidth {
    static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return isWide(scalar.value) ? 2 : 1
    }

    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest start of `text` at most `width` columns wide.
    static func prefix(_ text: String, width: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let next = of(character)
            guard used + next <= width else { break }
            used += next
            result.append(character)
        }
        return result
    }

    /// `text` with control characters (C0, DEL, C1) replaced by `?`.
    static func printable(_ text: String) -> String {
        String(text.map { character in
            character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } ? "?" : character
        })
    }

    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
