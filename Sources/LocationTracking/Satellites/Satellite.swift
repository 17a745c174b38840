import GNSS

/// One satellite in view (or one of its signals), as the receiver's GSV and GSA sentences or its
/// u-blox NAV-SAT, NAV-SIG or NAV-SVINFO describe it.
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

    /// u-blox's signal ID (`sigId` of NAV-SIG: GPS L1C/A is 0, L2 CL 3, L5 Q 7…), when the
    /// receiver named the signal that way; `nil` otherwise (an NMEA receiver names it in `signal`).
    public var ubloxSignalID: Int?

    /// GLONASS's frequency slot plus 7 (0–13), as NAV-SIG gives it; `nil` otherwise.
    public var frequencyID: Int?

    /// The pseudorange residual, metres: how far this satellite's range disagreed with the fix
    /// (u-blox); `nil` when the receiver gives none.
    public var pseudorangeResidual: Double?

    /// The receiver's signal quality indicator, 0–7 (u-blox `qualityInd`: 0 no signal, 4 and up
    /// code locked, 5–7 carrier locked); `nil` when the receiver gives none.
    public var signalQuality: Int?

    /// Whether the satellite says it is healthy; `nil` when the receiver does not know.
    public var isHealthy: Bool?

    /// For one signal of a satellite (u-blox NAV-SIG), whether the receiver's per-satellite
    /// view (NAV-SAT's `svUsed`) said the satellite was used in the fix, which `isUsed`, the
    /// signal's own use, need not match; `nil` for a satellite listed whole, or a signal
    /// without such a view.
    public var isSatelliteUsed: Bool?

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
    ///   - ubloxSignalID: u-blox's signal ID, from NAV-SIG.
    ///   - frequencyID: GLONASS's frequency slot plus 7, from NAV-SIG.
    ///   - pseudorangeResidual: Metres.
    ///   - signalQuality: u-blox's quality indicator, 0–7.
    ///   - isHealthy: Whether the satellite is healthy, when known.
    ///
    /// Inlinable: a sky of satellites is built one at a time (from every GSV), and built where
    /// it is stored it is not copied.
    @inlinable
    public init(
        constellation: Constellation, id: Int, signal: UInt8? = nil, elevation: Double? = nil,
        azimuth: Double? = nil, signalStrength: Double? = nil, isUsed: Bool = false,
        ubloxSignalID: Int? = nil, frequencyID: Int? = nil, pseudorangeResidual: Double? = nil, signalQuality: Int? = nil,
        isHealthy: Bool? = nil
    ) {
        self.constellation = constellation
        self.id = id
        self.signal = signal
        self.elevation = elevation
        self.azimuth = azimuth
        self.signalStrength = signalStrength
        self.isUsed = isUsed
        self.ubloxSignalID = ubloxSignalID
        self.frequencyID = frequencyID
        self.pseudorangeResidual = pseudorangeResidual
        self.signalQuality = signalQuality
        self.isHealthy = isHealthy
    }
}

extension Satellite {
    /// The satellite's number in NMEA's, gpsd's and u-blox's numberings.
    @inlinable
    public var number: SatelliteNumber { SatelliteNumber(constellation: constellation, nmeaID: id) }
}
