extension Optional where Wrapped: Comparable {
    /// Whether this sorts before `other` when nil sorts after every value;
    /// nil when the two are equal, for the caller to break the tie.
    func sortsBefore(_ other: Wrapped?) -> Bool? {
        switch (self, other) {
        case let (x?, y?): x == y ? nil : x < y
        case (nil, nil): nil
        case (nil, _?): false
        case (_?, nil): true
        }
    }
}
