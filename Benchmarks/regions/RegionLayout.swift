import LocationTracking

/// How the benchmark's regions lie around the drive.
enum RegionLayout: String, CaseIterable {
    /// Places of interest all over the city, 30 to 300 m across: the drive is near a few.
    case city
    /// Geofences along the drive itself, 50 to 150 m: it enters and exits them all the time.
    case route
    /// Every region holds the whole drive: the worst case, each fix near or inside each region.
    case everywhere

    var summary: String {
        switch self {
        case .city: "scattered over 5 km around the centre, 30–300 m radius"
        case .route: "centred on fixes of the drive, 50–150 m radius"
        case .everywhere: "all holding the whole drive, 5–6 km radius"
        }
    }

    func regions(count: Int, around drive: [Location]) -> [CircularRegion] {
        var random = BenchRandom(seed: 7)
        return (0..<count).map { index in
            let center: Coordinate, radius: Double
            switch self {
            case .city:
                center = BenchDrive.offset(random.next(in: -5_000...5_000), random.next(in: -5_000...5_000))
                radius = random.next(in: 30...300)
            case .route:
                center = drive[Int(random.next(in: 0...Double(drive.count - 1)))].coordinate
                radius = random.next(in: 50...150)
            case .everywhere:
                center = BenchDrive.offset(random.next(in: -500...500), random.next(in: -500...500))
                radius = random.next(in: 5_000...6_000)
            }
            return CircularRegion(center: center, radius: radius, identifier: "region \(index)")!
        }
    }
}
