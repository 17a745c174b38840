import GNSS
import UBX

/// The changes asked of a u-blox receiver (what `gps config` takes), each one optional: only
/// what is asked is written.
public struct ReceiverChanges: Hashable, Sendable {
    /// Milliseconds between measurements: 100 is 10 Hz.
    public var measurementPeriodMilliseconds: Int?
    /// The constellations to enable; every other the receiver knows is disabled.
    public var constellations: Set<Constellation>?
    /// The port's new speed, bit/s, followed: the port is reopened at it.
    public var baudRate: Int?
    /// The protocols the port is to send.
    public var outputProtocols: UBXProtocols?
    /// UBX messages' rates per navigation solution (1: every epoch, 0: off), in order.
    public var messageRates: [MessageRate]
    /// Whether to keep the changes across a power cycle: battery-backed RAM and flash too.
    public var save: Bool
    /// Whether to reset the receiver's configuration to the firmware's defaults (everything
    /// else is then not asked).
    public var resetToDefaults: Bool

    /// One message's rate.
    public struct MessageRate: Hashable, Sendable {
        /// The message: NAV-PVT or NAV-SAT.
        public var message: UBXMessageID
        /// Per navigation solution: 1 every epoch, 0 off.
        public var rate: Int

        /// `message` at `rate`.
        public init(_ message: UBXMessageID, rate: Int) {
            self.message = message
            self.rate = rate
        }
    }

    /// The changes given; none by default.
    public init(
        measurementPeriodMilliseconds: Int? = nil, constellations: Set<Constellation>? = nil, baudRate: Int? = nil,
        outputProtocols: UBXProtocols? = nil, messageRates: [MessageRate] = [], save: Bool = false,
        resetToDefaults: Bool = false
    ) {
        self.measurementPeriodMilliseconds = measurementPeriodMilliseconds
        self.constellations = constellations
        self.baudRate = baudRate
        self.outputProtocols = outputProtocols
        self.messageRates = messageRates
        self.save = save
        self.resetToDefaults = resetToDefaults
    }
}
