import NMEA

/// Frames `text` and returns each framed line.
func frameLines(_ text: String, chunkSizes: [Int] = [],
                configuration: NMEAFramer.Configuration = .init()) -> [FramedLine] {
    frameLines(Array(text.utf8), chunkSizes: chunkSizes, configuration: configuration)
}

/// A sentence with the checksum it should have, as `$BODY*HH`, written by
/// the package's one sentence writer.
func checksummed(_ body: String) -> String {
    NMEASentence.encode(body: body, lineEnd: "")
}
