import FoundationEssentials

/// OwnTracks' last will, `{"_type":"lwt","tst":…}`: what the broker publishes on the position
/// topic when a publisher goes away without saying goodbye. `tst` is when it connected.
public enum OwnTracksWill {
    /// The will's JSON for a connection made at `connected`.
    public static func json(connectedAt connected: Date) -> [UInt8] {
        Array("{\"_type\":\"lwt\",\"tst\":\(Int(connected.timeIntervalSince1970))}".utf8)
    }
}
