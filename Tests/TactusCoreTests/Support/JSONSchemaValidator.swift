/// Checks a JSON value against the part of JSON Schema the report schema uses:
/// `type` (one or a list), `required`, `properties`, `additionalProperties`
/// (true or false), `items`, `enum`, `anyOf`, and `$ref` to `#/$defs/…`.
struct JSONSchemaValidator {
    let root: JSONValue

    /// Every violation, each as "path: what is wrong"; empty when valid.
    func errors(in value: JSONValue) -> [String] {
        var errors: [String] = []
        check(value, against: root, at: "$", into: &errors)
        return errors
    }

    private func check(_ value: JSONValue, against schema: JSONValue, at path: String, into errors: inout [String]) {
        guard case .object(let rules) = schema else {
            errors.append("\(path): schema is not an object")
            return
        }
        if case .string(let reference)? = rules["$ref"] {
            let prefix = "#/$defs/"
            guard reference.hasPrefix(prefix), let target = root["$defs"]?[String(reference.dropFirst(prefix.count))] else {
                errors.append("\(path): unresolvable $ref \(reference)")
                return
            }
            check(value, against: target, at: path, into: &errors)
        }
        if case .array(let options)? = rules["anyOf"] {
            let passing = options.contains { option in
                var optionErrors: [String] = []
                check(value, against: option, at: path, into: &optionErrors)
                return optionErrors.isEmpty
            }
            if !passing { errors.append("\(path): matches none of anyOf") }
        }
        if let type = rules["type"] {
            let allowed: [String] = switch type {
            case .string(let name): [name]
            case .array(let names): names.compactMap { if case .string(let name) = $0 { name } else { nil } }
            default: []
            }
            if !allowed.contains(where: { Self.value(value, isOfType: $0) }) {
                errors.append("\(path): expected \(allowed.joined(separator: " or "))")
                return
            }
        }
        if case .array(let choices)? = rules["enum"], !choices.contains(value) {
            errors.append("\(path): not one of the allowed values")
        }
        if case .object(let members) = value {
            if case .array(let required)? = rules["required"] {
                for case .string(let name) in required where members[name] == nil {
                    errors.append("\(path): missing \(name)")
                }
            }
            let properties: [String: JSONValue]
            if case .object(let declared)? = rules["properties"] { properties = declared } else { properties = [:] }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let propertySchema = properties[name] {
                    check(member, against: propertySchema, at: "\(path).\(name)", into: &errors)
                } else if rules["additionalProperties"] == .bool(false) {
                    errors.append("\(path): unexpected \(name)")
                }
            }
        }
        if case .array(let elements) = value, let itemSchema = rules["items"] {
            for (index, element) in elements.enumerated() {
                check(element, against: itemSchema, at: "\(path)[\(index)]", into: &errors)
            }
        }
    }

    private static func value(_ value: JSONValue, isOfType type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
             ("string", .string), ("array", .array), ("object", .object):
            return true
        default:
            return false
        }
    }
}
