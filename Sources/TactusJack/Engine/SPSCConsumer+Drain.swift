import TactusEngine

extension SPSCConsumer {
    /// Pops every element the ring holds now, oldest first (the control side).
    mutating func popAll() -> [Element] {
        var list: [Element] = []
        while let element = pop() { list.append(element) }
        return list
    }
}
