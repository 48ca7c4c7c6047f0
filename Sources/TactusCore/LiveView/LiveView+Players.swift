extension LiveView {
    /// Group sessions: one line a player, their name and an early/late meter
    /// on the ±50 ms scale of the hit ruler, with a `●` at the mean of their
    /// latest hits and the number after it: `anna      ----|--●-- +4.2 ms`.
    static func playerMeters(_ state: LiveViewState, width: Int) -> [[LiveSpan]] {
        let nameColumns = min(10, state.playerNames.map(\.count).max() ?? 0)
        return state.playerNames.indices.map { index in
            let name = String(state.playerNames[index].prefix(nameColumns))
            let label = name + String(repeating: " ", count: nameColumns - name.count + 1)
            let mean = state.playerMeanMs(index)
            let number = mean.map { " " + NumberText.signed($0, 1) + " ms" } ?? " -"
            let columns = min(maximumRulerColumns, max(width - label.count - 11, 0)) | 1
            guard width >= label.count + 12 else { return [LiveSpan(label, .bold), LiveSpan(number)] }
            var cells = Array(repeating: LiveSpan("-", .dim), count: columns)
            cells[columns / 2] = LiveSpan("|", .dim)
            if let mean {
                let grade: HitGrade = abs(mean) <= 10 ? .perfect : abs(mean) <= 25 ? .good : .ok
                cells[rulerColumn(offsetMs: mean, columns: columns)] = LiveSpan("●", .latest(grade))
            }
            return [LiveSpan(label, .bold)] + cells + [LiveSpan(number)]
        }
    }
}
