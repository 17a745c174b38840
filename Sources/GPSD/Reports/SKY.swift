import FoundationEssentials
import GNSS
import LocationTracking

/// gpsd's sky report for one epoch: dilutions of precision and the satellites in view, as
/// gpsd 3.22 writes it (gpsd_json(5)). Unknown values are `nil` and left out of the JSON.
public struct SKY: Hashable, Sendable {
    /// The device path the report comes from.
    public var device: String?
    /// The UTC time of the sky view, when the receiver gave one.
    public var time: Date?
    /// East dilution of precision.
    public var xdop: Double?
    /// North dilution of precision.
    public var ydop: Double?
    /// Vertical dilution of precision.
    public var vdop: Double?
    /// Time dilution of precision.
    public var tdop: Double?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Geometric dilution of precision: position and time.
    public var gdop: Double?
    /// Position (spherical) dilution of precision.
    public var pdop: Double?
    /// Satellites used in the fix, when the receiver said so without listing them.
    public var usedCount: Int?
    /// The satellites in view, as the library reports them; written numbered as gpsd numbers
    /// them (`PRN`, `gnssid`, `svid`, `sigid`: see `SatelliteNumber`). `nSat` and `uSat`
    /// are counted from them when there are any.
    public var satellites: [LocationTracking.Satellite]

    /// A sky report; every value defaults to unknown.
    public init(
        device: String? = nil, time: Date? = nil, xdop: Double? = nil, ydop: Double? = nil, vdop: Double? = nil,
        tdop: Double? = nil, hdop: Double? = nil, gdop: Double? = nil, pdop: Double? = nil,
        usedCount: Int? = nil, satellites: [LocationTracking.Satellite] = []
    ) {
        self.device = device
        self.time = time
        self.xdop = xdop
        self.ydop = ydop
        self.vdop = vdop
        self.tdop = tdop
        self.hdop = hdop
        self.gdop = gdop
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
        field("xdop", report.xdop, decimals: 2)
        field("ydop", report.ydop, decimals: 2)
        field("vdop", report.vdop, decimals: 2)
        field("tdop", report.tdop, decimals: 2)
        field("hdop", report.hdop, decimals: 2)
        field("gdop", report.gdop, decimals: 2)
        field("pdop", report.pdop, decimals: 2)
        if report.satellites.isEmpty {
            if let used = report.usedCount { field("uSat", used) }
        } else {
            // Through the buffer: each satellite (136 bytes) is counted and written where it is,
            // not copied.
            report.satellites.withUnsafeBufferPointer { satellites in
                field("nSat", satellites.count)
                var used = 0
                for index in satellites.indices where satellites[index].isUsed { used += 1 }
                field("uSat", used)
                beginArray("satellites")
                for index in satellites.indices { write(satellites[index], first: index == 0) }
            }
            endArray()
        }
        endObject()
    }

    /// One satellite, `{"PRN":17,"el":72.0,...}`: the bulk of a SKY, so written with one check
    /// for room and its keys and punctuation as constants (copied as a few moves). Inlined
    /// into the loop over the buffer, it reads the satellite's fields where they are.
    @inline(__always)
    private mutating func write(_ satellite: LocationTracking.Satellite, first: Bool) {
        let number = satellite.number
        reserve(192)
        if !first { put(UInt8(ascii: ",")) }
        append("{\"PRN\":")
        writeNumber(number.gpsdPRN)
        if let elevation = satellite.elevation, elevation.isFinite {
            append(",\"el\":")
            writeTenths(elevation)
        }
        if let azimuth = satellite.azimuth, azimuth.isFinite {
            append(",\"az\":")
            writeTenths(azimuth)
        }
        // gpsd 3.22 writes 0 for a satellite it does not track, as NMEA leaves its SNR empty.
        append(",\"ss\":")
        if let strength = satellite.signalStrength, strength.isFinite {
            writeTenths(strength)
        } else {
            append("0.0")
        }
        if satellite.isUsed {
            append(",\"used\":true,\"gnssid\":")
        } else {
            append(",\"used\":false,\"gnssid\":")
        }
        writeNumber(number.ubloxGNSSID)
        append(",\"svid\":")
        writeNumber(number.ubloxSVID)
        if let signal = satellite.ubloxSignalID ?? satellite.signal.map(SatelliteNumber.ubloxSignalID(nmeaSignalID:)), signal != 0 {
            append(",\"sigid\":")
            writeNumber(signal)
        }
        if let frequency = satellite.frequencyID, satellite.constellation == .glonass {
            append(",\"freqid\":")
            writeNumber(frequency)
        }
        // What u-blox receivers say of each satellite, as gpsd master writes it.
        if let residual = satellite.pseudorangeResidual, residual.isFinite {
            append(",\"prRes\":")
            writeTenths(residual)
        }
        if let quality = satellite.signalQuality {
            append(",\"qual\":")
            writeNumber(quality)
        }
        if let healthy = satellite.isHealthy {
            append(healthy ? ",\"health\":1" : ",\"health\":2")
        }
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// A satellite's number: below 1000, but any integer is written.
    @inline(__always)
    private mutating func writeNumber(_ value: Int) {
        if value >= 0 && value < 1000 {
            writeSmall(value)
        } else {
            writeInteger(value)
        }
    }
}
