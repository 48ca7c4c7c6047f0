import Testing
@testable import TactusCore

@Suite struct ProgressLineTests {
    let line = ProgressLine(label: "rendering", unit: "bars", total: 1000)

    @Test func barPercentRateAndTimeLeft() {
        #expect(line.text(done: 400, elapsedSeconds: 2, width: 80)
            == "rendering [###############-----------------------]   40 %  200 bars/s  0:03 left")
        #expect(line.text(done: 400, elapsedSeconds: 2, width: 80).count == 80)
    }

    @Test func noRateBeforeAnythingIsDone() {
        #expect(line.text(done: 0, elapsedSeconds: 0, width: 40) == "rendering [---------------------]    0 %")
    }

    @Test func theBarShrinksToFitThenTheLineIsCut() {
        #expect(line.text(done: 1000, elapsedSeconds: 4, width: 60) == "rendering [##################]  100 %  250 bars/s  0:00 left")
        #expect(line.text(done: 500, elapsedSeconds: 100, width: 30) == "rendering [#####-----]   50 % ")
    }

    @Test func ratesAndDurations() {
        #expect(ProgressLine.rate(1234.4) == "1234")
        #expect(ProgressLine.rate(12.46) == "12.5")
        #expect(ProgressLine.rate(0.4242) == "0.42")
        #expect(ProgressLine.duration(7.2) == "0:08")
        #expect(ProgressLine.duration(750) == "12:30")
        #expect(ProgressLine.duration(3723) == "1:02:03")
    }

    @Test func doneIsHeldWithinTheTotal() {
        #expect(line.text(done: 2000, elapsedSeconds: 1, width: 60) == "rendering [#################]  100 %  1000 bars/s  0:00 left")
        #expect(ProgressLine(label: "reading", unit: "reports", total: 0).text(done: 0, elapsedSeconds: 1, width: 40)
            == "reading [#######################]  100 %")
    }
}
