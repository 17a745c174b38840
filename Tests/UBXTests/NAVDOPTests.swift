import Testing
import UBX

@Suite("NAV-DOP")
struct NAVDOPTests {
    static func payload(_ dops: [Int64]) -> TestPayload {
        var payload = TestPayload(count: 18)
        payload.put(417_000, at: 0, size: 4)
        for (index, dop) in dops.enumerated() { payload.put(dop, at: 4 + 2 * index, size: 2) }
        return payload
    }

    @Test("Seven DOPs in units of 0.01, in the order g, p, t, v, h, n, e")
    func everyDOP() throws {
        let dop = try Self.payload([182, 156, 94, 131, 85, 66, 53]).message(.navDOP) { try NAVDOP($0) }
        #expect(dop.iTOW == 417_000)
        let values = [dop.gdop, dop.pdop, dop.tdop, dop.vdop, dop.hdop, dop.ndop, dop.edop].map { $0 ?? .nan }
        for (value, expected) in zip(values, [1.82, 1.56, 0.94, 1.31, 0.85, 0.66, 0.53]) {
            #expect(abs(value - expected) < 1e-12)
        }
    }

    @Test("99.99 and more, what a receiver without a solution sends, is nil, as gpsd ignores it")
    func noSolution() throws {
        let dop = try Self.payload([9999, 65535, 9998, 0, 9999, 9999, 9999]).message(.navDOP) { try NAVDOP($0) }
        #expect(dop.gdop == nil && dop.pdop == nil && dop.hdop == nil)
        #expect(dop.tdop.map { abs($0 - 99.98) < 1e-9 } == true)
        #expect(dop.vdop == 0)
    }

    @Test("17 bytes are refused")
    func short() {
        #expect(throws: UBXError.payloadLength(.navDOP, expected: 18, actual: 17)) {
            try Self.payload([]).message(.navDOP, count: 17) { try NAVDOP($0) }
        }
    }
}
