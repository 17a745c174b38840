import FoundationEssentials

/// One line of a `TimeChart`: a value per time, `nil` where there is none (the line breaks).
struct ChartSeries {
    var name: String
    /// A CSS colour.
    var color: String
    var points: [(seconds: Double, value: Double?)]
    /// Drawn as steps (a count holds until it changes) rather than straight between points.
    var isStepped = false
}

/// A chart of values over the capture's time, as inline SVG: a shared time axis, the spells
/// without a fix shaded, a legend.
struct TimeChart {
    var title: String
    var unit: String
    var duration: Double
    var startDate: Date?
    /// The spells without a fix, in seconds since the first epoch.
    var shaded: [(start: Double, end: Double)]
    var series: [ChartSeries]

    static let width = 1180.0
    static let height = 180.0
    private static let left = 56.0, right = 16.0, top = 24.0, bottom = 26.0
    /// The most points a line draws; longer captures are thinned evenly.
    private static let pointsPerLine = 1500

    private var plotWidth: Double { Self.width - Self.left - Self.right }
    private var plotHeight: Double { Self.height - Self.top - Self.bottom }

    func svg() -> String {
        let values = series.flatMap { $0.points.compactMap(\.value) }
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
            + "aria-label=\"\(SVG.text(title))\">"
        guard let low = values.min(), let high = values.max() else {
            return svg + "<text x=\"\(Self.width / 2)\" y=\"\(Self.height / 2)\" class=\"empty\" text-anchor=\"middle\">"
                + "no \(title.lowercased()) in this capture</text></svg>"
        }
        let floor = low >= 0 && (high - low) > 0.2 * high ? 0 : low
        let ticks = ChartScale.ticks(from: floor, to: high == floor ? floor + 1 : high)
        let (minimum, maximum) = (ticks.first!, ticks.last!)
        let y = { (value: Double) in Self.top + self.plotHeight * (1 - (value - minimum) / (maximum - minimum)) }
        let x = { (seconds: Double) in Self.left + self.plotWidth * (self.duration > 0 ? seconds / self.duration : 0.5) }
        for spell in shaded {
            svg += "<rect class=\"nofix\" x=\"\(SVG.number(x(spell.start)))\" y=\"\(Self.top)\" "
                + "width=\"\(SVG.number(max(1, x(spell.end) - x(spell.start))))\" height=\"\(plotHeight)\"/>"
        }
        for tick in ticks {
            svg += "<line class=\"grid\" x1=\"\(Self.left)\" x2=\"\(Self.width - Self.right)\" y1=\"\(SVG.number(y(tick)))\" y2=\"\(SVG.number(y(tick)))\"/>"
            svg += "<text class=\"tick\" x=\"\(Self.left - 6)\" y=\"\(SVG.number(y(tick) + 4))\" text-anchor=\"end\">\(ChartScale.label(tick))</text>"
        }
        let step = ChartScale.timeStep(for: duration)
        for seconds in stride(from: 0, through: duration, by: step) {
            svg += "<line class=\"axis\" x1=\"\(SVG.number(x(seconds)))\" x2=\"\(SVG.number(x(seconds)))\" y1=\"\(Self.top + plotHeight)\" y2=\"\(Self.top + plotHeight + 4)\"/>"
            svg += "<text class=\"tick\" x=\"\(SVG.number(x(seconds)))\" y=\"\(Self.height - 8)\" text-anchor=\"middle\">"
                + ChartScale.timeLabel(seconds, start: startDate, step: step) + "</text>"
        }
        svg += "<line class=\"axis\" x1=\"\(Self.left)\" x2=\"\(Self.width - Self.right)\" y1=\"\(Self.top + plotHeight)\" y2=\"\(Self.top + plotHeight)\"/>"
        for line in series {
            for path in paths(line, x: x, y: y) {
                svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"1.8\" stroke-linejoin=\"round\"/>"
            }
        }
        svg += "<text class=\"unit\" x=\"\(Self.left)\" y=\"12\">\(unit)</text>"
        var legendX = Self.width - Self.right
        for line in series.reversed() {
            let width = Double(line.name.count) * 6.6 + 24
            legendX -= width
            svg += "<rect x=\"\(SVG.number(legendX))\" y=\"6\" width=\"12\" height=\"3\" fill=\"\(line.color)\"/>"
            svg += "<text class=\"legend\" x=\"\(SVG.number(legendX + 16))\" y=\"12\">\(line.name)</text>"
        }
        return svg + "</svg>"
    }

    /// The line's pieces between gaps, as path data.
    private func paths(_ line: ChartSeries, x: (Double) -> Double, y: (Double) -> Double) -> [String] {
        let stride = max(1, line.points.count / Self.pointsPerLine + (line.points.count % Self.pointsPerLine == 0 ? 0 : 1))
        var paths: [String] = []
        var current = ""
        for (index, point) in line.points.enumerated() where index % stride == 0 || index == line.points.count - 1 {
            guard let value = point.value else {
                if !current.isEmpty { paths.append(current) }
                current = ""
                continue
            }
            let (px, py) = (SVG.number(x(point.seconds)), SVG.number(y(value)))
            if current.isEmpty {
                current = "M\(px) \(py)"
            } else if line.isStepped {
                current += "H\(px)V\(py)"
            } else {
                current += "L\(px) \(py)"
            }
        }
        if !current.isEmpty { paths.append(current) }
        // A lone point would draw nothing: a dot instead.
        return paths.map { $0.contains("L") || $0.contains("H") ? $0 : $0 + "h0.01" }
    }
}
