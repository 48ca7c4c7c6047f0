/// A JSON value with the wrong shape or content, named by its path in the
/// document (`bindings[2].action`).
struct JSONFieldError: Error, Hashable, Sendable {
    var field: String
    var message: String
}
