import Foundation

/// gpsd's sky report for one epoch: dilutions of precision and the satellites in view, as
/// gpsd 3.22 writes it (gpsd_json(5)). Unknown values are `nil` and left out of the JSON.
public struct SKY: Hashable, Sendable {
    /// One satellite in view.
    public struct Satellite: Hashable, Sendable {
        /// gpsd's own satellite number: GPS 1–32, SBAS 120–158, GLONASS 65–96, QZSS 193–202,
        /// Galileo 301–336, BeiDou 401–463, NavIC 1–14 (gpsd_json(5)).
        public var prn: Int
        /// The constellation, u-blox numbering: 0 GPS, 1 SBAS, 2 Galileo, 3 BeiDou, 5 QZSS,
        /// 6 GLONASS, 7 NavIC.
        public var gnssID: Int?
        /// The satellite's number within its constellation.
        public var svID: Int?
        /// The signal, u-blox numbering (0 for L1 C/A and its peers); written when not 0.
        public var sigID: Int?
        /// Elevation above the horizon, degrees.
        public var elevation: Double?
        /// Azimuth from true north, degrees.
        public var azimuth: Double?
        /// Signal to noise ratio, dB-Hz.
        public var signalStrength: Double?
        /// Whether the fix used it.
        public var used: Bool

        /// A satellite; the optional values default to unknown.
        public init(
            prn: Int, gnssID: Int? = nil, svID: Int? = nil, sigID: Int? = nil, elevation: Double? = nil,
            azimuth: Double? = nil, signalStrength: Double? = nil, used: Bool
        ) {
            self.prn = prn
            self.gnssID = gnssID
            self.svID = svID
            self.sigID = sigID
            self.elevation = elevation
            self.azimuth = azimuth
            self.signalStrength = signalStrength
            self.used = used
        }
    }

    /// The device path the report comes from.
    public var device: String?
    /// The UTC time of the sky view, when the receiver gave one.
    public var time: Date?
    /// Vertical dilution of precision.
    public var vdop: Double?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Position (spherical) dilution of precision.
    public var pdop: Double?
    /// Satellites used in the fix, when the receiver said so without listing them.
    public var usedCount: Int?
    /// The satellites in view; `nSat` and `uSat` are counted from them when there are any.
    public var satellites: [Satellite]

    /// A sky report; every value defaults to unknown.
    public init(
        device: String? = nil, time: Date? = nil, vdop: Double? = nil, hdop: Double? = nil, pdop: Double? = nil,
        usedCount: Int? = nil, satellites: [Satellite] = []
    ) {
        self.device = device
        self.time = time
        self.vdop = vdop
        self.hdop = hdop
        self.pdop = pdop
        self.usedCount = usedCount
        self.satellites = satellites
    }
}

extension GPSDJSONWriter {
    /// Writes `report` as one line, fields in gpsd 3.22's order with its precision.
    public mutating func write(_ report: SKY) {
        writeMembers(report)
    }

    /// Writes `report` as an object: a line at the top level, an element inside an array (POLL).
    mutating func writeMembers(_ report: SKY) {
        beginObject(class: "SKY")
        field("device", report.device)
        field("time", report.time)
        field("vdop", report.vdop, decimals: 2)
        field("hdop", report.hdop, decimals: 2)
        field("pdop", report.pdop, decimals: 2)
        if report.satellites.isEmpty {
            if let used = report.usedCount { field("uSat", used) }
        } else {
            field("nSat", report.satellites.count)
            field("uSat", report.satellites.reduce(0) { $0 + ($1.used ? 1 : 0) })
            beginArray("satellites")
            for satellite in report.satellites {
                beginObject()
                field("PRN", satellite.prn)
                field("el", satellite.elevation, decimals: 1)
                field("az", satellite.azimuth, decimals: 1)
                field("ss", satellite.signalStrength, decimals: 1)
                field("used", satellite.used)
                if let gnss = satellite.gnssID { field("gnssid", gnss) }
                if let sv = satellite.svID { field("svid", sv) }
                if let signal = satellite.sigID, signal != 0 { field("sigid", signal) }
                endObject()
            }
            endArray()
        }
        endObject()
    }
}
