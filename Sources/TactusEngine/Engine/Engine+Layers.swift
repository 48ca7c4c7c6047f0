import TactusCore

extension Engine {
    /// Most layer clicks a cycle can start (four layers of 16 a beat for a
    /// render's longest block); more are dropped and counted as refused.
    @inlinable public static var layerStartCapacity: Int {
        @_noLocks @_noAllocation get { 2_048 }
    }

    /// Finds the clicks of each layer in the cycle, with the same conditions
    /// as the main click (playing, not muted, before a stop, not in the
    /// count-in or a gap bar), and notes where each starts; they are mixed
    /// after the main click (`mixLayers`). Cursors that fell behind, or walk
    /// segments that have changed since, seek the first click at or after
    /// the cycle's start.
    /// Realtime: O(layers × clicks in the cycle), plus a seek when the grid changed.
    @_noLocks @_noAllocation
    mutating func renderLayers(from cycleStart: Int64, to cycleEnd: Int64) {
        layerStartCount = 0
        guard layerCount > 0 else { return }
        let all = UnsafeBufferPointer(rebasing: segments[0..<segmentCount])
        var index = 0
        while index < layerCount {
            var cursor = layers[index]
            if layersVersion != segmentsVersion || cursor.frame < cycleStart {
                cursor = LayerCursor.seek(all, atOrAfter: cycleStart, layer: cursor.layer)
            }
            while cursor.frame < cycleEnd {
                if playing && !muted && isBeforeStop(cursor.frame) {
                    let place = cursor.place(all)
                    let level = cursor.layer.levelCode(note: place.note)
                    if level >= 0 && place.bar >= 1 && !all[cursor.segmentIndex].isGapMuted(bar: place.bar) {
                        if layerStartCount < Self.layerStartCapacity {
                            layerStartLevels[layerStartCount] = 4 &* index &+ level
                            layerStartOffsets[layerStartCount] = Int(truncatingIfNeeded: cursor.frame &- cycleStart)
                            layerStartCount += 1
                        } else {
                            refusedCommands &+= 1
                        }
                    }
                }
                cursor.advance(all)
            }
            layers[index] = cursor
            index += 1
        }
        layersVersion = segmentsVersion
    }

    /// Mixes the layers' clicks into `audio`, after the main click is wholly
    /// in it: every sample is the main click's sum, then the layers' clicks
    /// added, so a layer changes nothing of the main click.
    /// Realtime: the layer player's mixing, O(polyphony × frames) at most.
    @_noLocks @_noAllocation
    mutating func mixLayers(into audio: UnsafeMutablePointer<Float>, frames: Int) {
        guard layerCount > 0 else { return }
        // Clicks in frame order, as the player takes them (each layer's came in order).
        var sorted = 1
        while sorted < layerStartCount {
            let offset = layerStartOffsets[sorted]
            let level = layerStartLevels[sorted]
            var place = sorted
            while place > 0 && layerStartOffsets[place - 1] > offset {
                layerStartOffsets[place] = layerStartOffsets[place - 1]
                layerStartLevels[place] = layerStartLevels[place - 1]
                place -= 1
            }
            layerStartOffsets[place] = offset
            layerStartLevels[place] = level
            sorted += 1
        }
        var index = 0
        while index < layerStartCount {
            layerPlayer.start(level: layerStartLevels[index], into: audio, at: layerStartOffsets[index])
            index += 1
        }
        layerPlayer.finishCycle(into: audio, frames: frames)
    }
}
