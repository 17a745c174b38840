import GNSS

/// CFG-GNSS (`0x06 0x3E`): which constellations the receiver tracks, the legacy way (protocol
/// 13 to 23; later receivers take the `CFG-SIGNAL-*_ENA` keys).
///
/// 4 bytes (`msgVer` 0, hardware channels, channels in use, the count of blocks), then 8 bytes
/// a block: `gnssId`, reserved channels, maximum channels, reserved, `flags` (bit 0 enabled,
/// bits 16–23 the signals). A command sends the blocks back as polled, changing only what it
/// means to: a block left out is left as it was.
public struct CFGGNSS: Hashable, Sendable {
    /// One constellation's settings.
    public struct Block: Hashable, Sendable {
        /// The constellation (`gnssId`).
        public var constellation: Constellation
        /// Tracking channels reserved for it.
        public var reservedChannels: UInt8
        /// The most tracking channels it may use.
        public var maximumChannels: UInt8
        /// The `flags` field: bit 0 enabled, bits 16–23 the signals to track.
        public var flags: UInt32

        /// A block of `constellation` with these channels and flags.
        public init(constellation: Constellation, reservedChannels: UInt8, maximumChannels: UInt8, flags: UInt32) {
            self.constellation = constellation
            self.reservedChannels = reservedChannels
            self.maximumChannels = maximumChannels
            self.flags = flags
        }

        /// Whether the constellation is enabled (flags bit 0).
        public var isEnabled: Bool {
            get { flags & 1 != 0 }
            set { flags = newValue ? flags | 1 : flags & ~1 }
        }
    }

    /// Tracking channels in the hardware (read only; 0 in a command).
    public var hardwareChannels: UInt8
    /// Tracking channels to use (0xFF: as many as the hardware has).
    public var channelsInUse: UInt8
    /// The blocks, one per constellation.
    public var blocks: [Block]

    /// A CFG-GNSS of these blocks.
    public init(hardwareChannels: UInt8 = 0, channelsInUse: UInt8 = 0xFF, blocks: [Block]) {
        self.hardwareChannels = hardwareChannels
        self.channelsInUse = channelsInUse
        self.blocks = blocks
    }

    /// Decodes a CFG-GNSS: 4 bytes and the 8-byte blocks it counts.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer bytes than its blocks need,
    ///   ``UBXError/unsupportedVersion(_:version:)`` for a `msgVer` other than 0.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(4)
        guard message.u1(0) == 0 else { throw .unsupportedVersion(message.id, version: message.u1(0)) }
        hardwareChannels = message.u1(1)
        channelsInUse = message.u1(2)
        let count = Int(message.u1(3))
        try message.require(4 + 8 * count)
        blocks = (0..<count).map { index in
            let offset = 4 + 8 * index
            return Block(constellation: Constellation(rawValue: message.u1(offset)), reservedChannels: message.u1(offset + 1),
                         maximumChannels: message.u1(offset + 2), flags: message.u4(offset + 4))
        }
    }

    /// The constellations enabled, in the blocks' order.
    public var enabled: [Constellation] { blocks.filter(\.isEnabled).map(\.constellation) }

    /// These blocks with exactly `constellations` enabled, the others disabled; channels and
    /// signals are left as they were.
    public func enabling(only constellations: Set<Constellation>) -> CFGGNSS {
        var changed = self
        for index in changed.blocks.indices {
            changed.blocks[index].isEnabled = constellations.contains(changed.blocks[index].constellation)
        }
        return changed
    }

    /// The message this decodes and encodes.
    public static var messageID: UBXMessageID { .cfgGNSS }
}

extension CFGGNSS: UBXMessageDecodable {}

extension CFGGNSS: UBXMessageEncodable {
    /// `msgVer` 0, the channel counts, the count of blocks, then the blocks.
    public var payload: [UInt8] {
        var builder = UBXPayloadBuilder()
        builder.u1(0)
        builder.u1(hardwareChannels)
        builder.u1(channelsInUse)
        builder.u1(UInt8(blocks.count))
        for block in blocks {
            builder.u1(block.constellation.rawValue)
            builder.u1(block.reservedChannels)
            builder.u1(block.maximumChannels)
            builder.reserved(1)
            builder.u4(block.flags)
        }
        return builder.bytes
    }
}
