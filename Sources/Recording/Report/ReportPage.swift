import FoundationEssentials

/// The report's HTML: the figures, the map, the fix states, the charts.
struct ReportPage {
    var title: String
    var data: ReportData

    func html() -> String {
        let figures = ReportFigures(data)
        let start = data.startDate
        let noFix = data.noFixSpells
        let samples = data.samples
        var body = header(start: start)
        body += "<section class=\"figures\">" + cards(figures).joined() + "</section>"
        body += "<section class=\"pair\"><figure class=\"panel\"><figcaption>Track <span>to scale, north up; dashed where the fix was lost</span></figcaption>"
            + TrackMap(fixes: data.fixes).svg() + "</figure>"
        body += "<div class=\"side\"><figure class=\"panel\"><figcaption>HDOP <span>share of fixes</span></figcaption>"
            + HDOPHistogram(counts: figures.hdopCounts).svg() + "</figure>"
        if figures.isStationary, let cep50 = figures.cep50, let cep95 = figures.cep95 {
            body += "<figure class=\"panel\"><figcaption>Standing still <span>CEP50 \(metres(cep50)), CEP95 \(metres(cep95))</span></figcaption>"
                + PositionScatter(coordinates: data.fixes.compactMap(\.coordinate), cep50: cep50, cep95: cep95).svg()
                + "<p class=\"key\"><i class=\"k50\"></i> half the fixes <i class=\"k95\"></i> 95 % of the fixes</p></figure>"
        }
        body += "</div></section>"
        body += "<figure class=\"panel wide\"><figcaption>Fix state <span>as the tracking flow sees it</span></figcaption>"
            + FixStateTimeline(spans: data.spans, duration: data.duration, startDate: start).svg() + "</figure>"
        let chart = { (title: String, unit: String, series: [ChartSeries]) in
            "<figure class=\"panel wide\"><figcaption>\(title)</figcaption>"
                + TimeChart(title: title, unit: unit, duration: data.duration, startDate: start, shaded: noFix, series: series).svg()
                + "</figure>"
        }
        body += chart("Speed", "km/h", [
            ChartSeries(name: "speed", color: "#2563eb", points: samples.map { ($0.seconds, $0.speed.map { $0 * 3.6 }) }),
        ])
        body += chart("Altitude", "m above sea level", [
            ChartSeries(name: "altitude", color: "#7c3aed", points: samples.map { ($0.seconds, $0.altitude) }),
        ])
        body += chart("Satellites", "count", [
            ChartSeries(name: "in view", color: "#94a3b8", points: samples.map { ($0.seconds, $0.satellitesInView.map(Double.init)) }, isStepped: true),
            ChartSeries(name: "used", color: "#059669", points: samples.map { ($0.seconds, $0.satellitesUsed.map(Double.init)) }, isStepped: true),
        ])
        body += chart("Signal", "C/N0, dB-Hz", [
            ChartSeries(name: "best", color: "#ea580c", points: samples.map { ($0.seconds, $0.bestSignal) }),
            ChartSeries(name: "mean of tracked", color: "#0891b2", points: samples.map { ($0.seconds, $0.meanSignal) }),
        ])
        body += "<footer>Drawn by <code>gps report</code> from \(SVG.text(title)): \(samples.count) epochs, "
            + "\(data.fixes.count) with a fix. Shaded: no fix. Distance adds up the fixes within each stretch of fix; "
            + "CEP is the radius around the mean position.</footer>"
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(SVG.text(title)) — gps report</title><style>\(ReportStyle.css)</style></head>
            <body><main>\(body)</main></body></html>

            """
    }

    private func header(start: Date?) -> String {
        var facts: [String] = []
        if let start {
            let end = start.addingTimeInterval(data.duration)
            facts.append(start.formatted(Date.ISO8601FormatStyle().year().month().day()))
            facts.append(ChartScale.timeLabel(0, start: start, step: 1) + " – " + ChartScale.timeLabel(0, start: end, step: 1) + " UTC")
        }
        facts.append(ChartScale.duration(data.duration))
        facts.append("\(data.samples.count) epochs")
        return "<header><h1>\(SVG.text(title))</h1><p>" + facts.joined(separator: " · ") + "</p></header>"
    }

    private func cards(_ figures: ReportFigures) -> [String] {
        let card = { (value: String, label: String, note: String) in
            "<div class=\"card\"><b>\(value)</b><span>\(label)</span><small>\(note)</small></div>"
        }
        let speed = { (value: Double?) in value.map { ChartScale.label($0 * 3.6) + " km/h" } ?? "–" }
        var cards = [
            card(figures.timeToFirstFix.map(ChartScale.duration) ?? "no fix", "time to first fix", "from the first epoch"),
            card(ChartScale.label(100 * figures.availability) + " %", "availability", "of the epochs had a fix"),
            card(figures.distance >= 1000 ? ChartScale.label(figures.distance / 1000, decimals: 2) + " km" : metres(figures.distance),
                 "distance", "along the fixes"),
            card(speed(figures.maximumSpeed), "maximum speed", "over ground"),
            card(speed(figures.meanSpeed), "mean speed", "over the fixes"),
            card(figures.medianHDOP.map { ChartScale.label($0) } ?? "–", "median HDOP",
                 figures.hdop95.map { "95 % at or below " + ChartScale.label($0) } ?? "no HDOP given"),
        ]
        if figures.isStationary, let cep50 = figures.cep50, let cep95 = figures.cep95 {
            cards.append(card(metres(cep50), "CEP50", "CEP95 " + metres(cep95)))
        }
        return cards
    }

    private func metres(_ value: Double) -> String {
        ChartScale.label(value, decimals: value < 10 ? 1 : 0) + " m"
    }
}
