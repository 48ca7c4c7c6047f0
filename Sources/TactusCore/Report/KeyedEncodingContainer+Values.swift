extension KeyedEncodingContainer {
    /// Writes each value rounded as `ReportNumber` says (an interval's ends, say).
    mutating func encode(_ values: [Double], forKey key: Key, decimals: Int, exact: Bool) throws {
        try encode(exact ? values : values.map { ReportNumber.rounded($0, decimals: decimals) }, forKey: key)
    }
}
