extension MIDIFile {
    /// The tempo changes of every track (format 1 files keep them in the first).
    public var tempoMap: MIDITempoMap {
        var changes: [MIDITempoChange] = []
        for track in tracks {
            for event in track.events {
                if case .meta(.tempo(let microseconds)) = event.message {
                    changes.append(MIDITempoChange(tick: event.tick, microsecondsPerQuarter: microseconds))
                }
            }
        }
        return MIDITempoMap(division: division, changes: changes)
    }

    /// The time signatures of every track in tick order (of several at one
    /// tick, the last in file order counts).
    public var meterChanges: [MIDIMeterChange] {
        var changes: [(order: Int, change: MIDIMeterChange)] = []
        for track in tracks {
            for event in track.events {
                if case .meta(.timeSignature(let signature)) = event.message {
                    changes.append((changes.count, MIDIMeterChange(tick: event.tick, timeSignature: signature)))
                }
            }
        }
        changes.sort { ($0.change.tick, $0.order) < ($1.change.tick, $1.order) }
        var merged: [MIDIMeterChange] = []
        for (_, change) in changes {
            if merged.last?.tick == change.tick {
                merged[merged.count - 1] = change
            } else {
                merged.append(change)
            }
        }
        return merged
    }

    /// Every note-on (velocity above 0) of every track, merged in time order
    /// (at one tick: by track, then file order), with its tick and its time
    /// through the tempo map.
    public var noteOns: [MIDIFileNoteOn] {
        let map = tempoMap
        return mergedNoteOns(tick: \.tick) { tick, track, channel, note, velocity in
            MIDIFileNoteOn(tick: tick, seconds: map.seconds(atTick: tick), track: track, channel: channel, note: note, velocity: velocity)
        }
    }

    /// `noteOns` without their track and time: the same notes in the same order.
    public var noteOnTicks: [MIDIFileNoteOnTick] {
        mergedNoteOns(tick: \.tick) { tick, _, channel, note, velocity in
            MIDIFileNoteOnTick(tick: tick, channel: channel, note: note, velocity: velocity)
        }
    }

    /// Every note-on of every track made into a `Note` (from its tick, track
    /// index, channel, note and velocity), merged in time order: at one tick
    /// by track, then file order.
    private func mergedNoteOns<Note>(
        tick: (Note) -> Int, _ make: (Int, Int, UInt8, UInt8, UInt8) -> Note
    ) -> [Note] {
        var notes: [Note] = []
        notes.reserveCapacity(tracks.reduce(0) { count, track in
            count + track.events.count { event in
                if case .channelVoice(.noteOn) = event.message { true } else { false }
            }
        })
        for (trackIndex, track) in tracks.enumerated() {
            for event in track.events {
                guard case .channelVoice(.noteOn(let channel, let note, let velocity)) = event.message else { continue }
                notes.append(make(event.tick, trackIndex, channel, note, velocity))
            }
        }
        // One track's events are in tick order already; only a merge needs sorting.
        if zip(notes, notes.dropFirst()).contains(where: { tick($0) > tick($1) }) {
            let order = notes.indices.sorted { (tick(notes[$0]), $0) < (tick(notes[$1]), $1) }
            notes = order.map { notes[$0] }
        }
        return notes
    }
}
