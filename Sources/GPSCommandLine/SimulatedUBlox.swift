/// Which u-blox receiver `gps simulate --ublox --generation` plays.
public enum SimulatedUBlox: String, Equatable, Sendable, CaseIterable {
    /// A NEO-M8N, protocol 18.00: the legacy CFG messages.
    case m8
    /// A ZED-F9P, protocol 27.31: configuration keys (CFG-VALSET, CFG-VALGET).
    case f9
}
