import Foundation
import TactusCore

extension LiveSession {
    /// Writes `report` where it was asked for, or in the temporary folder when
    /// that fails (see `SavedReport`); when no place takes it, the error says
    /// where the journal is kept, so nothing is lost.
    func save(_ report: PracticeReport) throws(CommandLineError) -> SavedReport {
        let result: Result<SavedReport, SavedReport.Failure>
        do {
            result = try SavedReport.write(to: files.reportPath, environment: ProcessInfo.processInfo.environment) { chunk in
                try report.writeJSON(toBytes: chunk)
            }
        } catch {
            let message = (error as? ReportError)?.message ?? "\(error)"
            throw .failure("\(files.reportPath): \(message); \(journal.whereKept)")
        }
        switch result {
        case .success(let saved):
            return saved
        case .failure(let failure):
            throw .failure("\(failure); \(journal.whereKept)")
        }
    }
}
