import LocationTracking

/// A stationary receiver's fixes around their mean, metres east and north, with the circles
/// holding 50 % (CEP50) and 95 % (CEP95) of them: a receiver test as inline SVG.
struct PositionScatter {
    var coordinates: [Coordinate]
    var cep50: Double
    var cep95: Double

    static let size = 420.0

    func svg() -> String {
        guard let projection = LocalProjection(coordinates) else { return "" }
        let points = coordinates.map(projection.point)
        let farthest = max(points.map { max(abs($0.x), abs($0.y)) }.max() ?? 1, cep95 * 1.15, 0.5)
        let ticks = ChartScale.ticks(from: 0, to: farthest, count: 3)
        let extent = ticks.last!
        let centre = Self.size / 2, radius = Self.size / 2 - 28
        let scale = radius / extent
        var svg = "<svg class=\"scatter\" viewBox=\"0 0 \(Int(Self.size)) \(Int(Self.size))\" role=\"img\" "
            + "aria-label=\"positions around their mean, with CEP50 and CEP95\">"
        svg += "<rect class=\"ground\" x=\"0\" y=\"0\" width=\"\(Int(Self.size))\" height=\"\(Int(Self.size))\" rx=\"8\"/>"
        for tick in ticks.dropFirst() {
            svg += "<circle class=\"ring\" cx=\"\(centre)\" cy=\"\(centre)\" r=\"\(SVG.number(tick * scale))\"/>"
                + "<text class=\"tick\" x=\"\(SVG.number(centre + tick * scale * 0.71 + 3))\" y=\"\(SVG.number(centre - tick * scale * 0.71 - 3))\">"
                + "\(ChartScale.label(tick, decimals: 2)) m</text>"
        }
        svg += "<line class=\"axis\" x1=\"\(centre - radius)\" x2=\"\(centre + radius)\" y1=\"\(centre)\" y2=\"\(centre)\"/>"
            + "<line class=\"axis\" x1=\"\(centre)\" x2=\"\(centre)\" y1=\"\(centre - radius)\" y2=\"\(centre + radius)\"/>"
            + "<text class=\"tick\" x=\"\(centre)\" y=\"16\" text-anchor=\"middle\">N</text>"
            + "<text class=\"tick\" x=\"\(Self.size - 12)\" y=\"\(centre + 4)\" text-anchor=\"middle\">E</text>"
        let step = max(1, points.count / 5000)
        for (index, point) in points.enumerated() where index % step == 0 {
            svg += "<circle class=\"dot\" cx=\"\(SVG.number(centre + point.x * scale))\" cy=\"\(SVG.number(centre - point.y * scale))\" r=\"2.8\"/>"
        }
        svg += "<circle class=\"cep50\" cx=\"\(centre)\" cy=\"\(centre)\" r=\"\(SVG.number(cep50 * scale))\"/>"
            + "<circle class=\"cep95\" cx=\"\(centre)\" cy=\"\(centre)\" r=\"\(SVG.number(cep95 * scale))\"/>"
        return svg + "</svg>"
    }
}
