/// A fixed-capacity, lock-free ring that carries trivial values from exactly one
/// producer thread to exactly one consumer thread (PortAudio's ring buffer and
/// rtrb are the models). The two ends are separate non-copyable handles, so
/// each has one owner; take them apart and give each to its thread:
///
///     let ring = SPSCRing<EngineEvent>(capacity: 1024)
///     var producer = ring.producer   // to the realtime side
///     var consumer = ring.consumer   // to the control thread
///
/// A full ring refuses a new element and counts it; nothing blocks and nothing
/// is overwritten. Make the ring, and drop its handles, on the non-realtime side.
@frozen
public struct SPSCRing<Element: BitwiseCopyable>: ~Copyable {
    public var producer: SPSCProducer<Element>
    public var consumer: SPSCConsumer<Element>

    /// A ring of `capacity` slots; `capacity` must be a power of two.
    public init(capacity: Int) {
        let storage = SPSCRingStorage<Element>(capacity: capacity)
        producer = SPSCProducer(storage: storage)
        consumer = SPSCConsumer(storage: storage)
    }
}
