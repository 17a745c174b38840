/// The layers CFG-VALSET writes a value into: RAM (in force now), battery-backed RAM and flash
/// (in force after a restart).
public struct UBXConfigurationLayers: OptionSet, Hashable, Sendable {
    /// The `layers` bits.
    public var rawValue: UInt8

    /// The layers of `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// RAM: the configuration in force, lost at power-off (bit 0).
    public static let ram = UBXConfigurationLayers(rawValue: 1 << 0)
    /// Battery-backed RAM (bit 1).
    public static let batteryBackedRAM = UBXConfigurationLayers(rawValue: 1 << 1)
    /// Flash (bit 2).
    public static let flash = UBXConfigurationLayers(rawValue: 1 << 2)
    /// RAM, battery-backed RAM and flash: a change that is kept, ubxtool's default (`0x07`).
    public static let saved: UBXConfigurationLayers = [.ram, .batteryBackedRAM, .flash]
}
