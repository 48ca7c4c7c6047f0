extension PedalMap {
    /// Reads a pedal map file:
    /// `{"description": "…", "bindings": [{"message": {"type": "note"|"cc"|"program",
    /// "channel": 1-16 or "any", "number": N, "min": V}, "action": "tap", "amount": 5}]}`.
    /// `channel` defaults to `"any"`, `min` (cc only) to 64; `amount` belongs to
    /// `tempo+`/`tempo-` (BPM, default 5) and `tempo-scale` (factor, required);
    /// `name` to `preset`. Unknown fields, overlapping messages and missing
    /// fields are errors naming `file` and the field.
    public init(json bytes: [UInt8], file: String) throws(PedalMapError) {
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes)
        } catch {
            throw PedalMapError(file: file, field: "byte \(error.offset) (line \(error.line))", message: error.message)
        }
        do {
            self = try Self.read(root)
        } catch {
            throw PedalMapError(file: file, field: error.field, message: error.message)
        }
    }

    private static func read(_ root: JSONNode) throws(JSONFieldError) -> PedalMap {
        let document = try JSONObjectReader(root, path: "")
        try document.rejectUnknown(allowed: ["description", "bindings"])
        let summary = try document.optional("description")?.string(at: "description")
        let entries = try document.required("bindings").array(at: "bindings")
        guard !entries.isEmpty else {
            throw JSONFieldError(field: "bindings", message: "empty; a pedal map needs at least one binding")
        }
        var bindings: [PedalBinding] = []
        for (index, entry) in entries.enumerated() {
            let path = "bindings[\(index)]"
            let binding = try readBinding(entry, path: path)
            if let earlier = bindings.firstIndex(where: { $0.message.overlaps(binding.message) }) {
                throw JSONFieldError(
                    field: "\(path).message",
                    message: "\(binding.message) is already bound in bindings[\(earlier)] (\(bindings[earlier].message))")
            }
            bindings.append(binding)
        }
        return PedalMap(bindings: bindings, summary: summary)
    }

    private static func readBinding(_ node: JSONNode, path: String) throws(JSONFieldError) -> PedalBinding {
        let object = try JSONObjectReader(node, path: path)
        try object.rejectUnknown(allowed: ["message", "action", "amount", "name"])
        let message = try readMessage(object.required("message"), path: object.path(of: "message"))
        let actionPath = object.path(of: "action")
        let actionName = try object.required("action").string(at: actionPath)
        guard PedalAction.names.contains(actionName) else {
            throw JSONFieldError(
                field: actionPath,
                message: "unknown action '\(actionName)' (expected one of \(PedalAction.names.joined(separator: ", ")))")
        }
        let amountPath = object.path(of: "amount")
        let amount = try object.optional("amount")?.number(at: amountPath)
        let namePath = object.path(of: "name")
        let presetName = try object.optional("name")?.string(at: namePath)
        if amount != nil, !["tempo+", "tempo-", "tempo-scale"].contains(actionName) {
            throw JSONFieldError(field: amountPath, message: "not used by action '\(actionName)'")
        }
        if presetName != nil, actionName != "preset" {
            throw JSONFieldError(field: namePath, message: "not used by action '\(actionName)'")
        }
        let action: PedalAction
        switch actionName {
        case "tap": action = .tap
        case "tempo+", "tempo-":
            let step = try tempoStep(amount, path: amountPath)
            action = actionName == "tempo+" ? .tempoUp(milliBPM: step) : .tempoDown(milliBPM: step)
        case "tempo-scale":
            guard let factor = amount else {
                throw JSONFieldError(field: amountPath, message: "missing (the factor, e.g. 2 or 0.5)")
            }
            guard factor >= 0.1, factor <= 10, factor != 1 else {
                throw JSONFieldError(
                    field: amountPath, message: "factor \(JSONNode.show(factor)) must be from 0.1 to 10 and not 1")
            }
            action = .tempoScale(factor: factor)
        case "start-stop": action = .startStop
        case "start": action = .start
        case "stop": action = .stop
        case "next-preset": action = .nextPreset
        case "prev-preset": action = .previousPreset
        case "preset":
            guard let presetName else { throw JSONFieldError(field: namePath, message: "missing (the preset to select)") }
            guard !presetName.isEmpty else { throw JSONFieldError(field: namePath, message: "empty preset name") }
            action = .preset(name: presetName)
        case "mute-toggle": action = .muteToggle
        case "count-in": action = .countIn
        default: action = .mark
        }
        return PedalBinding(message: message, action: action)
    }

    private static func tempoStep(_ amount: Double?, path: String) throws(JSONFieldError) -> Int64 {
        guard let amount else { return PedalAction.defaultTempoStepMilliBPM }
        let step = Tempo(bpm: amount).milliBPM
        guard step > 0, amount <= 380 else {
            throw JSONFieldError(field: path, message: "\(JSONNode.show(amount)) BPM must be above 0 and at most 380")
        }
        return step
    }

    private static func readMessage(_ node: JSONNode, path: String) throws(JSONFieldError) -> PedalMessage {
        let object = try JSONObjectReader(node, path: path)
        try object.rejectUnknown(allowed: ["type", "channel", "number", "min"])
        let typePath = object.path(of: "type")
        let typeName = try object.required("type").string(at: typePath)
        guard let kind = PedalMessage.Kind(rawValue: typeName) else {
            throw JSONFieldError(field: typePath, message: "unknown message type '\(typeName)' (expected note, cc or program)")
        }
        let channelPath = object.path(of: "channel")
        var channel: Int?
        if let node = object.optional("channel") {
            switch node.value {
            case .string("any"): channel = nil
            case .number(let number) where number == number.rounded(.towardZero) && (1...16).contains(number):
                channel = Int(number)
            case .number(let number):
                throw JSONFieldError(field: channelPath, message: "\(JSONNode.show(number)) is not a channel (expected 1–16 or \"any\")")
            case .string(let text):
                throw JSONFieldError(field: channelPath, message: "'\(text)' is not a channel (expected 1–16 or \"any\")")
            default:
                throw JSONFieldError(field: channelPath, message: "expected 1–16 or \"any\", found \(node.kindName)")
            }
        }
        let numberPath = object.path(of: "number")
        let number = try object.required("number").integer(at: numberPath, in: 0...127)
        let minimumPath = object.path(of: "min")
        var minimum = PedalMessage.defaultMinimum
        if let node = object.optional("min") {
            guard kind == .cc else { throw JSONFieldError(field: minimumPath, message: "only used by type 'cc'") }
            minimum = UInt8(try node.integer(at: minimumPath, in: 1...127))
        }
        return PedalMessage(kind: kind, channel: channel, number: UInt8(number), minimum: minimum)
    }
}
