/// A UBX message's class and id: `NAV-PVT` is class `0x01`, id `0x07`.
public struct UBXMessageID: Hashable, Sendable {
    /// The message class: `0x01` NAV, `0x02` RXM, `0x04` INF, `0x05` ACK, `0x06` CFG, `0x0A` MON,
    /// `0x0D` TIM, `0x10` ESF, `0x28` HNR.
    public var messageClass: UInt8
    /// The message id within its class.
    public var id: UInt8

    /// The message of class `messageClass` and id `id`.
    @inlinable
    public init(_ messageClass: UInt8, _ id: UInt8) {
        self.messageClass = messageClass
        self.id = id
    }
}

extension UBXMessageID {
    /// NAV-POSECEF: position in Earth-centred, Earth-fixed coordinates.
    public static let navPOSECEF = UBXMessageID(0x01, 0x01)
    /// NAV-POSLLH: geodetic position (u-blox 5 and later).
    public static let navPOSLLH = UBXMessageID(0x01, 0x02)
    /// NAV-STATUS: receiver navigation status.
    public static let navSTATUS = UBXMessageID(0x01, 0x03)
    /// NAV-DOP: dilutions of precision.
    public static let navDOP = UBXMessageID(0x01, 0x04)
    /// NAV-SOL: the navigation solution in ECEF (u-blox 4 to 8; NAV-PVT replaces it).
    public static let navSOL = UBXMessageID(0x01, 0x06)
    /// NAV-PVT: position, velocity and time in one message (protocol 14 and later).
    public static let navPVT = UBXMessageID(0x01, 0x07)
    /// NAV-VELNED: velocity in north, east, down.
    public static let navVELNED = UBXMessageID(0x01, 0x12)
    /// NAV-VELECEF: velocity in Earth-centred, Earth-fixed coordinates.
    public static let navVELECEF = UBXMessageID(0x01, 0x11)
    /// NAV-HPPOSLLH: high-precision geodetic position (0.1 mm).
    public static let navHPPOSLLH = UBXMessageID(0x01, 0x14)
    /// NAV-HPPOSECEF: high-precision Earth-centred position (0.1 mm).
    public static let navHPPOSECEF = UBXMessageID(0x01, 0x13)
    /// NAV-EELL: the position error ellipse.
    public static let navEELL = UBXMessageID(0x01, 0x3D)
    /// NAV-TIMEGPS: GPS time.
    public static let navTIMEGPS = UBXMessageID(0x01, 0x20)
    /// NAV-TIMEUTC: UTC time.
    public static let navTIMEUTC = UBXMessageID(0x01, 0x21)
    /// NAV-CLOCK: clock bias and drift.
    public static let navCLOCK = UBXMessageID(0x01, 0x22)
    /// NAV-SVINFO: satellites in view (u-blox 4 to 8; NAV-SAT replaces it).
    public static let navSVINFO = UBXMessageID(0x01, 0x30)
    /// NAV-SAT: satellites in view.
    public static let navSAT = UBXMessageID(0x01, 0x35)
    /// NAV-SIG: signals tracked, one entry per satellite and signal.
    public static let navSIG = UBXMessageID(0x01, 0x43)
    /// NAV-EOE: the end of a navigation epoch.
    public static let navEOE = UBXMessageID(0x01, 0x61)
    /// INF-ERROR: an error as text.
    public static let infERROR = UBXMessageID(0x04, 0x00)
    /// INF-WARNING: a warning as text.
    public static let infWARNING = UBXMessageID(0x04, 0x01)
    /// INF-NOTICE: a notice as text.
    public static let infNOTICE = UBXMessageID(0x04, 0x02)
    /// INF-TEST: test output as text.
    public static let infTEST = UBXMessageID(0x04, 0x03)
    /// INF-DEBUG: debug output as text.
    public static let infDEBUG = UBXMessageID(0x04, 0x04)
    /// ACK-NAK: a command refused.
    public static let ackNAK = UBXMessageID(0x05, 0x00)
    /// ACK-ACK: a command accepted.
    public static let ackACK = UBXMessageID(0x05, 0x01)
    /// CFG-PRT: a port's protocols and speed.
    public static let cfgPRT = UBXMessageID(0x06, 0x00)
    /// CFG-MSG: how often a message is sent.
    public static let cfgMSG = UBXMessageID(0x06, 0x01)
    /// CFG-RATE: the measurement and navigation rate.
    public static let cfgRATE = UBXMessageID(0x06, 0x08)
    /// CFG-CFG: save, load or clear the configuration.
    public static let cfgCFG = UBXMessageID(0x06, 0x09)
    /// CFG-GNSS: the constellations in use (protocol 13 to 23).
    public static let cfgGNSS = UBXMessageID(0x06, 0x3E)
    /// CFG-VALSET: set configuration keys (protocol 23.01 and later).
    public static let cfgVALSET = UBXMessageID(0x06, 0x8A)
    /// CFG-VALGET: read configuration keys (protocol 23.01 and later).
    public static let cfgVALGET = UBXMessageID(0x06, 0x8B)
    /// MON-VER: software, hardware and extension strings.
    public static let monVER = UBXMessageID(0x0A, 0x04)
    /// HNR-PVT: the high-rate navigation solution of u-blox 8's dead-reckoning receivers.
    public static let hnrPVT = UBXMessageID(0x28, 0x00)
}

extension UBXMessageID: CustomStringConvertible {
    /// The name u-blox gives the message (`NAV-PVT`), or its class's name and id in hex
    /// (`NAV-3D`, `10-15`) for one this module does not name.
    public var description: String {
        if let name = Self.names[self] { return name }
        let className = Self.classNames[messageClass] ?? hex(messageClass)
        return "\(className)-\(hex(id))"
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    private static let classNames: [UInt8: String] = [
        0x01: "NAV", 0x02: "RXM", 0x04: "INF", 0x05: "ACK", 0x06: "CFG", 0x09: "UPD", 0x0A: "MON", 0x0B: "AID", 0x0D: "TIM",
        0x10: "ESF", 0x13: "MGA", 0x21: "LOG", 0x27: "SEC", 0x28: "HNR",
    ]

    private static let names: [UBXMessageID: String] = [
        .navPOSECEF: "NAV-POSECEF", .navVELECEF: "NAV-VELECEF", .navPOSLLH: "NAV-POSLLH", .navSTATUS: "NAV-STATUS", .navDOP: "NAV-DOP", .navSOL: "NAV-SOL", .navPVT: "NAV-PVT",
        .navVELNED: "NAV-VELNED", .navHPPOSLLH: "NAV-HPPOSLLH", .navTIMEGPS: "NAV-TIMEGPS", .navTIMEUTC: "NAV-TIMEUTC",
        .navCLOCK: "NAV-CLOCK", .navSVINFO: "NAV-SVINFO", .navSAT: "NAV-SAT", .navSIG: "NAV-SIG", .navEOE: "NAV-EOE",
        .navEELL: "NAV-EELL", .navHPPOSECEF: "NAV-HPPOSECEF",
        .infERROR: "INF-ERROR", .infWARNING: "INF-WARNING", .infNOTICE: "INF-NOTICE", .infTEST: "INF-TEST", .infDEBUG: "INF-DEBUG",
        .ackNAK: "ACK-NAK", .ackACK: "ACK-ACK", .cfgPRT: "CFG-PRT", .cfgMSG: "CFG-MSG", .cfgRATE: "CFG-RATE", .cfgCFG: "CFG-CFG",
        .cfgGNSS: "CFG-GNSS", .cfgVALSET: "CFG-VALSET", .cfgVALGET: "CFG-VALGET", .monVER: "MON-VER",
        .hnrPVT: "HNR-PVT",
    ]
}
