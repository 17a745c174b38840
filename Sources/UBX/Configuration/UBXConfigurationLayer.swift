/// The one layer CFG-VALGET reads values from.
public enum UBXConfigurationLayer: UInt8, Hashable, Sendable {
    /// The configuration in force.
    case ram = 0
    /// Battery-backed RAM.
    case batteryBackedRAM = 1
    /// Flash.
    case flash = 2
    /// The defaults built into the firmware.
    case defaults = 7
}
