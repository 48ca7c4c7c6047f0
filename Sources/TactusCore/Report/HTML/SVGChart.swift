/// One chart of the HTML report, drawn as SVG text: a plot area inside
/// margins, axes with grid lines and labels, and the marks. The `<svg>`
/// element carries a stable `id` and a `data-points` attribute counting the
/// data marks drawn, so a page can be checked for empty charts. Styling is
/// by class names the page's style sheet defines.
struct SVGChart: Sendable {
    var id: String
    /// What the chart shows, for the `<title>` and screen readers.
    let label: String
    var width = 760.0
    var height = 280.0
    var marginLeft = 58.0
    var marginRight = 18.0
    var marginTop = 18.0
    var marginBottom = 46.0
    /// Data marks drawn (points, bars, days …).
    var points = 0
    private var elements: [String] = []

    init(id: String, label: String, width: Double = 760, height: Double = 280) {
        self.id = id
        self.label = label
        self.width = width
        self.height = height
    }

    var plotLeft: Double { marginLeft }
    var plotRight: Double { width - marginRight }
    var plotTop: Double { marginTop }
    var plotBottom: Double { height - marginBottom }

    func xScale(_ lower: Double, _ upper: Double) -> ChartScale {
        ChartScale(lower, upper, from: plotLeft, to: plotRight)
    }

    func yScale(_ lower: Double, _ upper: Double) -> ChartScale {
        ChartScale(lower, upper, from: plotBottom, to: plotTop)
    }

    mutating func add(_ element: String) {
        elements.append(element)
    }

    /// The chart as an `<svg>` element.
    var svg: String {
        // Drawn narrower than this, the smallest text (11 units) would be
        // under 10 px: the chart keeps this width and its box scrolls.
        let least = (width * 10 / 11).rounded(.up)
        let size = "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" style=\"min-width: \(Self.number(least))px\""
        var text = "<svg id=\"\(HTMLText.escape(id))\" class=\"chart\" data-points=\"\(points)\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
        text += "\(size) role=\"img\" aria-labelledby=\"\(HTMLText.escape(id))-title\">"
        text += "<title id=\"\(HTMLText.escape(id))-title\">\(HTMLText.escape(label))</title>"
        text += elements.joined()
        return text + "</svg>"
    }

    /// A y scale from -`reach` to +`reach`, both rounded out to a nice step
    /// giving about `count` ticks, and that step.
    func symmetricYScale(reach: Double, count: Int) -> (scale: ChartScale, step: Double) {
        let step = ChartScale.niceStep(span: 2 * reach, count: count)
        let limit = ChartScale.roundUp(reach, to: step)
        return (yScale(-limit, limit), step)
    }

    // MARK: - Axes

    /// Horizontal grid lines and labels at `ticks` of `y`, and the y axis title.
    mutating func yAxis(_ y: ChartScale, ticks: [Double], title: String, format: (Double) -> String) {
        for tick in ticks {
            let position = y(tick)
            add(Self.line(plotLeft, position, plotRight, position, class: tick == 0 ? "axis zero" : "grid"))
            add(Self.text(format(tick), x: plotLeft - 8, y: position + 4, class: "tick", anchor: "end"))
        }
        let middle = (plotTop + plotBottom) / 2
        add("<text class=\"axis-title\" text-anchor=\"middle\" transform=\"translate(14 \(Self.number(middle))) rotate(-90)\">\(HTMLText.escape(title))</text>")
    }

    /// Tick marks and labels along the bottom at `ticks` of `x`, the axis line and its title.
    mutating func xAxis(_ x: ChartScale, ticks: [(value: Double, label: String)], title: String) {
        add(Self.line(plotLeft, plotBottom, plotRight, plotBottom, class: "axis"))
        for tick in ticks {
            let position = x(tick.value)
            add(Self.line(position, plotBottom, position, plotBottom + 5, class: "axis"))
            add(Self.text(tick.label, x: position, y: plotBottom + 18, class: "tick", anchor: "middle"))
        }
        add(Self.text(title, x: (plotLeft + plotRight) / 2, y: height - 8, class: "axis-title", anchor: "middle"))
    }

    /// The time axis of `x`, which spans seconds: labelled in seconds for a
    /// short session, minutes or hours for longer ones.
    mutating func timeAxis(_ x: ChartScale) {
        let unit: (seconds: Double, name: String) = x.upper <= 300 ? (1, "s") : x.upper <= 3 * 3600 ? (60, "min") : (3600, "h")
        let step = ChartScale.niceStep(span: x.upper / unit.seconds, count: 8) * unit.seconds
        xAxis(x, ticks: x.ticks(step: step).map { ($0, ReportSummaryText.trimmed($0 / unit.seconds)) }, title: "time \(unit.name)")
    }

    // MARK: - Elements

    /// A coordinate with one decimal place.
    static func number(_ value: Double) -> String {
        NumberText.fixed(value, 1)
    }

    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, class name: String) -> String {
        "<line class=\"\(name)\" x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\" y2=\"\(number(y2))\"/>"
    }

    /// A rectangle between two corners in any order; `title` becomes a tooltip.
    static func rect(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, class name: String, title: String? = nil) -> String {
        let attributes = "class=\"\(name)\" x=\"\(number(min(x1, x2)))\" y=\"\(number(min(y1, y2)))\" width=\"\(number(abs(x2 - x1)))\" height=\"\(number(abs(y2 - y1)))\""
        guard let title else { return "<rect \(attributes)/>" }
        return "<rect \(attributes)><title>\(HTMLText.escape(title))</title></rect>"
    }

    static func circle(_ x: Double, _ y: Double, radius: Double, class name: String, title: String? = nil) -> String {
        let attributes = "class=\"\(name)\" cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"\(number(radius))\""
        guard let title else { return "<circle \(attributes)/>" }
        return "<circle \(attributes)><title>\(HTMLText.escape(title))</title></circle>"
    }

    static func text(_ content: String, x: Double, y: Double, class name: String, anchor: String = "start") -> String {
        "<text class=\"\(name)\" x=\"\(number(x))\" y=\"\(number(y))\" text-anchor=\"\(anchor)\">\(HTMLText.escape(content))</text>"
    }

    static func polyline(_ points: [(x: Double, y: Double)], class name: String) -> String {
        let list = points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
        return "<polyline class=\"\(name)\" points=\"\(list)\"/>"
    }

    /// An × centred on (x, y).
    static func cross(_ x: Double, _ y: Double, size: Double, class name: String) -> String {
        let a = "M\(number(x - size)) \(number(y - size))L\(number(x + size)) \(number(y + size))"
        let b = "M\(number(x - size)) \(number(y + size))L\(number(x + size)) \(number(y - size))"
        return "<path class=\"\(name)\" d=\"\(a)\(b)\"/>"
    }

    /// Milliseconds with a sign and no needless decimals: "+10", "-2.5", "0".
    static func signedLabel(_ value: Double) -> String {
        let text = ReportSummaryText.trimmed(abs(value))
        return value > 0 ? "+" + text : value < 0 ? "-" + text : "0"
    }
}
