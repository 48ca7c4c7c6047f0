import Foundation
import TactusTestSupport

extension JSONSchemaValidator {
    /// The report's schema, `Configs/schema/tactus.report-1.schema.json`.
    static let reportSchemaURL = Repository.url("Configs/schema/tactus.report-1.schema.json")

    /// A validator of reports (`tactus.report/1`) against their schema.
    static func report() throws -> JSONSchemaValidator {
        JSONSchemaValidator(root: try JSONValue.parse(String(contentsOf: reportSchemaURL, encoding: .utf8)))
    }
}
