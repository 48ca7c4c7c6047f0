extension String {
    /// The text with spaces before it up to `length` characters (as it is
    /// when already that long): a right-aligned column.
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: " ", count: length - count) + self
    }
}
