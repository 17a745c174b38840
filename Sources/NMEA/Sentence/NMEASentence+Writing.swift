extension NMEASentence {
    /// The checksum of a sentence body (the bytes between `$` and `*`): their XOR.
    ///
    /// ```swift
    /// NMEASentence.checksum(ofBody: "GPTXT,x".utf8)  // 0x0B
    /// ```
    public static func checksum(ofBody body: some Sequence<UInt8>) -> UInt8 {
        body.reduce(0, ^)
    }

    /// Writes a whole sentence: `$`, `body`, `*`, the checksum as two
    /// upper-case hex digits, and `lineEnd`.
    ///
    /// ```swift
    /// NMEASentence.encode(body: "GPGLL,,,,,,V,N")  // "$GPGLL,,,,,,V,N*64\r\n"
    /// ```
    ///
    /// - Parameters:
    ///   - body: The address and fields, such as `GPGGA,123519,...`, without `$` or `*`.
    ///   - lineEnd: What follows the checksum; the standard's CRLF by default.
    public static func encode(body: some StringProtocol, lineEnd: String = "\r\n") -> String {
        let checksum = checksum(ofBody: body.utf8)
        return "$" + body + "*" + String(decoding: [hexDigit(checksum >> 4), hexDigit(checksum & 0xF)], as: UTF8.self)
            + lineEnd
    }

    /// Appends a whole sentence to `bytes`: `$`, `body`, `*`, the checksum as
    /// two upper-case hex digits, and CRLF.
    ///
    /// - Parameter body: The address and fields, without `$` or `*`.
    public static func append(body: some Collection<UInt8>, to bytes: inout [UInt8]) {
        let checksum = checksum(ofBody: body)
        bytes.append(UInt8(ascii: "$"))
        bytes.append(contentsOf: body)
        bytes.append(contentsOf: [UInt8(ascii: "*"), hexDigit(checksum >> 4), hexDigit(checksum & 0xF), 0x0D, 0x0A])
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
