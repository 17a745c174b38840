import LocationTracking

/// The figures at the top of the report.
struct ReportFigures {
    /// Seconds from the first epoch to the first valid fix; `nil` when none came.
    var timeToFirstFix: Double?
    /// The share of epochs with a valid fix, 0...1.
    var availability: Double
    /// Metres along the track, within segments (a gap without fix adds nothing).
    var distance: Double
    /// m/s, over the fixes that gave a speed.
    var maximumSpeed: Double?
    var meanSpeed: Double?
    /// HDOP's median and 95th percentile, and how many fixes fall in each of `hdopBins`.
    var medianHDOP: Double?
    var hdop95: Double?
    var hdopCounts: [Int]
    /// The radius around the mean position holding 50 % and 95 % of the fixes, in metres.
    var cep50: Double?
    var cep95: Double?
    /// Whether the receiver stood still: 95 % of its fixes within 25 m of their mean.
    var isStationary: Bool

    /// HDOP's bins: below 1, 1–2, 2–3, 3–5, 5–10, 10 and over.
    static let hdopBins: [(label: String, upTo: Double)] = [
        ("< 1", 1), ("1–2", 2), ("2–3", 3), ("3–5", 5), ("5–10", 10), ("≥ 10", .infinity),
    ]

    init(_ data: ReportData) {
        let samples = data.samples
        let fixes = data.fixes
        timeToFirstFix = fixes.first?.seconds
        availability = samples.isEmpty ? 0 : Double(fixes.count) / Double(samples.count)
        var distance = 0.0
        for (previous, next) in zip(fixes, fixes.dropFirst()) where previous.segment == next.segment {
            distance += previous.coordinate!.distance(from: next.coordinate!)
        }
        self.distance = distance
        let speeds = fixes.compactMap(\.speed)
        maximumSpeed = speeds.max()
        meanSpeed = speeds.isEmpty ? nil : speeds.reduce(0, +) / Double(speeds.count)
        let hdops = fixes.compactMap(\.hdop).sorted()
        medianHDOP = Self.percentile(0.5, of: hdops)
        hdop95 = Self.percentile(0.95, of: hdops)
        hdopCounts = Self.hdopBins.indices.map { index in
            let low = index == 0 ? -Double.infinity : Self.hdopBins[index - 1].upTo
            return hdops.count { $0 >= low && $0 < Self.hdopBins[index].upTo }
        }
        let projection = LocalProjection(fixes.compactMap(\.coordinate))
        let radii = projection.map { projection in
            fixes.compactMap(\.coordinate).map { projection.point($0) }.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }.sorted()
        } ?? []
        cep50 = Self.percentile(0.5, of: radii)
        cep95 = Self.percentile(0.95, of: radii)
        isStationary = fixes.count >= 10 && (cep95 ?? .infinity) < 25
    }

    /// The value below which `fraction` of the sorted `values` fall (nearest rank).
    static func percentile(_ fraction: Double, of values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let rank = Int((fraction * Double(values.count)).rounded(.up)) - 1
        return values[min(max(rank, 0), values.count - 1)]
    }
}
