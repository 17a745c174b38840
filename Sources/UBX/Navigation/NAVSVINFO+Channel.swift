import GNSS

extension NAVSVINFO {
    /// One channel of a NAV-SVINFO: the satellite it tracks, how strong, where in the sky, and
    /// what the receiver does with it. A plain value, decoded from its 12-byte block.
    public struct Channel: Hashable, Sendable {
        /// The channel number (`chn`); 255 for a satellite not assigned to a channel.
        public var channel: Int
        /// The satellite in u-blox's single numbering (`svid`): GPS 1–32, BeiDou 33–64 (its
        /// 6–37) and 159–163 (its 1–5), GLONASS 65–96, SBAS 120–158, IMES 173–182, QZSS 193–199,
        /// Galileo 211–246, 255 a GLONASS satellite not yet identified. ``satellite`` splits it.
        public var svid: Int
        /// The block's `flags` bitfield as sent; the properties below name its parts.
        public var flags: UInt8
        /// How far the receiver has got with the signal (`quality`).
        public var quality: UBXSignalQuality
        /// Carrier-to-noise density ratio, dBHz (`cno`): 0 when not tracked.
        public var carrierToNoise: Int
        /// Elevation, degrees (−90…90); `nil` for a value outside that range, as gpsd reads it.
        public var elevation: Int?
        /// Azimuth, degrees (0…359; 360 is read as 0); `nil` for a value outside 0…360.
        public var azimuth: Int?
        /// Pseudorange residual, metres (from cm).
        public var pseudorangeResidual: Double

        /// The channel of the 12-byte block at `offset`.
        ///
        /// One bounds check for the block's eight fields: NAV-SVINFO's `init` checked `numCh`
        /// blocks against the payload, and this one traps rather than read past it.
        @inlinable
        init(_ message: UBXMessage, at offset: Int) {
            precondition(offset >= 0 && offset + 12 <= message.count, "NAV-SVINFO block past the payload")
            let block = message.payload.baseAddress.unsafelyUnwrapped + offset
            channel = Int(block.load(as: UInt8.self))
            svid = Int(block.load(fromByteOffset: 1, as: UInt8.self))
            flags = block.load(fromByteOffset: 2, as: UInt8.self)
            quality = UBXSignalQuality(rawValue: block.load(fromByteOffset: 3, as: UInt8.self) & 0x0F)
            carrierToNoise = Int(block.load(fromByteOffset: 4, as: UInt8.self))
            let elevation = Int(block.load(fromByteOffset: 5, as: Int8.self))
            self.elevation = (-90...90).contains(elevation) ? elevation : nil
            let azimuth = Int(Int16(littleEndian: block.loadUnaligned(fromByteOffset: 6, as: Int16.self)))
            self.azimuth = (0...360).contains(azimuth) ? azimuth % 360 : nil
            pseudorangeResidual = Double(Int32(littleEndian: block.loadUnaligned(fromByteOffset: 8, as: Int32.self))) / 100
        }

        /// The satellite's system and number within it, from ``svid`` as gpsd maps it
        /// (`ubx_to_prn`); `nil` for 0, 255 and the numbers u-blox leaves unassigned.
        public var satellite: SatelliteNumber? {
            let (constellation, svId): (Constellation, Int)
            switch svid {
            case 1...32: (constellation, svId) = (.gps, svid)
            case 33...64: (constellation, svId) = (.beidou, svid - 27)
            case 65...96: (constellation, svId) = (.glonass, svid - 64)
            case 120...158: (constellation, svId) = (.sbas, svid)
            case 159...163: (constellation, svId) = (.beidou, svid - 158)
            case 173...182: (constellation, svId) = (Constellation(rawValue: 4), svid - 172)
            case 193...199: (constellation, svId) = (.qzss, svid - 192)
            case 211...246: (constellation, svId) = (.galileo, svid - 210)
            default: return nil
            }
            return SatelliteNumber(constellation: constellation, ubloxSVID: svId)
        }

        /// Whether the satellite is used in the navigation solution (`svUsed`).
        @inlinable public var isUsed: Bool { flags & 0x01 != 0 }
        /// Whether differential correction data is available for it (`diffCorr`).
        @inlinable public var hasDifferentialCorrection: Bool { flags & 0x02 != 0 }
        /// Whether orbit information is available, ephemeris or almanac (`orbitAvail`).
        @inlinable public var hasOrbit: Bool { flags & 0x04 != 0 }
        /// Whether the orbit is an ephemeris (`orbitEph`).
        @inlinable public var hasEphemeris: Bool { flags & 0x08 != 0 }
        /// Whether the satellite is unhealthy and not used (`unhealthy`).
        @inlinable public var isUnhealthy: Bool { flags & 0x10 != 0 }
        /// Whether the orbit is an almanac plus corrections (`orbitAlm`).
        @inlinable public var hasAlmanac: Bool { flags & 0x20 != 0 }
        /// Whether the orbit is AssistNow Autonomous data (`orbitAop`).
        @inlinable public var hasAssistNowAutonomous: Bool { flags & 0x40 != 0 }
        /// Whether carrier-smoothed pseudorange is used (`smoothed`).
        @inlinable public var isSmoothed: Bool { flags & 0x80 != 0 }
    }
}
