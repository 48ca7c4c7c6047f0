import Foundation
import TactusCore

extension LiveSession {
    /// Writes `report` where it was asked for, or in the temporary folder when
    /// that fails (see `SavedReport`); when no place takes it, the error says
    /// where the journal is kept, so nothing is lost.
    func save(_ report: PracticeReport) throws(CommandLineError) -> SavedReport {
        let text: String
        do {
            text = try report.jsonText()
        } catch {
            throw .failure("\(files.reportPath): \(error.message); \(journal.whereKept)")
        }
        switch SavedReport.write(text, to: files.reportPath, environment: ProcessInfo.processInfo.environment) {
        case .success(let saved):
            return saved
        case .failure(let failure):
            throw .failure("\(failure); \(journal.whereKept)")
        }
    }
}
