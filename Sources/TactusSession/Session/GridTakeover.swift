import TactusCore
import TactusEngine

/// A grid the control side sent to take over at a bar line while playing:
/// the engine plays it from `frame` once it has loaded it (its `loaded`
/// event); before that, `previous` is in force.
struct GridTakeover {
    var frame: Int64
    var previous: TimelineSpec
    var loaded = false
}
