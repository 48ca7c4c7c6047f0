@testable import TactusALSA

/// A sequencer that replays recorded ports, events and queue times, and
/// remembers the calls made to it.
struct RecordedSequencer: SequencerBackend {
    var availablePorts: [ALSAPort] = []
    var events: [SequencerEvent] = []
    var queueTimes: [SequencerRealTime] = []
    var openError: ALSAError?
    var calls: [String] = []
    var isOpen = false
    let ownClient = 130

    var clientID: Int? { isOpen ? ownClient : nil }

    mutating func open(clientName: String) throws(ALSAError) {
        calls.append("open \(clientName)")
        if let openError { throw openError }
        isOpen = true
    }

    func ports() throws(ALSAError) -> [ALSAPort] {
        guard isOpen else { throw ALSAError.notOpen }
        return availablePorts
    }

    mutating func createInputPort(name: String) throws(ALSAError) -> ALSAAddress {
        guard isOpen else { throw ALSAError.notOpen }
        calls.append("create \(name)")
        return ALSAAddress(client: ownClient, port: 0)
    }

    mutating func connect(from source: ALSAAddress, to port: ALSAAddress) throws(ALSAError) {
        guard isOpen else { throw ALSAError.notOpen }
        calls.append("connect \(source) -> \(port)")
    }

    func queueTime() throws(ALSAError) -> SequencerRealTime {
        guard isOpen, let time = queueTimes.first else { throw ALSAError.notOpen }
        return time
    }

    mutating func nextEvent(timeoutMilliseconds: Int32) throws(ALSAError) -> SequencerEvent? {
        guard isOpen else { throw ALSAError.notOpen }
        calls.append("wait \(timeoutMilliseconds)")
        return events.isEmpty ? nil : events.removeFirst()
    }

    mutating func close() {
        if isOpen { calls.append("close") }
        isOpen = false
    }
}

extension ALSAPort {
    static let source = ALSAPort.capabilityRead | ALSAPort.capabilitySubscribeRead
    static let sink = ALSAPort.capabilityWrite | ALSAPort.capabilitySubscribeWrite

    /// The ports of a small studio: system client, Midi Through, a nanoKONTROL2,
    /// a two-port Line 6 FBV pedal, a DAW input and a hidden port.
    static let studio = [
        ALSAPort(address: ALSAAddress(client: 0, port: 1), clientName: "System", name: "Announce", capabilities: source, types: 0),
        ALSAPort(
            address: ALSAAddress(client: 14, port: 0), clientName: "Midi Through", name: "Midi Through Port-0",
            capabilities: source | sink, types: typeMIDIGeneric | typeSoftware),
        ALSAPort(
            address: ALSAAddress(client: 24, port: 1), clientName: "FBV Express Mk II", name: "FBV Express Mk II MIDI 2",
            capabilities: source | sink, types: typeMIDIGeneric | typeHardware),
        ALSAPort(
            address: ALSAAddress(client: 20, port: 0), clientName: "nanoKONTROL2", name: "nanoKONTROL2 MIDI 1",
            capabilities: source | sink, types: typeMIDIGeneric | typeHardware),
        ALSAPort(
            address: ALSAAddress(client: 24, port: 0), clientName: "FBV Express Mk II", name: "FBV Express Mk II MIDI 1",
            capabilities: source | sink, types: typeMIDIGeneric | typeHardware),
        ALSAPort(address: ALSAAddress(client: 128, port: 0), clientName: "Ardour", name: "in", capabilities: sink, types: typeApplication),
        ALSAPort(
            address: ALSAAddress(client: 129, port: 0), clientName: "Hidden", name: "out",
            capabilities: source | capabilityNoExport, types: typeApplication),
    ]
}
