/// How a u-blox receiver takes its configuration, decided by its protocol version
/// (``UBXProtocolVersion/generation``).
public enum UBXGeneration: String, Hashable, Sendable {
    /// Protocol before 23.01 (u-blox 8, M8, and earlier): one message per concern, CFG-RATE,
    /// CFG-GNSS, CFG-PRT, CFG-MSG, saved with CFG-CFG.
    case legacy
    /// Protocol 23.01 and later (M9, M10, F9, X20): configuration keys, written with CFG-VALSET
    /// into layers (RAM, battery-backed RAM, flash) and read with CFG-VALGET.
    case configurationKeys
}

extension UBXGeneration: CustomStringConvertible {
    /// What the generation is, and how it is configured, in a few words.
    public var description: String {
        switch self {
        case .legacy: "u-blox 8 and earlier (CFG-RATE, CFG-GNSS, CFG-PRT, CFG-MSG)"
        case .configurationKeys: "u-blox 9 and later (configuration keys: CFG-VALSET, CFG-VALGET)"
        }
    }
}
