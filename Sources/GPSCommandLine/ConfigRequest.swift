/// What `gps config` is asked to change on a u-blox receiver, as parsed: only what was given
/// is written.
public struct ConfigRequest: Equatable, Sendable {
    /// The protocols the port is to send (`--output`).
    public enum Output: String, Equatable, Sendable, CaseIterable {
        /// NMEA alone.
        case nmea
        /// UBX alone.
        case ubx
        /// NMEA and UBX.
        case both
    }

    /// A UBX message's rate (`--message NAV-PVT=1`): per navigation solution, 0 off.
    public struct MessageRate: Equatable, Sendable {
        /// The message's name: `NAV-PVT` or `NAV-SAT`.
        public var name: String
        /// Its rate: 1 every epoch, 0 off.
        public var rate: Int

        /// `name` every `rate` epochs.
        public init(name: String, rate: Int) {
            self.name = name
            self.rate = rate
        }
    }

    /// Navigation solutions per second (`--rate HZ`).
    public var hertz: Double?
    /// The constellations to enable, by name (`--gnss gps,galileo`), in u-blox's `gnssId` numbers.
    public var constellations: [UInt8]?
    /// The port's new speed, bit/s (`--baud N`).
    public var newBaudRate: Int?
    /// The protocols to send (`--output`).
    public var output: Output?
    /// Message rates (`--message`), in order.
    public var messages: [MessageRate]
    /// Whether to save to battery-backed RAM and flash (`--save`).
    public var save: Bool
    /// Whether to reset to the firmware's defaults (`--reset`).
    public var reset: Bool
    /// Whether the reset was confirmed on the command line (`--yes`).
    public var confirmed: Bool

    /// A request; nothing by default.
    public init(
        hertz: Double? = nil, constellations: [UInt8]? = nil, newBaudRate: Int? = nil, output: Output? = nil,
        messages: [MessageRate] = [], save: Bool = false, reset: Bool = false, confirmed: Bool = false
    ) {
        self.hertz = hertz
        self.constellations = constellations
        self.newBaudRate = newBaudRate
        self.output = output
        self.messages = messages
        self.save = save
        self.reset = reset
        self.confirmed = confirmed
    }

    /// The names `--gnss` takes, with u-blox's `gnssId` of each.
    public static let constellationNames: [(name: String, gnssID: UInt8)] = [
        ("gps", 0), ("sbas", 1), ("galileo", 2), ("beidou", 3), ("qzss", 5), ("glonass", 6),
    ]

    /// The messages `--message` takes.
    public static let messageNames = ["NAV-PVT", "NAV-SAT"]
}
