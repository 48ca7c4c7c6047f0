import TactusCore
import TactusEngine

extension JackEngineHost {
    /// Plays `along`'s timeline and hands the note-ons arriving on
    /// `tactus:input` to it as taps until it says tapping is over; then
    /// stops the click. `onTap` hears every tap's outcome. Returns false when
    /// `interrupted` said so or the server went away first.
    public func collectTaps(
        into along: inout TapAlong, interrupted: () -> Bool, onTap: (TapAlong.Outcome) -> Void = { _ in }
    ) -> Bool {
        _ = drainEvents()
        return play(along.timeline, interrupted: interrupted) {
            // Read before draining: every tap up to the end of that cycle is then in.
            let processed = lastCycleEnd
            for case .input(let midi) in drainEvents() {
                if let outcome = along.take(midi.message, at: midi.frame) { onTap(outcome) }
            }
            return along.isOver(processedThrough: processed)
        }
    }

    /// Plays `clicks` and hands what `input` hears to them until nothing
    /// more can come back; then stops the click. Returns false when
    /// `interrupted` said so or the server went away first.
    public func sendClicks(_ clicks: inout LoopbackClicks, to input: JackLoopbackInput, interrupted: () -> Bool) -> Bool {
        _ = input.drainOnsets()
        return play(clicks.timeline, interrupted: interrupted) {
            // Read before draining: every onset up to that cycle is then in.
            let cycleStart = input.lastCycleStart
            clicks.hear(input.drainOnsets())
            return clicks.isComplete(cycleStart: cycleStart)
        }
    }

    /// Plays `timeline` and asks `collect` after every wake-up whether the
    /// measurement is done; then stops the click.
    private func play(_ timeline: Timeline, interrupted: () -> Bool, until collect: () -> Bool) -> Bool {
        send(EngineCommand.load(timeline, play: true))
        defer { send([.stop(at: .immediately)]) }
        while !collect() {
            if interrupted() || client.isShutDown { return false }
            _ = client.waitForNotification(timeout: .milliseconds(5))
        }
        return true
    }
}
