extension PedalMap {
    /// Reads a pedal map file:
    /// `{"description": "…", "bindings": [{"message": {"type": "note"|"cc"|"program",
    /// "channel": 1-16 or "any", "number": N, "min": V}, "action": "tap", "amount": 5}]}`.
    /// `channel` defaults to `"any"`, `min` (cc only) to 64; `amount` belongs to
    /// `tempo+`/`tempo-` (BPM, default 5) and `tempo-scale` (factor, required);
    /// `name` to `preset`. Broken JSON, unknown fields, wrong types, missing
    /// fields and overlapping messages are errors naming `file` and the field.
    public init(json bytes: [UInt8], file: String) throws(SettingError) {
        self = try ConfigJSON.decode(PedalMapFile.self, from: bytes, kind: "a pedal map", file: file).map
    }
}

/// The top level of a pedal map file.
private struct PedalMapFile: Decodable {
    var map: PedalMap

    init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["description", "bindings"])
        let summary = try object.string("description")
        guard let entries = try object.decode([BindingEntry].self, "bindings") else {
            throw object.error("bindings", "missing; the list of {\"message\": …, \"action\": …} entries")
        }
        guard !entries.isEmpty else {
            throw object.error("bindings", "empty; a pedal map needs at least one binding")
        }
        var bindings: [PedalBinding] = []
        for (index, entry) in entries.enumerated() {
            let message = entry.binding.message
            if let earlier = bindings.firstIndex(where: { $0.message.overlaps(message) }) {
                throw SettingError(
                    field: "bindings[\(index)].message",
                    message: "\(message) is already bound in bindings[\(earlier)] (\(bindings[earlier].message))")
            }
            bindings.append(entry.binding)
        }
        map = PedalMap(bindings: bindings, summary: summary)
    }
}

/// `{"message": {…}, "action": "tempo+", "amount": 2}`
private struct BindingEntry: Decodable {
    var binding: PedalBinding

    init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["message", "action", "amount", "name"])
        guard let message = try object.decode(MessageEntry.self, "message")?.message else {
            throw object.error("message", "missing; the MIDI message, e.g. {\"type\": \"cc\", \"number\": 80}")
        }
        guard let actionName = try object.string("action") else {
            throw object.error("action", "missing; one of \(PedalAction.names.joined(separator: ", "))")
        }
        guard PedalAction.names.contains(actionName) else {
            let hint = Suggestion.closest(to: actionName, among: PedalAction.names).map { "; did you mean '\($0)'?" } ?? ""
            throw object.error(
                "action", "unknown action '\(actionName)' (expected one of \(PedalAction.names.joined(separator: ", ")))\(hint)")
        }
        let amount = try object.number("amount")
        let presetName = try object.string("name")
        if amount != nil, !["tempo+", "tempo-", "tempo-scale"].contains(actionName) {
            throw object.error("amount", "not used by action '\(actionName)'")
        }
        if presetName != nil, actionName != "preset" {
            throw object.error("name", "not used by action '\(actionName)'")
        }
        binding = PedalBinding(message: message, action: try Self.action(actionName, amount: amount, presetName: presetName, object))
    }

    private static func action(_ name: String, amount: Double?, presetName: String?, _ object: ConfigObject) throws -> PedalAction {
        switch name {
        case "tempo+", "tempo-":
            var step = PedalAction.defaultTempoStepMilliBPM
            if let amount {
                guard amount > 0, amount <= 380, Tempo(bpm: amount).milliBPM > 0 else {
                    throw object.error("amount", "\(NumberText.plain(amount)) BPM is outside 0.001–380")
                }
                step = Tempo(bpm: amount).milliBPM
            }
            return name == "tempo+" ? .tempoUp(milliBPM: step) : .tempoDown(milliBPM: step)
        case "tempo-scale":
            guard let factor = amount else { throw object.error("amount", "missing; the factor, e.g. 2 or 0.5") }
            guard factor >= 0.1, factor <= 10 else {
                throw object.error("amount", "factor \(NumberText.plain(factor)) is outside 0.1–10")
            }
            guard factor != 1 else { throw object.error("amount", "factor 1 changes nothing; give e.g. 2 or 0.5") }
            return .tempoScale(factor: factor)
        case "preset":
            guard let presetName else { throw object.error("name", "missing; the setlist preset to select") }
            guard !presetName.isEmpty else { throw object.error("name", "empty; give the setlist preset to select") }
            return .preset(name: presetName)
        default:
            // `name` is one of `PedalAction.names`; the rest take no argument.
            return PedalAction.withoutArgument.first { $0.name == name } ?? .mark
        }
    }
}

/// `{"type": "cc", "channel": "any", "number": 80, "min": 64}`
private struct MessageEntry: Decodable {
    var message: PedalMessage

    init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["type", "channel", "number", "min"])
        guard let typeName = try object.string("type") else {
            throw object.error("type", "missing; note, cc or program")
        }
        guard let kind = PedalMessage.Kind(rawValue: typeName) else {
            throw object.error("type", "unknown message type '\(typeName)' (expected note, cc or program)")
        }
        let channel = try object.channel("channel")
        guard let number = try object.integer("number") else {
            throw object.error("number", "missing; the \(kind == .cc ? "controller" : kind == .note ? "note" : "program") number 0–127")
        }
        guard (0...127).contains(number) else { throw object.error("number", "\(number) is outside 0–127") }
        var minimum = PedalMessage.defaultMinimum
        if let value = try object.integer("min") {
            guard kind == .cc else { throw object.error("min", "only used by type 'cc'") }
            guard (1...127).contains(value) else { throw object.error("min", "\(value) is outside 1–127") }
            minimum = UInt8(value)
        }
        message = PedalMessage(kind: kind, channel: channel, number: UInt8(number), minimum: minimum)
    }
}
