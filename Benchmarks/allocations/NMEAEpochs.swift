import NMEA

/// NMEA text for the claims: a receiver at a fixed place, one epoch a second.
enum NMEAEpochs {
    /// `seconds` epochs from 12:00:00 as one byte stream: GGA, GSA, three GSV, RMC and VTG each,
    /// and `extra(time)`'s sentences after them (`time` is `hhmmss`).
    static func text(seconds: Int, extra: (String) -> [String] = { _ in [] }) -> [UInt8] {
        var bytes: [UInt8] = []
        for second in 0..<seconds {
            let time = "12" + twoDigits(second / 60) + twoDigits(second % 60)
            for body in epoch(time) + extra(time) { bytes += NMEASentence.encode(body: body).utf8 }
        }
        return bytes
    }

    /// The same epochs as `text(seconds:)`, each epoch's bytes apart: the bursts a device reads.
    static func bursts(seconds: Int) -> [[UInt8]] {
        (0..<seconds).map { second in
            let time = "12" + twoDigits(second / 60) + twoDigits(second % 60)
            return epoch(time).flatMap { Array(NMEASentence.encode(body: $0).utf8) }
        }
    }

    /// The epoch's sentence bodies, satellites in view after the GSA, as receivers send them.
    static func epoch(_ time: String) -> [String] {
        [
            "GPGGA,\(time).00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",
            "GPGSA,A,3,04,05,09,12,24,25,29,31,,,,,1.8,0.9,1.5",
        ] + satellitesInView(talker: "GP") + [
            "GPRMC,\(time).00,A,4807.0380,N,01131.0000,E,022.4,084.4,150325,003.1,W,A",
            "GPVTG,084.4,T,,M,022.4,N,041.5,K,A",
        ]
    }

    /// Twelve satellites in view in three GSV sentences; GPS's 04, 05, 09, 12, 24, 25, 29 and 31
    /// are the ones the GSA uses. GLONASS's are numbered from 65.
    static func satellitesInView(talker: String) -> [String] {
        let first = talker == "GL" ? 65 : 4
        return [
            "\(talker)GSV,3,1,12,\(twoDigits(first)),45,120,44,05,30,200,38,09,60,045,41,12,10,300,",
            "\(talker)GSV,3,2,12,24,25,080,35,25,70,160,47,29,15,250,30,31,40,010,39",
            "\(talker)GSV,3,3,12,02,05,330,,07,01,100,,16,20,220,22,20,35,280,28",
        ]
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
