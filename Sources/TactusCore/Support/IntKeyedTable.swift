/// A dictionary for small whole-number keys (beats, subdivisions, notes,
/// bars): keys from 0 up to a limit have an array slot of their own, so a
/// lookup is an index, not a hash; other keys go to a dictionary. A key
/// reads as `empty` until it is first changed. Keys come back in ascending
/// order.
public struct IntKeyedTable<Value: Sendable>: Sendable {
    /// Keys from 0 below this use the array (bars of a day-long session fit).
    static var arrayLimit: Int { 1 << 20 }

    private let empty: Value
    private var slots: [Value] = []
    private var present: [Bool] = []
    private var others: [Int: Value] = [:]

    init(empty: Value) {
        self.empty = empty
    }

    /// Whether `key` has an array slot (once it is first changed).
    private static func isSlotted(_ key: Int) -> Bool {
        key >= 0 && key < arrayLimit
    }

    /// The value of `key`, `empty` before it was first changed.
    public subscript(key: Int) -> Value {
        guard Self.isSlotted(key) else { return others[key] ?? empty }
        return key < slots.count ? slots[key] : empty
    }

    /// Changes the value of `key` in place (starting from `empty`) and
    /// makes the key present.
    @inline(__always)
    public mutating func update<Result>(_ key: Int, _ change: (inout Value) -> Result) -> Result {
        let empty = self.empty
        guard Self.isSlotted(key) else {
            return change(&others[key, default: empty])
        }
        if key >= slots.count {
            slots.append(contentsOf: repeatElement(empty, count: key + 1 - slots.count))
            present.append(contentsOf: repeatElement(false, count: key + 1 - present.count))
        }
        present[key] = true
        return change(&slots[key])
    }

    /// Whether `key` was ever changed.
    public func contains(_ key: Int) -> Bool {
        guard Self.isSlotted(key) else { return others[key] != nil }
        return key < present.count && present[key]
    }

    /// Every present key, ascending.
    public var sortedKeys: [Int] {
        let otherKeys = others.keys.sorted()
        return otherKeys.filter { $0 < 0 } + present.indices.filter { present[$0] } + otherKeys.filter { $0 >= 0 }
    }
}
