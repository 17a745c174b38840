import GNSS

extension Constellation {
    /// The system a constellation's own talker (`GL`, `GA`, `GB`/`BD`, `GQ`/`QZ`, `GI`) names,
    /// whose satellites it numbers in that system's own range or the shared one
    /// (`SatelliteNumber` converts both); `nil` for `GP`, `GN` and any other talker, whose
    /// satellites' numbers say their system (`Constellation(sharedNumbering:)`).
    ///
    /// - Parameter talker: The talker of a GSV or GSA sentence.
    @inlinable @inline(__always)
    public init?(talker: Talker) {
        switch talker {
        case .glonass: self = .glonass
        case .galileo: self = .galileo
        case .beidouGB, .beidouBD: self = .beidou
        case .qzssGQ, .qzssQZ: self = .qzss
        case .navic: self = .navic
        default: return nil
        }
    }
}
