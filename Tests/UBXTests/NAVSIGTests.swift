import GNSS
import Testing
import UBX

@Suite("NAV-SIG")
struct NAVSIGTests {
    /// A version 0 NAV-SIG with the given blocks: (gnssId, svId, sigId, freqId, prRes, cno,
    /// qualityInd, corrSource, ionoModel, sigFlags).
    static func payload(_ signals: [(UInt8, UInt8, UInt8, UInt8, Int64, UInt8, UInt8, UInt8, UInt8, Int64)],
                        count: Int? = nil, version: UInt8 = 0) -> TestPayload {
        var payload = TestPayload(count: 8 + 16 * signals.count)
        payload.put(345_600_000, at: 0, size: 4)
        payload.bytes[4] = version
        payload.bytes[5] = UInt8(count ?? signals.count)
        for (index, signal) in signals.enumerated() {
            let offset = 8 + 16 * index
            payload.bytes[offset...offset + 3] = [signal.0, signal.1, signal.2, signal.3]
            payload.put(signal.4, at: offset + 4, size: 2)
            payload.bytes[offset + 6...offset + 9] = [signal.5, signal.6, signal.7, signal.8]
            payload.put(signal.9, at: offset + 10, size: 2)
        }
        return payload
    }

    @Test("Each block is one satellite's signal: ids, prRes in metres, cno in dBHz, quality, corrections, flags")
    func blocks() throws {
        let payload = Self.payload([(2, 11, 5, 0, -7, 43, 7, 4, 8, 0x003D), (6, 3, 2, 9, 12, 29, 4, 0, 1, 0x0002)])
        try payload.message(.navSIG) { message in
            let sig = try NAVSIG(message)
            #expect(sig.iTOW == 345_600_000 && sig.count == 2)
            let galileo = sig[0]
            #expect(galileo.constellation == .galileo && galileo.svId == 11 && galileo.satellite.gpsdPRN == 311)
            #expect(galileo.signalID == 5 && galileo.frequencyID == 0)
            #expect(abs(galileo.pseudorangeResidual - -0.7) < 1e-12)
            #expect(galileo.carrierToNoise == 43 && galileo.quality.isCarrierLocked)
            #expect(galileo.correctionSource == 4 && galileo.ionosphereModel == 8)
            #expect(galileo.isHealthy == true && galileo.isPseudorangeSmoothed && galileo.isPseudorangeUsed)
            #expect(galileo.isCarrierRangeUsed && galileo.isRangeRateUsed && !galileo.pseudorangeCorrectionUsed)
            let glonass = sig[1]
            #expect(glonass.constellation == .glonass && glonass.frequencyID == 9 && glonass.signalID == 2)
            #expect(glonass.quality == .codeLocked && glonass.isHealthy == false && !glonass.isPseudorangeUsed)
            #expect(Array(sig.map(\.carrierToNoise)) == [43, 29])
        }
    }

    @Test("The correction-used flags are sigFlags' bits 6 to 8")
    func correctionFlags() throws {
        try Self.payload([(0, 1, 0, 0, 0, 0, 0, 0, 0, 0x01C0)]).message(.navSIG) { message in
            let signal = try NAVSIG(message)[0]
            #expect(signal.pseudorangeCorrectionUsed && signal.carrierRangeCorrectionUsed && signal.rangeRateCorrectionUsed)
            #expect(signal.isHealthy == nil && !signal.isPseudorangeUsed)
        }
    }

    @Test("A count the payload cannot hold is a payload-length error; only version 0 is read")
    func lyingCount() {
        let one = Self.payload([(0, 1, 0, 0, 0, 40, 4, 0, 0, 0)], count: 3)
        #expect(throws: UBXError.payloadLength(.navSIG, expected: 56, actual: 24)) {
            try one.message(.navSIG) { try NAVSIG($0) }
        }
        #expect(throws: UBXError.unsupportedVersion(.navSIG, version: 1)) {
            try Self.payload([], version: 1).message(.navSIG) { try NAVSIG($0) }
        }
        #expect(throws: UBXError.unexpectedMessage(.navSAT)) {
            try one.message(.navSAT) { try NAVSIG($0) }
        }
    }
}
