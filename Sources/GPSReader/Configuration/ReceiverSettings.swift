import GNSS
import UBX

/// What a u-blox receiver says of itself and its settings, as `gps info` shows them: polled
/// with the legacy messages or read as configuration keys, whichever its generation takes.
public struct ReceiverSettings: Hashable, Sendable {
    /// The receiver's MON-VER: firmware, protocol version, module.
    public var identity: MONVER
    /// The port the settings are of: the one this device reaches.
    public var port: UBXPort
    /// Milliseconds between measurements (`measRate`, `CFG-RATE-MEAS`).
    public var measurementPeriodMilliseconds: Int
    /// Measurements per navigation solution (`navRate`, `CFG-RATE-NAV`).
    public var navigationRate: Int
    /// The constellations enabled, in u-blox's `gnssId` order.
    public var constellations: [Constellation]
    /// The port's speed, bit/s; `nil` for USB.
    public var baudRate: Int?
    /// The protocols the port takes in.
    public var inputProtocols: UBXProtocols
    /// The protocols the port sends.
    public var outputProtocols: UBXProtocols
    /// The UBX messages the port sends, with their rate per navigation solution (0: not sent),
    /// for NAV-PVT and NAV-SAT.
    public var messageRates: [UBXMessageID: Int]
    /// The CFG-GNSS a legacy receiver answered, kept so a change sends its blocks back as they
    /// were; `nil` for configuration keys.
    public var gnssBlocks: CFGGNSS?
    /// The CFG-PRT a legacy receiver answered, kept so a change sends the port back as it was;
    /// `nil` for configuration keys.
    public var portSettings: CFGPRT?

    /// Settings as given; `gnssBlocks` and `portSettings` only for a legacy receiver.
    public init(
        identity: MONVER, port: UBXPort, measurementPeriodMilliseconds: Int, navigationRate: Int, constellations: [Constellation],
        baudRate: Int?, inputProtocols: UBXProtocols, outputProtocols: UBXProtocols, messageRates: [UBXMessageID: Int],
        gnssBlocks: CFGGNSS? = nil, portSettings: CFGPRT? = nil
    ) {
        self.identity = identity
        self.port = port
        self.measurementPeriodMilliseconds = measurementPeriodMilliseconds
        self.navigationRate = navigationRate
        self.constellations = constellations
        self.baudRate = baudRate
        self.inputProtocols = inputProtocols
        self.outputProtocols = outputProtocols
        self.messageRates = messageRates
        self.gnssBlocks = gnssBlocks
        self.portSettings = portSettings
    }

    /// Navigation solutions per second, hertz.
    public var hertz: Double {
        let period = Double(measurementPeriodMilliseconds * max(navigationRate, 1))
        return period == 0 ? 0 : 1000 / period
    }

    /// The messages `messageRates` names, in a stable order.
    public static let reportedMessages: [UBXMessageID] = [.navPVT, .navSAT]
}
