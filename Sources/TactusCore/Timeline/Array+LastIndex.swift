extension Array {
    /// The index of the last element `isAtOrBefore` accepts, by binary search:
    /// the elements it accepts must all come first (a tempo map's changes up
    /// to a tick). 0 when it accepts none: the first element stands for
    /// everything before it.
    func lastIndex(atOrBefore isAtOrBefore: (Element) -> Bool) -> Int {
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if isAtOrBefore(self[middle]) { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
