/// MON-VER (`0x0A 0x04`): the receiver's software and hardware versions and its extensions
/// (`FWVER=HPG 1.32`, `PROTVER=27.31`, `MOD=ZED-F9P`, the constellations it supports…), the
/// answer to its poll and the way to tell a u-blox receiver and its generation.
///
/// 40 bytes plus 30 for each extension: the software version in 30 characters, the hardware
/// version in 10, each extension in 30, every string NUL-padded.
public struct MONVER: Hashable, Sendable {
    /// The software version (`ROM CORE 3.01 (107888)`, `EXT CORE 1.00 (61b2dd)`).
    public var software: String
    /// The hardware version (`00080000` for u-blox 8, `00190000` for u-blox 9).
    public var hardware: String
    /// The extensions in order, such as `FWVER=SPG 3.01`, `PROTVER=18.00`, `MOD=NEO-M8N`,
    /// `GPS;GLO;GAL;BDS`.
    public var extensions: [String]

    /// A MON-VER with these strings; each is cut to its field's size when encoded.
    public init(software: String, hardware: String, extensions: [String]) {
        self.software = software
        self.hardware = hardware
        self.extensions = extensions
    }

    /// Decodes a MON-VER of 40 bytes or more; bytes after the last whole extension are ignored.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 40 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(40)
        software = message.text(0, count: 30)
        hardware = message.text(30, count: 10)
        extensions = stride(from: 40, through: message.count - 30, by: 30).map { message.text($0, count: 30) }
    }

    /// The protocol version from `PROTVER=23.01` (or `PROTVER 14.00`, as u-blox 7 writes it);
    /// `nil` when no extension gives one (u-blox 6 and earlier).
    public var protocolVersion: UBXProtocolVersion? {
        (value(of: "PROTVER=") ?? value(of: "PROTVER ")).flatMap { UBXProtocolVersion($0) }
    }

    /// The module from `MOD=`, such as `NEO-M8N` or `ZED-F9P`; `nil` when not given.
    public var module: String? { value(of: "MOD=") }

    /// The firmware from `FWVER=`, such as `SPG 3.01` or `HPG 1.32`; `nil` when not given.
    public var firmware: String? { value(of: "FWVER=") }

    /// How the receiver is configured: configuration keys from protocol 23.01, else the legacy
    /// messages (also when no protocol version is given: an older receiver).
    public var generation: UBXGeneration { protocolVersion?.generation ?? .legacy }

    /// The text after `prefix` in the first extension that starts with it.
    private func value(of prefix: String) -> String? {
        extensions.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .monVER }
}

extension MONVER: UBXMessageDecodable {}

extension MONVER: UBXMessageEncodable {
    /// The strings NUL-padded to their fields (30, 10, 30 each), cut where longer.
    public var payload: [UInt8] {
        func field(_ text: String, _ size: Int) -> [UInt8] {
            let bytes = Array(text.utf8.prefix(size))
            return bytes + [UInt8](repeating: 0, count: size - bytes.count)
        }
        return field(software, 30) + field(hardware, 10) + extensions.flatMap { field($0, 30) }
    }
}
