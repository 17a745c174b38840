extension UBXConfigurationKey {
    /// CFG-RATE-MEAS: milliseconds between measurements (U2).
    public static let rateMeasurement = UBXConfigurationKey(rawValue: 0x3021_0001)
    /// CFG-RATE-NAV: measurements per navigation solution (U2).
    public static let rateNavigation = UBXConfigurationKey(rawValue: 0x3021_0002)
    /// CFG-RATE-TIMEREF: the time system measurements align to (E1).
    public static let rateTimeReference = UBXConfigurationKey(rawValue: 0x2021_0003)
    /// CFG-SIGNAL-GPS_ENA: GPS on (L).
    public static let signalGPS = UBXConfigurationKey(rawValue: 0x1031_001F)
    /// CFG-SIGNAL-SBAS_ENA: SBAS on (L).
    public static let signalSBAS = UBXConfigurationKey(rawValue: 0x1031_0020)
    /// CFG-SIGNAL-GAL_ENA: Galileo on (L).
    public static let signalGalileo = UBXConfigurationKey(rawValue: 0x1031_0021)
    /// CFG-SIGNAL-BDS_ENA: BeiDou on (L).
    public static let signalBeiDou = UBXConfigurationKey(rawValue: 0x1031_0022)
    /// CFG-SIGNAL-QZSS_ENA: QZSS on (L).
    public static let signalQZSS = UBXConfigurationKey(rawValue: 0x1031_0024)
    /// CFG-SIGNAL-GLO_ENA: GLONASS on (L).
    public static let signalGLONASS = UBXConfigurationKey(rawValue: 0x1031_0025)
    /// CFG-UART1-BAUDRATE: UART1's speed, bit/s (U4).
    public static let uart1BaudRate = UBXConfigurationKey(rawValue: 0x4052_0001)
    /// CFG-UART1INPROT-UBX: UART1 takes UBX (L).
    public static let uart1InputUBX = UBXConfigurationKey(rawValue: 0x1073_0001)
    /// CFG-UART1INPROT-NMEA: UART1 takes NMEA (L).
    public static let uart1InputNMEA = UBXConfigurationKey(rawValue: 0x1073_0002)
    /// CFG-UART1OUTPROT-UBX: UART1 sends UBX (L).
    public static let uart1OutputUBX = UBXConfigurationKey(rawValue: 0x1074_0001)
    /// CFG-UART1OUTPROT-NMEA: UART1 sends NMEA (L).
    public static let uart1OutputNMEA = UBXConfigurationKey(rawValue: 0x1074_0002)
    /// CFG-USBINPROT-UBX: USB takes UBX (L).
    public static let usbInputUBX = UBXConfigurationKey(rawValue: 0x1077_0001)
    /// CFG-USBINPROT-NMEA: USB takes NMEA (L).
    public static let usbInputNMEA = UBXConfigurationKey(rawValue: 0x1077_0002)
    /// CFG-USBOUTPROT-UBX: USB sends UBX (L).
    public static let usbOutputUBX = UBXConfigurationKey(rawValue: 0x1078_0001)
    /// CFG-USBOUTPROT-NMEA: USB sends NMEA (L).
    public static let usbOutputNMEA = UBXConfigurationKey(rawValue: 0x1078_0002)
    /// CFG-MSGOUT-UBX_NAV_PVT_UART1: NAV-PVT's rate on UART1 (U1, per navigation solution).
    public static let navPVTOnUART1 = UBXConfigurationKey(rawValue: 0x2091_0007)
    /// CFG-MSGOUT-UBX_NAV_PVT_USB: NAV-PVT's rate on USB (U1).
    public static let navPVTOnUSB = UBXConfigurationKey(rawValue: 0x2091_0009)
    /// CFG-MSGOUT-UBX_NAV_SAT_UART1: NAV-SAT's rate on UART1 (U1).
    public static let navSATOnUART1 = UBXConfigurationKey(rawValue: 0x2091_0016)
    /// CFG-MSGOUT-UBX_NAV_SAT_USB: NAV-SAT's rate on USB (U1).
    public static let navSATOnUSB = UBXConfigurationKey(rawValue: 0x2091_0018)

    /// The `CFG-SIGNAL-*_ENA` key of each constellation that has one, by u-blox `gnssId`.
    public static let signalKeys: [(gnssID: UInt8, key: UBXConfigurationKey)] = [
        (0, .signalGPS), (1, .signalSBAS), (2, .signalGalileo), (3, .signalBeiDou), (5, .signalQZSS), (6, .signalGLONASS),
    ]

    /// The `CFG-MSGOUT-*` key of `message` on `port` (UART1 or USB), for the messages this
    /// module names: NAV-PVT, NAV-SAT; `nil` for others.
    public static func messageOutput(_ message: UBXMessageID, on port: UBXPort) -> UBXConfigurationKey? {
        switch (message, port) {
        case (.navPVT, .uart1): .navPVTOnUART1
        case (.navPVT, .usb): .navPVTOnUSB
        case (.navSAT, .uart1): .navSATOnUART1
        case (.navSAT, .usb): .navSATOnUSB
        default: nil
        }
    }

    static let names: [UBXConfigurationKey: String] = [
        .rateMeasurement: "CFG-RATE-MEAS", .rateNavigation: "CFG-RATE-NAV", .rateTimeReference: "CFG-RATE-TIMEREF",
        .signalGPS: "CFG-SIGNAL-GPS_ENA", .signalSBAS: "CFG-SIGNAL-SBAS_ENA", .signalGalileo: "CFG-SIGNAL-GAL_ENA",
        .signalBeiDou: "CFG-SIGNAL-BDS_ENA", .signalQZSS: "CFG-SIGNAL-QZSS_ENA", .signalGLONASS: "CFG-SIGNAL-GLO_ENA",
        .uart1BaudRate: "CFG-UART1-BAUDRATE", .uart1InputUBX: "CFG-UART1INPROT-UBX", .uart1InputNMEA: "CFG-UART1INPROT-NMEA",
        .uart1OutputUBX: "CFG-UART1OUTPROT-UBX", .uart1OutputNMEA: "CFG-UART1OUTPROT-NMEA",
        .usbInputUBX: "CFG-USBINPROT-UBX", .usbInputNMEA: "CFG-USBINPROT-NMEA",
        .usbOutputUBX: "CFG-USBOUTPROT-UBX", .usbOutputNMEA: "CFG-USBOUTPROT-NMEA",
        .navPVTOnUART1: "CFG-MSGOUT-UBX_NAV_PVT_UART1", .navPVTOnUSB: "CFG-MSGOUT-UBX_NAV_PVT_USB",
        .navSATOnUART1: "CFG-MSGOUT-UBX_NAV_SAT_UART1", .navSATOnUSB: "CFG-MSGOUT-UBX_NAV_SAT_USB",
    ]
}
