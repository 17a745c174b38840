import NMEA

/// Frames `text` and returns each framed line.
func frameLines(_ text: String, chunkSizes: [Int] = [],
                configuration: NMEAFramer.Configuration = .init()) -> [FramedLine] {
    frameLines(Array(text.utf8), chunkSizes: chunkSizes, configuration: configuration)
}

/// A sentence with the checksum it should have, as `$BODY*HH`.
func checksummed(_ body: String) -> String {
    let checksum = body.utf8.reduce(0, ^)
    let digits = Array("0123456789ABCDEF")
    return "$\(body)*\(digits[Int(checksum >> 4)])\(digits[Int(checksum & 0xF)])"
}
