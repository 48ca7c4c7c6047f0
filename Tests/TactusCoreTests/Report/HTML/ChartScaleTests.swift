import Testing
@testable import TactusCore

@Suite struct ChartScaleTests {
    @Test func mapsTheDomainOntoTheRange() {
        let y = ChartScale(-50, 50, from: 200, to: 0)
        #expect(y(-50) == 200)
        #expect(y(0) == 100)
        #expect(y(25) == 50)
        #expect(y.clamped(80) == 50)
        let flat = ChartScale(3, 3, from: 0, to: 100)
        #expect((flat.lower, flat.upper) == (2, 4))
        #expect(flat(3) == 50)
    }

    @Test func niceStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        #expect(ChartScale.niceStep(span: 100, count: 8) == 10)
        #expect(ChartScale.niceStep(span: 130, count: 8) == 20)
        #expect(ChartScale.niceStep(span: 7, count: 5) == 1)
        #expect(ChartScale.niceStep(span: 0.9, count: 4) == 0.2)
        #expect(ChartScale.niceStep(span: 3600, count: 8) == 500)
        #expect(ChartScale.niceStep(span: 0, count: 8) == 1)
        #expect(ChartScale.roundUp(61, to: 20) == 80)
        #expect(ChartScale(-65, 65, from: 0, to: 1).ticks(step: 20) == [-60, -40, -20, 0, 20, 40, 60])
        #expect(ChartScale(0, 1, from: 0, to: 1).ticks(step: 0.25) == [0, 0.25, 0.5, 0.75, 1])
    }

    @Test func countsAreShortOnAxes() {
        #expect(SVGChart.compactCount(950) == "950")
        #expect(SVGChart.compactCount(10_000) == "10k")
        #expect(SVGChart.compactCount(12_500) == "12.5k")
        #expect(SVGChart.compactCount(2_500_000) == "2.5M")
    }

    @Test func htmlTextIsEscaped() {
        #expect(HTMLText.escape("Groove 1") == "Groove 1")
        #expect(HTMLText.escape(#"<b>"Tom's" & co</b>"#) == "&lt;b&gt;&quot;Tom&#39;s&quot; &amp; co&lt;/b&gt;")
    }
}
