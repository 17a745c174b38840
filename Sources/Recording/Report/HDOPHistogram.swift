/// How many fixes had each HDOP, as bars of inline SVG.
struct HDOPHistogram {
    var counts: [Int]

    static let width = 380.0
    static let height = 190.0

    func svg() -> String {
        var svg = "<svg class=\"histogram\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
            + "aria-label=\"HDOP distribution\">"
        let total = counts.reduce(0, +)
        guard total > 0 else {
            return svg + "<text class=\"empty\" x=\"\(Self.width / 2)\" y=\"\(Self.height / 2)\" text-anchor=\"middle\">no HDOP in this capture</text></svg>"
        }
        let highest = Double(counts.max()!)
        let (left, bottom, top) = (10.0, Self.height - 26, 22.0)
        let slot = (Self.width - 2 * left) / Double(counts.count)
        for (index, count) in counts.enumerated() {
            let height = (bottom - top) * Double(count) / highest
            let x = left + slot * Double(index)
            svg += "<rect class=\"hbar\" x=\"\(SVG.number(x + 6))\" y=\"\(SVG.number(bottom - height))\" width=\"\(SVG.number(slot - 12))\" "
                + "height=\"\(SVG.number(max(height, count > 0 ? 1 : 0)))\" rx=\"3\"/>"
            let share = ChartScale.label(100 * Double(count) / Double(total), decimals: 0)
            svg += "<text class=\"tick\" x=\"\(SVG.number(x + slot / 2))\" y=\"\(SVG.number(bottom - height - 5))\" text-anchor=\"middle\">"
                + (count > 0 ? "\(share) %" : "") + "</text>"
            svg += "<text class=\"tick\" x=\"\(SVG.number(x + slot / 2))\" y=\"\(Self.height - 8)\" text-anchor=\"middle\">"
                + SVG.text(ReportFigures.hdopBins[index].label) + "</text>"
        }
        svg += "<line class=\"axis\" x1=\"\(left)\" x2=\"\(Self.width - left)\" y1=\"\(bottom)\" y2=\"\(bottom)\"/>"
        return svg + "</svg>"
    }
}
