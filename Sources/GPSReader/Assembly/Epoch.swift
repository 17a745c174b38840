import FoundationEssentials
import GNSS
import LocationTracking
import NMEA

/// What the sentences of one epoch (one UTC time of day) have said so far.
///
/// Later sentences overwrite earlier ones field by field, as gpsd merges them. The position
/// comes from GGA, RMC, GNS or GLL; altitude and geoid separation from GGA or GNS; quality from
/// GGA; status from RMC or GLL; speed and course from RMC or VTG; the mode letter from RMC, GLL,
/// VTG or GNS; 2D/3D from GSA, else from GNS's mode letters; the dilutions from GSA (HDOP from
/// GGA or GNS when no GSA gave one); the accuracies from GST; the date from RMC or ZDA; the
/// heading from HDT and the magnetic variation from RMC; the expected errors from a GBS of the
/// epoch's time; the estimated errors from Garmin's PGRME; SkyTraq's PSTI,030 gives what RMC
/// does with the altitude and the velocity.
struct Epoch {
    var time: UTCTime?
    var day: CalendarDay?
    var coordinate: Coordinate?
    var altitude: Double?
    var geoidSeparation: Double?
    var speed: Double?
    var course: Double?
    var heading: Double?
    var magneticVariation: Double?
    var quality: FixQuality?
    /// The best dimension any GSA of the epoch gave.
    var mode: FixMode?
    /// The dimension GNS's mode letters imply, used when no GSA gave one.
    var gnsMode: FixMode?
    var status: FixStatus?
    var positioningMode: PositioningMode?
    var satellitesUsed: Int?
    var fixHDOP: Double?
    var gsaDOP: (pdop: Double?, hdop: Double?, vdop: Double?) = (nil, nil, nil)
    var horizontalAccuracy: Double?
    var verticalAccuracy: Double?
    /// VTG's course from magnetic north, when it gave one with its true course and speed.
    var magneticCourse: Double?
    /// GBS's expected errors, from a GBS of the epoch's time.
    var expectedErrors: ExpectedErrors?
    /// PGRME's estimated position errors.
    var estimatedErrors: EstimatedPositionErrors?
    /// PSTI,030's velocity, north, east and down.
    var velocity: NavigationSolution.Velocity?
    /// GGA's differential corrections: both fields, or neither.
    var dgps: (age: Double, station: Int)?
    /// What the epoch's u-blox navigation messages said, when the receiver sent any.
    var ubx: UBXEpochPart?
    /// How sure the UBX message that set `time` was of it; `nil` when no UBX message set it.
    var timeRank: TimeRank?

    mutating func merge(_ gga: GGA) {
        mergePosition(gga.latitude, gga.longitude)
        altitude = gga.altitude ?? altitude
        geoidSeparation = gga.geoidSeparation ?? geoidSeparation
        quality = gga.fixQuality ?? quality
        satellitesUsed = gga.satellitesUsed ?? satellitesUsed
        fixHDOP = gga.hdop ?? fixHDOP
        if let age = gga.dgpsAge, let station = gga.dgpsStation { dgps = (age, station) }
    }

    mutating func merge(_ rmc: RMC) {
        mergePosition(rmc.latitude, rmc.longitude)
        // Receivers send bogus dates while their navigation warning is on (status V: MTK-3301,
        // RGM-3800), so gpsd takes RMC's date only from a valid fix; ZDA's stands either way.
        if let date = rmc.date, rmc.status?.isValid == true {
            mergeDay(year: date.year, month: Int(date.month), day: Int(date.day))
        }
        status = rmc.status ?? status
        speed = rmc.speedMetersPerSecond ?? speed
        course = rmc.courseDegrees ?? course
        magneticVariation = rmc.magneticVariation ?? magneticVariation
        mergeMode(rmc.mode)
    }

    mutating func merge(_ hdt: HDT) {
        // Some sensors send 360 for due north: a heading is kept in 0..<360. Past 360 it is no
        // heading, and the sensor's previous one stands.
        guard let degrees = hdt.headingDegrees, degrees <= 360 else { return }
        heading = degrees == 360 ? 0 : degrees
    }

    mutating func merge(_ gns: GNS) {
        mergePosition(gns.latitude, gns.longitude)
        altitude = gns.altitude ?? altitude
        geoidSeparation = gns.geoidSeparation ?? geoidSeparation
        satellitesUsed = gns.satellitesUsed ?? satellitesUsed
        fixHDOP = gns.hdop ?? fixHDOP
        guard !gns.modes.isEmpty else { return }
        // One letter per constellation: the fix is the first constellation's that has one.
        let mode = gns.modes.first { $0 != .notValid } ?? .notValid
        mergeMode(mode)
        gnsMode = mode == .notValid ? .noFix : (gns.altitude == nil ? .twoDimensional : .threeDimensional)
    }

    mutating func merge(_ gll: GLL) {
        mergePosition(gll.latitude, gll.longitude)
        status = gll.status ?? status
        mergeMode(gll.mode)
    }

    mutating func merge(_ vtg: VTG) {
        if vtg.courseTrueDegrees != nil, vtg.speedKnots != nil, vtg.mode != .notValid, vtg.mode != .estimated {
            magneticCourse = vtg.courseMagneticDegrees ?? magneticCourse
        }
        speed = vtg.speedMetersPerSecond ?? speed
        course = vtg.courseTrueDegrees ?? course
        mergeMode(vtg.mode)
    }

    mutating func merge(_ gsa: GSA) {
        // One GSA per constellation: the epoch's dimension is the best of them.
        if let dimension = gsa.fixDimension, dimension.isDefined, dimension.rawValue > mode?.rawValue ?? 0 {
            mode = dimension
        }
        gsaDOP = (gsa.pdop ?? gsaDOP.pdop, gsa.hdop ?? gsaDOP.hdop, gsa.vdop ?? gsaDOP.vdop)
    }

    mutating func merge(_ gst: GST) {
        if let latitude = gst.latitudeDeviation, let longitude = gst.longitudeDeviation {
            // The distance root mean square of the two deviations: about 63–68 % of fixes
            // fall within it, CoreLocation's meaning of horizontal accuracy.
            horizontalAccuracy = (latitude * latitude + longitude * longitude).squareRoot()
        }
        verticalAccuracy = gst.altitudeDeviation ?? verticalAccuracy
    }

    mutating func merge(_ gbs: GBS) {
        expectedErrors = ExpectedErrors(latitude: gbs.latitudeError, longitude: gbs.longitudeError, altitude: gbs.altitudeError)
    }

    mutating func merge(_ pgrme: PGRME) {
        estimatedErrors = EstimatedPositionErrors(
            horizontal: pgrme.horizontalError, vertical: pgrme.verticalError, spherical: pgrme.sphericalError)
    }

    mutating func merge(_ psti: PSTI030) {
        status = psti.status ?? status
        mergeMode(psti.mode)
        // gpsd takes nothing more from a navigation warning or a mode letter of no fix.
        guard psti.status?.isValid == true, psti.mode != .notValid else { return }
        mergePosition(psti.latitude, psti.longitude)
        altitude = psti.altitude ?? altitude
        if let date = psti.date { mergeDay(year: date.year, month: Int(date.month), day: Int(date.day)) }
        if let east = psti.eastVelocity, let north = psti.northVelocity, let up = psti.upVelocity {
            // + 0 makes the receiver's -0.00 a 0, as gpsd writes it.
            velocity = NavigationSolution.Velocity(north: north + 0, east: east + 0, down: -up + 0)
        }
    }

    mutating func merge(_ zda: ZDA) {
        if let year = zda.year, let month = zda.month, let day = zda.day {
            mergeDay(year: year, month: month, day: day)
        }
    }

    /// The fix this epoch describes, or `nil` when no sentence gave a position.
    ///
    /// - Parameters:
    ///   - timestamp: The epoch's UTC date and time, when known.
    ///   - satellitesListedAsUsed: How many satellites the epoch's GSAs listed, the count used
    ///     when GGA and GNS gave none.
    func location(at timestamp: Date?, satellitesListedAsUsed: Int?) -> Location? {
        let sentences = sentenceLocation(at: timestamp, satellitesListedAsUsed: satellitesListedAsUsed)
        guard let ubx else { return sentences }
        var fix = ubx.overlay(sentences)
        fix?.timestamp = timestamp
        return fix
    }

    /// The fix the sentences alone describe.
    private func sentenceLocation(at timestamp: Date?, satellitesListedAsUsed: Int?) -> Location? {
        guard let coordinate else { return nil }
        return Location(
            coordinate: coordinate, altitude: altitude, geoidSeparation: geoidSeparation,
            speed: speed, course: course, heading: heading, magneticVariation: magneticVariation, timestamp: timestamp, quality: quality, mode: mode ?? gnsMode,
            status: status, positioningMode: positioningMode, satellitesUsed: satellitesUsed ?? satellitesListedAsUsed,
            hdop: gsaDOP.hdop ?? fixHDOP, pdop: gsaDOP.pdop, vdop: gsaDOP.vdop,
            horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy)
    }

    private mutating func mergePosition(_ latitude: Double?, _ longitude: Double?) {
        if let latitude, let longitude {
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
        }
    }

    mutating func mergeDay(year: Int, month: Int, day: Int) {
        // Receivers send impossible dates when they do not know: a month of 0, or a year before
        // GPS time began (1980), such as the -1 of a week-rollover bug.
        let calendarDay = CalendarDay(year: year, month: month, day: day)
        if calendarDay.isValid && year >= 1980 { self.day = calendarDay }
    }

    private mutating func mergeMode(_ mode: PositioningMode?) {
        positioningMode = mode ?? positioningMode
    }
}
