import Testing
import UBX

/// Every command frame of issue 27's table, byte for byte as gpsd's `ubxtool` 3.22 writes it to a
/// pseudo-terminal, and each setting decoded back from its own frame.
@Suite("Configuration frames")
struct ConfigurationFrameTests {
    /// `"b5 62 06 08"` as bytes.
    private static func hex(_ text: String) -> [UInt8] { text.split(separator: " ").map { UInt8($0, radix: 16)! } }

    @Test("Polls are as ubxtool writes them: CFG-RATE, MON-VER, CFG-GNSS, CFG-PRT, NAV-PVT")
    func polls() {
        #expect(CFGRATE.poll == Self.hex("b5 62 06 08 00 00 0e 30"))
        #expect(MONVER.poll == Self.hex("b5 62 0a 04 00 00 0e 34"))
        #expect(CFGGNSS.poll == Self.hex("b5 62 06 3e 00 00 44 d2"))
        #expect(CFGPRT.poll == Self.hex("b5 62 06 00 00 00 06 18"))
        #expect(UBXFrame.poll(.navPVT) == Self.hex("b5 62 01 07 00 00 08 19"))
    }

    @Test("CFG-RATE 200 ms, navRate 1, timeRef 1 (ubxtool -p CFG-RATE,200) and back")
    func rate() throws {
        let frame = CFGRATE(measurementPeriodMilliseconds: 200).frame
        #expect(frame == Self.hex("b5 62 06 08 06 00 c8 00 01 00 01 00 de 6a"))
        let decoded = try frame.withUnsafeBytes { try CFGRATE(#require(UBXMessage(frame: $0))) }
        #expect(decoded == CFGRATE(measurementPeriodMilliseconds: 200, navigationRate: 1, timeReference: 1))
        #expect(decoded.hertz == 5)
    }

    @Test("CFG-VALSET CFG-RATE-MEAS=200 in RAM, BBR and flash (ubxtool -z CFG-RATE-MEAS,200) and back")
    func valset() throws {
        let frame = CFGVALSET([UBXConfigurationValue(.rateMeasurement, 200)], layers: .saved).frame
        #expect(frame == Self.hex("b5 62 06 8a 0a 00 00 07 00 00 01 00 21 30 c8 00 bb b7"))
        let decoded = try frame.withUnsafeBytes { try CFGVALSET(#require(UBXMessage(frame: $0))) }
        #expect(decoded.layers == .saved && decoded.values == [UBXConfigurationValue(.rateMeasurement, 200)])
    }

    @Test("CFG-VALGET of CFG-RATE-MEAS from RAM (ubxtool -g CFG-RATE-MEAS,0), and an answer decoded")
    func valget() throws {
        let request = CFGVALGET.Request([.rateMeasurement], layer: .ram)
        #expect(request.frame == Self.hex("b5 62 06 8b 08 00 00 00 00 00 01 00 21 30 eb 07"))
        let back = try request.frame.withUnsafeBytes { try CFGVALGET.Request(#require(UBXMessage(frame: $0))) }
        #expect(back == request)
        let answer = CFGVALGET([UBXConfigurationValue(.rateMeasurement, 100), UBXConfigurationValue(.signalGalileo, true),
                                UBXConfigurationValue(.uart1BaudRate, 115_200)])
        let decoded = try answer.frame.withUnsafeBytes { try CFGVALGET(#require(UBXMessage(frame: $0))) }
        #expect(decoded[.rateMeasurement] == 100 && decoded[.signalGalileo] == 1 && decoded[.uart1BaudRate] == 115_200)
        #expect(decoded[.signalGLONASS] == nil)
    }

    @Test("CFG-CFG save: clear 0, save and load 0x0f1f, devices 0x17 (ubxtool -p SAVE)")
    func save() throws {
        #expect(CFGCFG.save.frame == Self.hex("b5 62 06 09 0d 00 00 00 00 00 1f 0f 00 00 1f 0f 00 00 17 8f 36"))
        let decoded = try CFGCFG.resetToDefaults.frame.withUnsafeBytes { try CFGCFG(#require(UBXMessage(frame: $0))) }
        #expect(decoded == CFGCFG(clearMask: 0x0F1F, saveMask: 0, loadMask: 0x0F1F, deviceMask: 0x17))
    }

    @Test("A key's value size comes from bits 28–30 of its id; a size code of 0, 6 or 7 gives none")
    func keySizes() {
        #expect(UBXConfigurationKey.signalGalileo.valueSize == 1 && UBXConfigurationKey.signalGalileo.isBoolean)
        #expect(UBXConfigurationKey.navPVTOnUART1.valueSize == 1 && !UBXConfigurationKey.navPVTOnUART1.isBoolean)
        #expect(UBXConfigurationKey.rateMeasurement.valueSize == 2)
        #expect(UBXConfigurationKey.uart1BaudRate.valueSize == 4)
        #expect(UBXConfigurationKey(rawValue: 0x5000_0001).valueSize == 8)
        #expect(UBXConfigurationKey(rawValue: 0x6000_0001).valueSize == nil)
        #expect(UBXConfigurationKey.rateMeasurement.description == "CFG-RATE-MEAS")
        #expect(UBXConfigurationKey(rawValue: 0x1099_0001).description == "0x10990001")
    }

    @Test("A VALGET answer holding a key without a size, or a value cut off, is an error naming it")
    func badKeyValues() {
        let sizeless: [UInt8] = [1, 0, 0, 0, 0x01, 0x00, 0x00, 0x70, 0x05]
        _ = sizeless.withUnsafeBytes { payload in
            #expect(throws: UBXError.unknownKeySize(.cfgVALGET, key: 0x7000_0001)) {
                try CFGVALGET(UBXMessage(id: .cfgVALGET, payload: payload))
            }
        }
        let cutOff: [UInt8] = [1, 0, 0, 0, 0x01, 0x00, 0x21, 0x30, 0xC8]
        _ = cutOff.withUnsafeBytes { payload in
            #expect(throws: UBXError.payloadLength(.cfgVALGET, expected: 10, actual: 9)) {
                try CFGVALGET(UBXMessage(id: .cfgVALGET, payload: payload))
            }
        }
    }

    @Test("CFG-PRT for UART1 and USB: speed, framing and protocol masks round-trip; USB has no speed")
    func port() throws {
        let uart = CFGPRT(port: .uart1, baudRate: 115_200, inputProtocols: [.ubx, .nmea, .rtcm3], outputProtocols: [.ubx])
        #expect(uart.frame == UBXFrame.encode(.cfgPRT, payload: [
            0x01, 0x00, 0x00, 0x00, 0xC0, 0x08, 0x00, 0x00, 0x00, 0xC2, 0x01, 0x00, 0x23, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
        ]))
        let decoded = try uart.frame.withUnsafeBytes { try CFGPRT(#require(UBXMessage(frame: $0))) }
        #expect(decoded == uart && decoded.outputProtocols.description == "UBX")
        let usb = CFGPRT(port: .usb, baudRate: 115_200, inputProtocols: [.ubx, .nmea], outputProtocols: [.ubx, .nmea])
        #expect(usb.baudRate == 0 && usb.mode == 0 && usb.outputProtocols.description == "UBX+NMEA")
        #expect(CFGPRT.poll(.uart1) == UBXFrame.encode(.cfgPRT, payload: [1]))
    }

    @Test("CFG-MSG: a rate on the current port (3 bytes), the six ports' rates (8 bytes), and its poll")
    func message() throws {
        #expect(CFGMSG(.navPVT, rate: 1).frame == UBXFrame.encode(.cfgMSG, payload: [0x01, 0x07, 0x01]))
        #expect(CFGMSG.poll(.navPVT) == UBXFrame.encode(.cfgMSG, payload: [0x01, 0x07]))
        let answer = CFGMSG(.navSAT, rates: [0, 2, 0, 1, 0, 0])
        let decoded = try answer.frame.withUnsafeBytes { try CFGMSG(#require(UBXMessage(frame: $0))) }
        #expect(decoded.message == .navSAT && decoded.rate(on: .uart1) == 2 && decoded.rate(on: .usb) == 1)
    }

    @Test("CFG-GNSS: blocks decode with their flags; enabling some keeps channels and signals, turns the rest off")
    func gnss() throws {
        let polled = CFGGNSS(hardwareChannels: 32, channelsInUse: 32, blocks: [
            .init(constellation: .gps, reservedChannels: 8, maximumChannels: 16, flags: 0x0001_0001),
            .init(constellation: .galileo, reservedChannels: 4, maximumChannels: 8, flags: 0x0001_0000),
            .init(constellation: .glonass, reservedChannels: 8, maximumChannels: 14, flags: 0x0001_0001),
        ])
        let decoded = try polled.frame.withUnsafeBytes { try CFGGNSS(#require(UBXMessage(frame: $0))) }
        #expect(decoded == polled && decoded.enabled == [.gps, .glonass])
        let changed = decoded.enabling(only: [.gps, .galileo])
        #expect(changed.enabled == [.gps, .galileo])
        #expect(changed.blocks.map(\.flags) == [0x0001_0001, 0x0001_0001, 0x0001_0000])
        #expect(changed.payload.count == 4 + 8 * 3 && changed.payload[0] == 0)
    }
}
