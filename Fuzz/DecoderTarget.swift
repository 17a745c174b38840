import NMEA

/// Decodes the input as the body of one sentence with every decoder, and traps on a value
/// outside the range a decoder documents.
///
/// The input is what lies between `$` and `*`; the target adds the checksum, so mutations reach
/// the decoders instead of dying at the checksum. Seeds are the bodies of real sentences.
enum DecoderTarget {
    static func run(_ input: UnsafeRawBufferPointer) {
        guard input.count < 4096 else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: input.count + 4) { line in
            var checksum: UInt8 = 0
            for byte in input { checksum ^= byte }
            line[0] = UInt8(ascii: "$")
            for index in input.indices { line[index + 1] = input[index] }
            line[input.count + 1] = UInt8(ascii: "*")
            line[input.count + 2] = hexDigit(checksum >> 4)
            line[input.count + 3] = hexDigit(checksum & 0x0F)
            try? NMEASentence.withParsed(bytes: UnsafeRawBufferPointer(line), maximumLength: line.count) {
                (sentence) throws(NMEAError) in decodeWithEveryDecoder(sentence)
            }
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    private static func decodeWithEveryDecoder(_ sentence: NMEASentence) {
        for field in sentence.fields { _ = field.isEmpty }
        _ = sentence.text
        if let gga = try? GGA(sentence) { checkPosition(gga.latitude, gga.longitude) }
        if let rmc = try? RMC(sentence) { checkPosition(rmc.latitude, rmc.longitude) }
        if let gll = try? GLL(sentence) { checkPosition(gll.latitude, gll.longitude) }
        if let gns = try? GNS(sentence) { checkPosition(gns.latitude, gns.longitude) }
        if let gsv = try? GSV(sentence) {
            precondition(gsv.satellites.count <= GSV.Satellites.capacity)
            for satellite in gsv.satellites {
                _ = (satellite.id, satellite.elevation, satellite.azimuth, satellite.snr)
            }
        }
        if let gsa = try? GSA(sentence) { _ = Array(gsa.satellitesUsed) }
        _ = try? VTG(sentence)
        _ = try? ZDA(sentence)
        _ = try? GST(sentence)
        _ = try? GBS(sentence)
        _ = try? HDT(sentence)
    }

    /// Every decoder documents latitudes in -90...90 and longitudes in -180...180.
    private static func checkPosition(_ latitude: Double?, _ longitude: Double?) {
        if let latitude { precondition((-90...90).contains(latitude), "latitude \(latitude) out of range") }
        if let longitude { precondition((-180...180).contains(longitude), "longitude \(longitude) out of range") }
    }
}
