import GNSS

/// One satellite in view, as the receiver's GSV and GSA sentences describe it.
///
/// Values the receiver left out are `nil`: a satellite low on the horizon often has no
/// position yet, and one that is not tracked has no signal strength.
public struct Satellite: Hashable, Sendable {
    /// The system the satellite belongs to.
    public var constellation: Constellation

    /// The satellite's NMEA ID as the receiver's talker numbers it: in its constellation's own
    /// range (GLONASS 1–32 from `GL`) or the one `GP` and `GN` share (GLONASS 65–96). `number`
    /// gives it in gpsd's and u-blox's numberings.
    public var id: Int

    /// The NMEA 4.1 signal ID (which frequency band, e.g. GPS L1 C/A is 1); `nil` from older
    /// receivers.
    public var signal: UInt8?

    /// Elevation above the horizon in degrees, 0...90; `nil` when unknown.
    public var elevation: Double?

    /// Azimuth in degrees clockwise from true north, 0..<360; `nil` when unknown.
    public var azimuth: Double?

    /// Signal-to-noise ratio (C/N0) in dB-Hz; `nil` when the satellite is not tracked.
    public var signalStrength: Double?

    /// Whether the receiver's GSA says it used this satellite in the fix.
    public var isUsed: Bool

    /// Creates a satellite; everything but the system and number defaults to unknown and unused.
    ///
    /// - Parameters:
    ///   - constellation: The system.
    ///   - id: The satellite's NMEA number.
    ///   - signal: The NMEA 4.1 signal ID.
    ///   - elevation: Degrees above the horizon.
    ///   - azimuth: Degrees clockwise from true north.
    ///   - signalStrength: C/N0 in dB-Hz.
    ///   - isUsed: Whether it is used in the fix.
    public init(
        constellation: Constellation, id: Int, signal: UInt8? = nil, elevation: Double? = nil,
        azimuth: Double? = nil, signalStrength: Double? = nil, isUsed: Bool = false
    ) {
        self.constellation = constellation
        self.id = id
        self.signal = signal
        self.elevation = elevation
        self.azimuth = azimuth
        self.signalStrength = signalStrength
        self.isUsed = isUsed
    }
}

extension Satellite {
    /// The satellite's number in NMEA's, gpsd's and u-blox's numberings.
    @inlinable
    public var number: SatelliteNumber { SatelliteNumber(constellation: constellation, nmeaID: id) }
}
