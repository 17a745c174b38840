/// CFG-CFG (`0x06 0x09`): clears, saves or loads the configuration between RAM and the
/// non-volatile stores (battery-backed RAM, flash, EEPROM, SPI flash).
///
/// 13 bytes: `clearMask`, `saveMask`, `loadMask` (X4 each: which sections), `deviceMask` (X1:
/// which stores). Clearing comes first, then saving, then loading.
public struct CFGCFG: Hashable, Sendable {
    /// The sections to reset to defaults in the stores.
    public var clearMask: UInt32
    /// The sections to save from RAM to the stores.
    public var saveMask: UInt32
    /// The sections to load from the stores into RAM.
    public var loadMask: UInt32
    /// The stores: bit 0 battery-backed RAM, 1 flash, 2 EEPROM, 4 SPI flash.
    public var deviceMask: UInt8

    /// The command with these masks.
    public init(clearMask: UInt32, saveMask: UInt32, loadMask: UInt32, deviceMask: UInt8) {
        self.clearMask = clearMask
        self.saveMask = saveMask
        self.loadMask = loadMask
        self.deviceMask = deviceMask
    }

    /// Every section ubxtool names (ports, messages, navigation, RXM, sensor, INF, antenna,
    /// logging, FTS: `0x0F1F`).
    public static let allSections: UInt32 = 0x0F1F
    /// Battery-backed RAM, flash, EEPROM and SPI flash (`0x17`).
    public static let allStores: UInt8 = 0x17

    /// Saves the configuration in RAM to every store, as `ubxtool -p SAVE` does.
    public static let save = CFGCFG(clearMask: 0, saveMask: allSections, loadMask: allSections, deviceMask: allStores)
    /// Clears every store back to the defaults and loads them into RAM: a reset to defaults.
    public static let resetToDefaults = CFGCFG(
        clearMask: allSections, saveMask: 0, loadMask: allSections, deviceMask: allStores)

    /// Decodes a CFG-CFG of 12 or 13 bytes (without `deviceMask`, battery-backed RAM and flash).
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 12 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(12)
        clearMask = message.u4(0)
        saveMask = message.u4(4)
        loadMask = message.u4(8)
        deviceMask = message.count >= 13 ? message.u1(12) : 0x03
    }

    /// The message this decodes and encodes.
    public static var messageID: UBXMessageID { .cfgCFG }
}

extension CFGCFG: UBXMessageDecodable {}

extension CFGCFG: UBXMessageEncodable {
    /// The three masks and the stores.
    public var payload: [UInt8] {
        var builder = UBXPayloadBuilder()
        builder.u4(clearMask)
        builder.u4(saveMask)
        builder.u4(loadMask)
        builder.u1(deviceMask)
        return builder.bytes
    }
}
