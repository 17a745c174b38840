import FoundationEssentials

/// The fix states over the capture's time, as one bar of inline SVG: acquiring, located, lost
/// (`LocationTracking`'s states), with the time each took in the legend.
struct FixStateTimeline {
    var spans: [FixStateSpan]
    var duration: Double
    var startDate: Date?

    static let width = 1180.0
    static let height = 74.0
    private static let left = 56.0, right = 16.0
    /// Each state's class in the page's CSS, in the legend's order.
    static let states = ["acquiring", "located", "lost"]

    func svg() -> String {
        let plotWidth = Self.width - Self.left - Self.right
        let x = { (seconds: Double) in Self.left + plotWidth * (self.duration > 0 ? seconds / self.duration : 0) }
        var svg = "<svg class=\"timeline\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
            + "aria-label=\"fix states over time\">"
        svg += "<rect class=\"bar\" x=\"\(Self.left)\" y=\"8\" width=\"\(plotWidth)\" height=\"26\" rx=\"4\"/>"
        for span in spans {
            let width = duration > 0 ? max(1.5, x(span.end) - x(span.start)) : plotWidth
            svg += "<rect class=\"state \(span.name)\" x=\"\(SVG.number(x(span.start)))\" y=\"8\" width=\"\(SVG.number(width))\" height=\"26\">"
                + "<title>\(span.name) \(ChartScale.duration(span.end - span.start))</title></rect>"
        }
        let step = ChartScale.timeStep(for: duration)
        for seconds in stride(from: 0, through: duration, by: step) {
            svg += "<line class=\"axis\" x1=\"\(SVG.number(x(seconds)))\" x2=\"\(SVG.number(x(seconds)))\" y1=\"34\" y2=\"38\"/>"
                + "<text class=\"tick\" x=\"\(SVG.number(x(seconds)))\" y=\"50\" text-anchor=\"middle\">"
                + ChartScale.timeLabel(seconds, start: startDate, step: step) + "</text>"
        }
        var legendX = Self.left
        for state in Self.states {
            let total = spans.filter { $0.name == state }.map { $0.end - $0.start }.reduce(0, +)
            let text = "\(state) \(ChartScale.duration(total))"
            svg += "<rect class=\"state \(state)\" x=\"\(SVG.number(legendX))\" y=\"60\" width=\"12\" height=\"12\" rx=\"2\"/>"
                + "<text class=\"legend\" x=\"\(SVG.number(legendX + 17))\" y=\"70\">\(text)</text>"
            legendX += Double(text.count) * 7 + 44
        }
        return svg + "</svg>"
    }
}
