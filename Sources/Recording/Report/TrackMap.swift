import LocationTracking

/// The track drawn to scale on a local flat map (`LocalProjection`), as inline SVG: each
/// segment a line, the spells without a fix dashed between them, start and end marked, a
/// scale bar and north up.
struct TrackMap {
    var fixes: [ReportSample]

    static let width = 760.0
    static let height = 520.0
    private static let padding = 36.0

    func svg() -> String {
        var svg = "<svg class=\"map\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
            + "aria-label=\"the track\">"
            + "<rect class=\"ground\" x=\"0\" y=\"0\" width=\"\(Int(Self.width))\" height=\"\(Int(Self.height))\" rx=\"8\"/>"
        let coordinates = fixes.compactMap(\.coordinate)
        guard let projection = LocalProjection(coordinates) else {
            return svg + "<text class=\"empty\" x=\"\(Self.width / 2)\" y=\"\(Self.height / 2)\" text-anchor=\"middle\">"
                + "no fix in this capture: no track to draw</text></svg>"
        }
        let points = coordinates.map(projection.point)
        let (minX, maxX) = (points.map(\.x).min()!, points.map(\.x).max()!)
        let (minY, maxY) = (points.map(\.y).min()!, points.map(\.y).max()!)
        // At least 40 m across, so a receiver standing still is not blown up into a scribble.
        let spanX = max(maxX - minX, 40), spanY = max(maxY - minY, 40)
        let scale = min((Self.width - 2 * Self.padding) / spanX, (Self.height - 2 * Self.padding) / spanY)
        let (midX, midY) = ((minX + maxX) / 2, (minY + maxY) / 2)
        let place = { (point: (x: Double, y: Double)) -> (Double, Double) in
            (Self.width / 2 + (point.x - midX) * scale, Self.height / 2 - (point.y - midY) * scale)
        }
        svg += grid(scale: scale, place: place, midX: midX, midY: midY)
        let placed = points.map(place)
        var segments: [[(Double, Double)]] = []
        var lastSegment: Int?
        for (sample, point) in zip(fixes, placed) {
            if sample.segment != lastSegment { segments.append([]) }
            lastSegment = sample.segment
            segments[segments.count - 1].append(point)
        }
        for (previous, next) in zip(segments, segments.dropFirst()) {
            let (a, b) = (previous.last!, next.first!)
            svg += "<line class=\"gap\" x1=\"\(SVG.number(a.0))\" y1=\"\(SVG.number(a.1))\" x2=\"\(SVG.number(b.0))\" y2=\"\(SVG.number(b.1))\"/>"
        }
        for segment in segments {
            let step = max(1, segment.count / 3000)
            let kept = segment.enumerated().filter { $0.offset % step == 0 || $0.offset == segment.count - 1 }.map(\.element)
            let data = kept.map { "\(SVG.number($0.0)),\(SVG.number($0.1))" }.joined(separator: " ")
            svg += "<polyline class=\"track\" points=\"\(data)\"/>"
        }
        let start = placed.first!, end = placed.last!
        // Start and end close together (a round trip, a receiver standing still): their labels
        // go to either side. Otherwise each goes where the track is not.
        let isClose = abs(start.0 - end.0) < 60 && abs(start.1 - end.1) < 24
        let away = { (point: (Double, Double), track: [(Double, Double)]) in
            track.first { abs($0.0 - point.0) + abs($0.1 - point.1) > 3 }
        }
        svg += "<circle class=\"start\" cx=\"\(SVG.number(start.0))\" cy=\"\(SVG.number(start.1))\" r=\"7\"/>"
            + (isClose ? label("start", at: start, leftward: true) : label("start", at: start, awayFrom: away(start, placed)))
        svg += "<rect class=\"end\" x=\"\(SVG.number(end.0 - 6))\" y=\"\(SVG.number(end.1 - 6))\" width=\"12\" height=\"12\"/>"
            + (isClose ? label("end", at: end, leftward: false) : label("end", at: end, awayFrom: away(end, placed.reversed())))
        svg += scaleBar(scale: scale) + northArrow()
        return svg + "</svg>"
    }

    /// A marker's label, left or right of it.
    private func label(_ text: String, at point: (Double, Double), leftward: Bool) -> String {
        let x = leftward ? point.0 - 12 : point.0 + 12
        let anchor = leftward ? "end" : "start"
        return "<text class=\"marker\" x=\"\(SVG.number(x))\" y=\"\(SVG.number(point.1 + 4))\" text-anchor=\"\(anchor)\">\(text)</text>"
    }

    /// A marker's label on the side away from `track` (the track's nearest other point, `nil`
    /// for none): left or right of the marker when that side has room in the map, else above
    /// or below it, so the label does not sit on the line.
    private func label(_ text: String, at point: (Double, Double), awayFrom track: (Double, Double)?) -> String {
        let room = 60.0
        let rightward = (track?.0 ?? point.0) <= point.0
        if rightward ? point.0 + room < Self.width : point.0 - room > 0 {
            return label(text, at: point, leftward: !rightward)
        }
        let below = (track?.1 ?? point.1) < point.1
        let x = min(max(point.0, room / 2), Self.width - room / 2)
        let y = below ? point.1 + 22 : point.1 - 12
        return "<text class=\"marker\" x=\"\(SVG.number(x))\" y=\"\(SVG.number(y))\" text-anchor=\"middle\">\(text)</text>"
    }

    /// A round distance about a fifth of the map's width, in metres.
    private func scaleLength(scale: Double) -> Double {
        let target = Self.width / 5 / scale
        return ChartScale.ticks(from: 0, to: target, count: 1).dropFirst().first { $0 >= target * 0.5 } ?? target
    }

    /// Lines every scale-bar length, east and north.
    private func grid(scale: Double, place: ((x: Double, y: Double)) -> (Double, Double), midX: Double, midY: Double) -> String {
        let step = scaleLength(scale: scale)
        let halfWidth = Self.width / 2 / scale, halfHeight = Self.height / 2 / scale
        var svg = ""
        for x in stride(from: ((midX - halfWidth) / step).rounded(.up) * step, through: midX + halfWidth, by: step) {
            let (px, _) = place((x, midY))
            svg += "<line class=\"mapgrid\" x1=\"\(SVG.number(px))\" x2=\"\(SVG.number(px))\" y1=\"0\" y2=\"\(Int(Self.height))\"/>"
        }
        for y in stride(from: ((midY - halfHeight) / step).rounded(.up) * step, through: midY + halfHeight, by: step) {
            let (_, py) = place((midX, y))
            svg += "<line class=\"mapgrid\" x1=\"0\" x2=\"\(Int(Self.width))\" y1=\"\(SVG.number(py))\" y2=\"\(SVG.number(py))\"/>"
        }
        return svg
    }

    private func scaleBar(scale: Double) -> String {
        let metres = scaleLength(scale: scale)
        let length = metres * scale
        let (x, y) = (20.0, Self.height - 20)
        let text = metres >= 1000 ? "\(ChartScale.label(metres / 1000)) km" : "\(ChartScale.label(metres)) m"
        return "<path class=\"scalebar\" d=\"M\(x) \(y - 6)V\(y)H\(SVG.number(x + length))V\(y - 6)\"/>"
            + "<text class=\"scale\" x=\"\(SVG.number(x + length / 2))\" y=\"\(y - 10)\" text-anchor=\"middle\">\(text)</text>"
    }

    private func northArrow() -> String {
        let (x, y) = (Self.width - 28, 24.0)
        return "<path class=\"north\" d=\"M\(x) \(y - 12)L\(x + 7) \(y + 8)L\(x) \(y + 3)L\(x - 7) \(y + 8)Z\"/>"
            + "<text class=\"scale\" x=\"\(x)\" y=\"\(y + 24)\" text-anchor=\"middle\">N</text>"
    }
}
