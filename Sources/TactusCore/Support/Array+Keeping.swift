extension Array {
    /// The elements that satisfy `isKept`: this array itself (its storage
    /// shared, not copied) when all of them do.
    func keeping(_ isKept: (Element) -> Bool) -> [Element] {
        allSatisfy(isKept) ? self : filter(isKept)
    }
}
