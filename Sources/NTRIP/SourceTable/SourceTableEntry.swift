import LocationTracking

/// One stream of a caster's source table: an `STR;` line.
///
/// ```text
/// STR;NEAR;Munich;RTCM 3.3;1005(10),1077(1),1087(1);2;GPS+GLO;EUREF;DEU;48.14;11.58;1;0;u-blox ZED-F9P;none;B;N;9600;
/// ```
public struct SourceTableEntry: Hashable, Sendable {
    /// The mountpoint, the name to put in the URL.
    public var mountpoint: String
    /// The source's own name, often a town.
    public var identifier: String
    /// The data's format: `RTCM 3.2`, `RTCM 3.3`, `RAW`...
    public var format: String
    /// The format's details as sent: for RTCM 3, the message types and their periods in
    /// seconds, `1005(10),1077(1)`.
    public var formatDetails: String
    /// The base's (or the network's) position, degrees; `nil` when the line gives none (or 0, 0).
    public var coordinate: Coordinate?
    /// Whether the caster wants the client's position as GGA (`nmea` 1): a network (VRS) or a
    /// nearest-base mountpoint.
    public var wantsGGA: Bool
    /// Whether the stream comes from a network of bases (`solution` 1) rather than one.
    public var isNetwork: Bool
    /// The authentication the stream needs: `N` none, `B` Basic, `D` Digest.
    public var authentication: String
    /// The navigation systems, as sent (`GPS+GLO+GAL+BDS`).
    public var navigationSystems: String

    /// The entry of an `STR;` line; `nil` for any other line, or one without a mountpoint. The
    /// fields a caster leaves out (RTKLIB's writes `STR;MOUNT;` alone) are empty.
    public init?(line: some StringProtocol) {
        let fields = line.split(separator: ";", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
        guard fields.count >= 2, fields[0] == "STR", !fields[1].isEmpty else { return nil }
        func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
        mountpoint = fields[1]
        identifier = field(2)
        format = field(3)
        formatDetails = field(4)
        navigationSystems = field(6)
        let latitude = Double(field(9))
        let longitude = Double(field(10))
        // 0,0 is how casters write "no position".
        if let latitude, let longitude, latitude != 0 || longitude != 0 {
            // Some casters write longitudes 0–360.
            let coordinate = Coordinate(latitude: latitude, longitude: longitude > 180 ? longitude - 360 : longitude)
            if coordinate.isValid { self.coordinate = coordinate }
        }
        wantsGGA = field(11) == "1"
        isNetwork = field(12) == "1"
        authentication = field(15)
    }

    /// The RTCM message types the format details name, in their order (`1005(10),1077(1)` →
    /// 1005, 1077).
    public var messageTypes: [Int] {
        formatDetails.split(separator: ",").compactMap { item in
            Int(item.prefix { $0.isASCII && $0.isNumber })
        }
    }

    /// The distance in metres from `coordinate` to the entry's position, on WGS-84
    /// (`Coordinate.distance(from:)`); `nil` when the entry gives no position.
    public func distance(from coordinate: Coordinate) -> Double? {
        self.coordinate.map { $0.distance(from: coordinate) }
    }
}
