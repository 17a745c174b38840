import FoundationEssentials
import LocationTracking

extension SKY {
    /// The sky report of an epoch: its satellites and the dilutions of precision gpsd 3.22
    /// writes for them.
    ///
    /// `xdop`, `ydop`, `tdop` and `gdop` come from the geometry of the satellites used, as
    /// gpsd computes them when a GSV set completes; `hdop`, `vdop` and `pdop` are the fix's
    /// (GSA's, or GGA's HDOP), and the geometry's only where the fix has none, as gpsd keeps a
    /// receiver's own figures.
    ///
    /// - Parameters:
    ///   - view: The satellites in view, when the epoch had a complete GSV set.
    ///   - location: The epoch's fix, for HDOP, VDOP, PDOP and the satellites used.
    ///   - time: The epoch's UTC date and time, when known.
    ///   - device: The `"device"` of the report.
    public init(_ view: SatelliteView?, location: Location?, time: Date?, device: String?) {
        self.init(view, location: location, time: time, device: device, geometry: view.flatMap { SatelliteGeometry($0.satellites) })
    }

    /// The same, with the view's geometry already computed (`GPSDReports` computes it once
    /// for the TPV and the SKY). Inlined: the SKY is then built where it is written.
    @inline(__always)
    init(_ view: SatelliteView?, location: Location?, time: Date?, device: String?, geometry: SatelliteGeometry?) {
        self.init(view?.satellites ?? [], location: location, time: time ?? view?.timestamp ?? location?.timestamp,
                  device: device, geometry: geometry)
    }

    /// A sky report of `satellites` (gpsd's clients' last view) and the geometry of those used.
    @inline(__always)
    init(_ satellites: [LocationTracking.Satellite], location: Location?, time: Date?, device: String?, geometry: SatelliteGeometry?) {
        self.init(satellites, fix: location.map(FixFigures.init), time: time, device: device, geometry: geometry)
    }

    /// The same, with what it takes from the epoch's fix already read from it.
    @inline(__always)
    init(_ satellites: [LocationTracking.Satellite], fix: FixFigures?, time: Date?, device: String?, geometry: SatelliteGeometry?) {
        self.init(
            device: device, time: time,
            xdop: geometry?.xdop, ydop: geometry?.ydop, vdop: fix?.vdop ?? geometry?.vdop, tdop: geometry?.tdop,
            hdop: fix?.hdop ?? geometry?.hdop, gdop: geometry?.gdop, pdop: fix?.pdop ?? geometry?.pdop,
            usedCount: fix?.satellitesUsed, satellites: satellites)
    }

    /// What a sky report takes from the epoch's fix: its own dilutions of precision and the
    /// satellites it used. Small, so that a caller holding a `Location` (257 bytes) reads it
    /// once rather than copying the location to each report.
    struct FixFigures {
        var hdop: Double?
        var vdop: Double?
        var pdop: Double?
        var satellitesUsed: Int?

        init(_ location: Location) {
            (hdop, vdop, pdop, satellitesUsed) = (location.hdop, location.vdop, location.pdop, location.satellitesUsed)
        }
    }
}
