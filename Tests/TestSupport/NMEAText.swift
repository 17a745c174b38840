import NMEA

/// `body` as a full sentence: `$`, the body, `*`, its checksum and CRLF (NMEA's one writer).
package func sentence(_ body: String) -> String {
    NMEASentence.encode(body: body)
}

/// One 1 Hz epoch of a receiver at a fixed place: GGA, GSA, RMC, VTG at `hhmmss` on `ddmmyy`.
package func epoch(_ hhmmss: String, date ddmmyy: String = "150325", status: String = "A", quality: String = "1") -> [String] {
    [
        "GPGGA,\(hhmmss).00,4807.0380,N,01131.0000,E,\(quality),08,0.9,545.4,M,46.9,M,,",
        "GPGSA,A,3,04,05,09,12,24,25,29,31,,,,,1.8,0.9,1.5",
        "GPRMC,\(hhmmss).00,\(status),4807.0380,N,01131.0000,E,022.4,084.4,\(ddmmyy),003.1,W,A",
        "GPVTG,084.4,T,,M,022.4,N,041.5,K,A",
    ]
}

/// Twelve GPS satellites in view in three GSV sentences; 04, 05, 09, 12, 24, 25, 29 and 31 are
/// the ones `epoch(_:)`'s GSA uses.
package func satellitesInView(talker: String = "GP") -> [String] {
    [
        "\(talker)GSV,3,1,12,04,45,120,44,05,30,200,38,09,60,045,41,12,10,300,",
        "\(talker)GSV,3,2,12,24,25,080,35,25,70,160,47,29,15,250,30,31,40,010,39",
        "\(talker)GSV,3,3,12,02,05,330,,07,01,100,,16,20,220,22,20,35,280,28",
    ]
}

/// `epoch` with `satellitesInView()` after its GSA, where receivers send them.
package func withSatellites(_ epoch: [String]) -> [String] {
    var sentences = epoch
    sentences.insert(contentsOf: satellitesInView(), at: 2)
    return sentences
}
