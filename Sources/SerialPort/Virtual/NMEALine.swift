/// An NMEA line's fields, for the simulated receiver to rewrite one: SerialPort does not import
/// the NMEA parser, and needs no more than commas and the XOR checksum.
struct NMEALine {
    /// The address (`GNGGA`) and the fields after it, without `$`, `*hh` or the line end.
    var fields: [String]

    /// The fields of `line` (`$…*hh`, with or without CR); `nil` when it is no sentence.
    init?(_ line: ArraySlice<UInt8>) {
        var bytes = line
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        guard bytes.first == UInt8(ascii: "$"), let star = bytes.lastIndex(of: UInt8(ascii: "*")) else { return nil }
        fields = bytes[bytes.index(after: bytes.startIndex)..<star].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// `$`, the fields joined by commas, `*`, the checksum and CR LF.
    static func encode(_ fields: [String]) -> [UInt8] {
        let body = Array(fields.joined(separator: ",").utf8)
        let checksum = body.reduce(0, ^)
        let digits = Array("0123456789ABCDEF".utf8)
        return [UInt8(ascii: "$")] + body + [UInt8(ascii: "*"), digits[Int(checksum >> 4)], digits[Int(checksum & 0xF)], 0x0D, 0x0A]
    }

    /// `value` with as many decimals as it needs, up to three (`0.3`, `0.01`).
    static func decimal(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        var fraction = String(thousandths % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return String(thousandths / 1000) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
