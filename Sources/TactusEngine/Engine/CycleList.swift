/// A fixed-capacity list of one cycle's events in memory allocated once: a
/// cycle's MIDI input or output, or the engine's reports, which the driver
/// forwards after the cycle. Appending never allocates; a full list refuses
/// and counts what it refused until it is emptied.
///
/// Its methods are `@_transparent`: inlined into the caller even in debug
/// builds, where the realtime checker then sees the concrete element type
/// (an unspecialised generic call is opaque to it).
public struct CycleList<Element: BitwiseCopyable>: ~Copyable {
    @usableFromInline let storage: UnsafeMutableBufferPointer<Element>
    @usableFromInline var used = 0
    @usableFromInline var refusals = 0

    /// Allocates room for `capacity` elements, left uninitialised (only
    /// appended ones are read), its bytes zeroed so that the pages are
    /// touched before the realtime side first writes (non-realtime).
    public init(capacity: Int) {
        storage = .allocate(capacity: max(capacity, 1))
        let raw = UnsafeMutableRawBufferPointer(storage)
        raw.copyBytes(from: repeatElement(0, count: raw.count))
    }

    deinit { storage.deallocate() }

    /// Elements in use, from index 0. Realtime: reads a field.
    public var count: Int {
        @_transparent get { used }
    }

    /// Appends refused because the list was full, since it was last emptied.
    /// Realtime: reads a field.
    public var refused: Int {
        @_transparent get { refusals }
    }

    /// Appends `element`, or counts it as refused and returns false when full.
    /// Realtime: fixed capacity; a full list refuses.
    @_transparent
    @discardableResult
    public mutating func append(_ element: Element) -> Bool {
        guard used < storage.count else {
            refusals &+= 1
            return false
        }
        (storage.baseAddress.unsafelyUnwrapped + used).initialize(to: element)
        used &+= 1
        return true
    }

    /// Empties the list and its refusal count. Realtime: resets two counts.
    @_transparent
    public mutating func removeAll() {
        used = 0
        refusals = 0
    }

    /// Realtime: reads preallocated storage.
    public subscript(index: Int) -> Element {
        @_transparent get { storage[index] }
    }
}

/// A cycle's MIDI input or output, frames relative to the cycle's start.
public typealias MIDIEventList = CycleList<RawMIDIEvent>
/// A cycle's reports for the control side, frames absolute.
public typealias EngineEventList = CycleList<EngineEvent>
