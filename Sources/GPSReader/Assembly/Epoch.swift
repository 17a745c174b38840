import Foundation
import LocationTracking
import NMEA

/// What the sentences of one epoch (one UTC time of day) have said so far.
///
/// Later sentences overwrite earlier ones field by field, as gpsd merges them: GGA gives
/// altitude, geoid separation, quality, satellites and HDOP; RMC gives date, status, speed,
/// course and mode letter; GSA gives the fix dimension; ZDA the date. Both GGA and RMC carry
/// the position.
struct Epoch {
    var time: UTCTime?
    var day: CalendarDay?
    var coordinate: Coordinate?
    var altitude: Double?
    var geoidSeparation: Double?
    var speed: Double?
    var course: Double?
    var quality: LocationTracking.FixQuality?
    var mode: FixMode?
    var status: FixStatus?
    var positioningMode: PositioningMode?
    var satellitesUsed: Int?
    var hdop: Double?

    mutating func merge(_ gga: GGA) {
        if let latitude = gga.latitude, let longitude = gga.longitude {
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
        }
        altitude = gga.altitude ?? altitude
        geoidSeparation = gga.geoidSeparation ?? geoidSeparation
        quality = gga.fixQuality.map { LocationTracking.FixQuality(rawValue: $0.rawValue) } ?? quality
        satellitesUsed = gga.satellitesUsed ?? satellitesUsed
        hdop = gga.hdop ?? hdop
    }

    mutating func merge(_ rmc: RMC) {
        if let latitude = rmc.latitude, let longitude = rmc.longitude {
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
        }
        if let date = rmc.date {
            let rmcDay = CalendarDay(year: date.year, month: Int(date.month), day: Int(date.day))
            if rmcDay.isValid { day = rmcDay }
        }
        if let rmcStatus = rmc.status {
            status = rmcStatus == .active ? .valid : .invalid
        }
        speed = rmc.speedMetersPerSecond ?? speed
        course = rmc.courseDegrees ?? course
        positioningMode = rmc.mode.map { PositioningMode(rawValue: $0.rawValue) } ?? positioningMode
    }

    /// The fix this epoch describes, or `nil` when no sentence gave a position.
    func location(on day: CalendarDay?) -> Location? {
        guard let coordinate else { return nil }
        let timestamp = time.flatMap { time in day.map { $0.date(secondsIntoDay: time.secondsSinceMidnight) } }
        return Location(
            coordinate: coordinate, altitude: altitude, geoidSeparation: geoidSeparation,
            speed: speed, course: course, timestamp: timestamp, quality: quality, mode: mode,
            status: status, positioningMode: positioningMode, satellitesUsed: satellitesUsed, hdop: hdop)
    }
}
