import Testing
import UBX

/// MON-VER (what a receiver is, and how it is configured) and ACK-ACK/ACK-NAK (which command
/// they answer).
@Suite("MON-VER and acknowledgements")
struct MonitorAndAcknowledgementTests {
    private static func decode(_ version: MONVER) throws -> MONVER {
        try version.frame.withUnsafeBytes { try MONVER(#require(UBXMessage(frame: $0))) }
    }

    @Test("A NEO-M8N's MON-VER: software, hardware, firmware, protocol 18.00, module; legacy configuration")
    func neoM8N() throws {
        let version = try Self.decode(MONVER(
            software: "ROM CORE 3.01 (107888)", hardware: "00080000",
            extensions: ["FWVER=SPG 3.01", "PROTVER=18.00", "MOD=NEO-M8N-0", "GPS;GLO;GAL;BDS", "SBAS;IMES;QZSS"]))
        #expect(version.software == "ROM CORE 3.01 (107888)" && version.hardware == "00080000")
        #expect(version.extensions.count == 5)
        #expect(version.firmware == "SPG 3.01" && version.module == "NEO-M8N-0")
        #expect(version.protocolVersion == UBXProtocolVersion(major: 18, minor: 0))
        #expect(version.generation == .legacy)
    }

    @Test("A ZED-F9P's MON-VER (protocol 27.11) takes configuration keys; 23.01 is the first that does")
    func zedF9P() throws {
        let version = try Self.decode(MONVER(
            software: "EXT CORE 1.00 (61b2dd)", hardware: "00190000",
            extensions: ["ROM BASE 0x118B2060", "FWVER=HPG 1.12", "PROTVER=27.11", "MOD=ZED-F9P", "GPS;GLO;GAL;BDS", "QZSS"]))
        #expect(version.protocolVersion?.description == "27.11" && version.generation == .configurationKeys)
        #expect(UBXProtocolVersion("23.00")?.generation == .legacy)
        #expect(UBXProtocolVersion("23.01")?.generation == .configurationKeys)
        #expect(UBXProtocolVersion("PROTVER") == nil)
    }

    @Test("Without PROTVER (u-blox 6) there is no protocol version and the legacy messages apply; u-blox 7's 'PROTVER 14.00' is read")
    func olderReceivers() throws {
        let six = try Self.decode(MONVER(software: "7.03 (45969)", hardware: "00040007", extensions: []))
        #expect(six.protocolVersion == nil && six.generation == .legacy && six.module == nil)
        let seven = try Self.decode(MONVER(software: "1.00 (59842)", hardware: "00070000", extensions: ["PROTVER 14.00"]))
        #expect(seven.protocolVersion == UBXProtocolVersion(major: 14, minor: 0))
    }

    @Test("A MON-VER shorter than its 40 fixed bytes is refused")
    func shortVersion() {
        _ = [UInt8](repeating: 0x41, count: 39).withUnsafeBytes { payload in
            #expect(throws: UBXError.payloadLength(.monVER, expected: 40, actual: 39)) {
                try MONVER(UBXMessage(id: .monVER, payload: payload))
            }
        }
    }

    @Test("ACK-ACK and ACK-NAK name the command they answer; other messages are not acknowledgements")
    func acknowledgements() throws {
        let ack = UBXAcknowledgement(isAccepted: true, answered: .cfgRATE).frame
        #expect(ack == [0xB5, 0x62, 0x05, 0x01, 0x02, 0x00, 0x06, 0x08, 0x16, 0x3F])
        let nak = try UBXAcknowledgement(isAccepted: false, answered: .cfgVALSET).frame.withUnsafeBytes {
            try UBXAcknowledgement(#require(UBXMessage(frame: $0)))
        }
        #expect(!nak.isAccepted && nak.answered == .cfgVALSET)
        _ = [UInt8](repeating: 0, count: 2).withUnsafeBytes { payload in
            #expect(throws: UBXError.unexpectedMessage(.cfgRATE)) { try UBXAcknowledgement(UBXMessage(id: .cfgRATE, payload: payload)) }
        }
    }
}
