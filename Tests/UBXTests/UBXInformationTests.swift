import Testing
import UBX

@Suite("INF-ERROR, -WARNING, -NOTICE, -TEST, -DEBUG")
struct UBXInformationTests {
    @Test("The level comes from the id, the text is the whole payload, no terminator needed")
    func levelsAndText() throws {
        let payload = TestPayload(bytes: Array("ANTSTATUS=OK".utf8))
        for level in UBXInformation.Level.allCases {
            let information = try payload.message(level.messageID) { try UBXInformation($0) }
            #expect(information.level == level)
            #expect(information.text == "ANTSTATUS=OK")
        }
        #expect(UBXInformation.Level.error.messageID == .infERROR)
        #expect(UBXInformation.Level.debug.messageID == .infDEBUG)
    }

    @Test("A NUL ends the text; an empty payload is an empty text; another class is refused")
    func edges() throws {
        let terminated = TestPayload(bytes: Array("u-blox AG - www.u-blox.com".utf8) + [0, 0x41])
        #expect(try terminated.message(.infNOTICE) { try UBXInformation($0) }.text == "u-blox AG - www.u-blox.com")
        #expect(try TestPayload(bytes: []).message(.infWARNING) { try UBXInformation($0) }.text == "")
        #expect(throws: UBXError.unexpectedMessage(UBXMessageID(0x04, 0x05))) {
            try terminated.message(UBXMessageID(0x04, 0x05)) { try UBXInformation($0) }
        }
    }
}
